// A session too large for the heap Node allows: the built CLI stops with an error that says what to do (exit 2),
// never with V8's fatal "heap out of memory" and its native stack trace (exit 134), and --fix leaves the file as it
// was. The heap is made small with --max-old-space-size instead of making the file huge.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/transcript-lint.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-heap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** About 66 MiB of a session's turns (a prompt, a tool call, its result, an answer), chained and well formed. */
function bigSession(): string {
  const lines: string[] = [];
  let size = 0;
  let parent: string | null = null;
  const text = 'Ça marche : the "tool" said\\n\\tok — '.repeat(12);
  for (let turn = 0; size < 66 * 1024 * 1024; turn++) {
    const ids = [0, 1, 2, 3].map((k) => `${String(turn).padStart(8, '0')}-0000-4000-8000-00000000000${k}`);
    const entries = [
      { type: 'user', message: { role: 'user', content: `turn ${turn}: ${text}` } },
      {
        type: 'assistant',
        message: {
          id: `msg_${turn}`,
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [{ type: 'tool_use', id: `toolu_${turn}`, name: 'Bash', input: { command: 'ls -la' } }],
        },
      },
      {
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${turn}`, content: text }] },
      },
      {
        type: 'assistant',
        message: {
          id: `msg_${turn}b`,
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [{ type: 'text', text }],
        },
      },
    ];
    entries.forEach((e, k) => {
      const line = JSON.stringify({
        parentUuid: parent,
        isSidechain: false,
        sessionId: 'e8b5d1c2-0000-4000-8000-000000000000',
        ...e,
        uuid: ids[k],
        timestamp: '2026-01-01T00:00:00.000Z',
      });
      parent = ids[k]!;
      lines.push(line);
      size += line.length + 1;
    });
  }
  return `${lines.join('\n')}\n`;
}

const session = path.join(dir, 'big.jsonl');
writeFileSync(session, bigSession());
const original = readFileSync(session);

const run = (heapMb: number, ...args: string[]) =>
  spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, bin, '--no-progress', ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '' },
  });

const TOO_LARGE =
  /cannot lint .*big\.jsonl: it is too large for the memory Node allows this process: linting it needs about \d+ MB of heap, and about \d+ MB are free for it; run it with NODE_OPTIONS=--max-old-space-size=\d+ \(in MB\)/;

/**
 * About 66 MiB of OpenAI fine-tuning data padded with empty objects: a format read whole (not in chunks), whose model
 * is many times the file's size.
 */
function bigFineTune(): string {
  const pad = JSON.stringify(Array.from({ length: 1000 }, () => ({})));
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < 66 * 1024 * 1024; i++) {
    const line = `{"messages":[{"role":"user","content":"q${i}"},{"role":"assistant","content":"a"}],"pad":${pad}}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

const fineTune = path.join(dir, 'ft.jsonl');

describe('a file read whole, too large for the heap', () => {
  it('is stopped as its lines are parsed, with the same message, before the heap runs out', () => {
    writeFileSync(fineTune, bigFineTune());
    try {
      const r = run(200, '--no-config', fineTune);
      expect(r.stderr).toMatch(/cannot lint .*ft\.jsonl: it is too large for the memory Node allows this process/);
      expect(r.stderr).not.toMatch(/FATAL|heap out of memory|\n\s+at /);
      expect(r.status).toBe(2);
    } finally {
      rmSync(fineTune);
    }
  });
});

describe('a session too large for the heap', () => {
  it('is not linted, with an error that says how to give Node more memory', () => {
    const r = run(40, session);
    expect(r.stderr).toMatch(TOO_LARGE);
    expect(r.stderr).not.toMatch(/FATAL|heap out of memory|\n\s+at /);
    expect(r.stdout).toMatch(/^✖ 1 file could not be linted/);
    expect(r.status).toBe(2);
  });

  it('is not fixed, and is left as it was, with no backup or temp file beside it', () => {
    const r = run(40, '--fix', session);
    expect(r.stderr).toMatch(TOO_LARGE);
    expect(r.stderr).not.toMatch(/FATAL|heap out of memory|\n\s+at /);
    expect(r.status).toBe(2);
    expect(readFileSync(session).equals(original)).toBe(true);
    expect(readdirSync(dir)).toEqual(['big.jsonl']);
  });

  it('is linted when the heap has room for it', () => {
    const r = run(1024, session);
    expect(r.stderr).toBe('');
    // Its only finding: the request it makes is over the API's size limit.
    expect(r.stdout).toMatch(/warning +request-size [\s\S]*\nLinted 1 file\.\n$/);
    expect(r.status).toBe(0);
  });
});

// Issue 34, item 3: files under 64 MiB were not watched, and the projection counted the model only, where a session
// of many short entries takes ~1 KB more per entry once the chain and the rules' indexes are built: V8 aborted
// (exit 134), even under the heap the tool itself advised. Each file here is small; the heap is smaller.
describe('a small file of many short lines, too large for a small heap', () => {
  /** `turns` prompts and answers, a few hundred bytes each, chained. */
  function shortTurns(turns: number): string {
    const lines: string[] = [];
    let parent: string | null = null;
    for (let i = 0; i < turns; i++) {
      const ids = [0, 1].map((k) => `${String(i).padStart(8, '0')}-0000-4000-8000-00000000000${k}`);
      const messages = [
        { type: 'user', message: { role: 'user', content: `q${i}` } },
        {
          type: 'assistant',
          message: { id: `msg_${i}`, role: 'assistant', model: 'claude-x', content: [{ type: 'text', text: `a${i}` }] },
        },
      ];
      messages.forEach((e, k) => {
        const common = {
          parentUuid: parent,
          isSidechain: false,
          cwd: '/home/u/proj',
          sessionId: 'e8b5d1c2-0000-4000-8000-000000000000',
        };
        lines.push(JSON.stringify({ ...common, ...e, uuid: ids[k], timestamp: '2026-01-01T00:00:00.000Z' }));
        parent = ids[k]!;
      });
    }
    return `${lines.join('\n')}\n`;
  }

  const advised = (stderr: string): number => Number(/--max-old-space-size=(\d+)/.exec(stderr)?.[1]);

  it.each([
    ['1.5 million empty lines (1.5 MB)', () => '\n'.repeat(1_500_000)],
    ['40,000 short turns (34 MB)', () => shortTurns(40_000)],
  ])('%s: lint and --fix stop with one line, exit 2; at the heap advised, it lints', (_, content) => {
    const file = path.join(dir, 'short.jsonl');
    const text = content();
    writeFileSync(file, text);
    try {
      for (const args of [[file], ['--fix', file]]) {
        const r = run(64, '--jobs', '1', ...args);
        expect(r.stderr).not.toMatch(/FATAL|heap out of memory|\n\s+at /);
        expect(r.stderr).toMatch(/cannot lint .*short\.jsonl: it is too large for the memory Node allows this process/);
        expect(r.status).toBe(2);
        expect(readFileSync(file, 'utf8')).toBe(text);
        expect(readdirSync(dir).filter((f) => f.startsWith('short.jsonl'))).toEqual(['short.jsonl']);
      }
      const heap = advised(run(64, '--jobs', '1', file).stderr);
      expect(heap).toBeGreaterThan(64);
      const r = run(heap, '--jobs', '1', file);
      expect(r.stderr).not.toMatch(/FATAL|heap out of memory|too large/);
      expect([0, 1]).toContain(r.status);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
