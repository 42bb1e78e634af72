// Thousands of copies of one session in one file (hostile inputs): copies that keep its message and tool ids, where
// each step that looked through a whole merged message made lint and fix quadratic in the copies, and copies that
// keep every id, whose dangling prompts made lint, fix and the stylish report quadratic. The heavy tier (project
// "heavy" of vitest.config.ts) runs them: 3,000 copies take seconds to lint and fix, longer on a busy machine.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../src/index.js';
import { writeFile } from './helpers/cli-fixtures.js';
import { runCli } from './helpers/run-cli.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-hostile-heavy-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('copies of one session that keep its message and tool ids', () => {
  // Each copy has uuids of its own but the same message ids and tool ids, and repeats one of its results: the
  // request merges every copy's responses into a few messages of thousands of blocks. Each repeated or dropped
  // tool_use looked for its rank, its result and its message's other blocks through the whole message, and each
  // user message merged in copied the one before: 12,000 copies (14 MB) took 55 s to lint and fix, 24,000 copies 11 s
  // to lint with the CLI; then 6 s and 5 s. No test asserts a time (a busy machine is not a slow program): this one
  // checks what is found and fixed.
  const copies = 3_000;
  const copy = (i: number): string => {
    const lines: string[] = [];
    let parent: string | null = null;
    const add = (type: string, message: object): void => {
      const uuid = `u${lines.length}-${i}`;
      lines.push(JSON.stringify({ parentUuid: parent, type, message, uuid, timestamp: '2026-11-01T12:00:00.000Z' }));
      parent = uuid;
    };
    const use = (id: string, said: string) => ({
      id: `msg_${id}`,
      role: 'assistant',
      content: [
        { type: 'text', text: said },
        { type: 'tool_use', id: `toolu_${id}`, name: 'Bash', input: { command: 'true' } },
      ],
    });
    add('user', { role: 'user', content: 'héllo' });
    add('assistant', use('a', 'ok'));
    add('user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'x' }] });
    add('assistant', use('b', 'calling'));
    add('user', { role: 'user', content: 'next' });
    return `${lines.join('\n')}\n${lines[2]}\n`;
  };
  const text = Array.from({ length: copies }, (_, i) => copy(i)).join('');

  it('are linted and fixed', () => {
    const file = writeFile(tmp, 'shared-ids.jsonl', text);
    const lint = lintBytes(file, readFileSync(file)).result;
    expect(lint.diagnostics.filter((d) => d.ruleId === 'unique-tool-use-id').length).toBeGreaterThan(copies);
    const fixed = fixBytes(file, readFileSync(file));
    expect(fixed.status).toBe('fixed');
  });
});

describe('many copies of one session in one file', () => {
  // 3000 copies, each one's first prompt dangling: every uuid, message id and tool id repeats 3000 times. Linting
  // walked every copy's subtree once per copy with every copy's children each time, and fixing checked the one
  // fix all copies share once per report, sorting by a key made from its 3000 edits per comparison: 2000 copies
  // took 90 s to lint, 4000 took 90 s to fix after that, and printing 180k findings overflowed the stack. No time is
  // asserted: the checks are what is found, fixed and printed.
  const copies = 3000;
  const one = [
    { type: 'user', message: { role: 'user', content: 'hi' }, uuid: 'u1' },
    {
      type: 'assistant',
      message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      uuid: 'a1',
      parentUuid: 'u1',
    },
    { type: 'user', message: { role: 'user', content: 'and?' }, uuid: 'u2', parentUuid: 'a1' },
  ];
  const text = Array.from({ length: copies }, (_, i) =>
    one
      .map((e) =>
        JSON.stringify({ parentUuid: `gone-${i}`, isSidechain: false, timestamp: '2026-11-01T12:00:00.000Z', ...e }),
      )
      .join('\n'),
  ).join('\n');

  it('lints, fixes and prints it (each was quadratic in the copies)', async () => {
    const file = writeFile(tmp, 'copies.jsonl', `${text}\n`);
    const lint = lintBytes(file, readFileSync(file)).result;
    expect(lint.diagnostics.filter((d) => d.ruleId === 'unique-uuid')).toHaveLength(3 * (copies - 1));
    const fixed = fixBytes(file, readFileSync(file));
    expect(fixed.status).toBe('fixed');
    // The identical copies are gone; the prompts differ (each its own dangling parent), which only an unsafe fix renames.
    const after = lintBytes(file, fixed.output).result.diagnostics.filter((d) => d.ruleId === 'unique-uuid');
    expect(after).toHaveLength(copies - 1);
    expect(after.every((d) => d.severity === 'error')).toBe(true);
    const r = await runCli([file, '--format', 'stylish'], { cwd: tmp, homedir: path.join(tmp, 'no-home') });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`✖ ${lint.diagnostics.length} problems`);
  });
});
