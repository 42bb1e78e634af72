// --cache after an agent appended to its session (engine/lint-cache.ts: a file that only grew): whatever the appended
// bytes are, a --cache rerun prints exactly what a run without the cache prints. The sessions are recorded ones of each
// agent whose findings the cache keeps (not Copilot's, which it never keeps); each way of appending is applied to all
// of them at once: a valid entry hung off the last one, a torn line, that line completed by a second append, a repeat
// of the first line, a tool_result for a call left open or answered before, a new unanswered call, a last-prompt naming
// an earlier entry, every line again, an entry ending in CRLF, a line that is not JSON, a blank line, and a line after
// a file whose last line had no line feed. Before each append the cache file is marked (a suffix on every cached
// result's target, which the JSON report prints, and on every kept run's output), so a result or a report given back
// from before the append cannot go unseen. Both cache strategies. A file's times must be SETTLED_MS old for it to be
// cached: the runs move the clock on instead.
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CACHE_FILE } from '../src/engine/lint-cache.js';
import { runSettled } from './helpers/settled-run.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'tl-cache-appends-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

/**
 * Recorded sessions: Claude Code (a subagent run, an interrupt, thinking, a call left open, a crash), Codex, Gemini
 * CLI, Qwen Code.
 */
const SOURCES = [
  'fixtures/sessions/claude-code/recorded/recordings/agent/session.jsonl',
  'fixtures/sessions/claude-code/recorded/recordings/interrupt/session.jsonl',
  'fixtures/sessions/claude-code/recorded/recordings/think/session.jsonl',
  'fixtures/sessions/claude-code/interrupted-tail/middle-call-unanswered.jsonl',
  'fixtures/sessions/crashed-session.jsonl',
  'fixtures/sessions/codex/recordings/multi/rollout.jsonl',
  'fixtures/sessions/gemini/parallel.jsonl',
  'fixtures/sessions/qwen/one-tool/session.jsonl',
];

const MARK = '\u0000from the cache';

type Json = Record<string, unknown>;

function records(text: string): Json[] {
  const out: Json[] = [];
  for (const line of text.split('\n')) {
    try {
      const v: unknown = JSON.parse(line);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) out.push(v as Json);
    } catch {
      // A torn or foreign line: not a record to copy.
    }
  }
  return out;
}

/** Every value of `v` (depth first) that is an object. */
function* objects(v: unknown): Generator<Json> {
  if (Array.isArray(v)) for (const x of v) yield* objects(x);
  else if (typeof v === 'object' && v !== null) {
    yield v as Json;
    for (const x of Object.values(v)) yield* objects(x);
  }
}

let serial = 0;
const freshUuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

/** The last record with a uuid (or else the last record) copied: a fresh uuid, hung off the one it copies. */
function nextEntry(text: string): Json {
  const all = records(text);
  const last = all.findLast((r) => typeof r.uuid === 'string') ?? all.at(-1) ?? {};
  return typeof last.uuid === 'string' ? { ...last, parentUuid: last.uuid, uuid: freshUuid() } : { ...last };
}

/** A Claude Code (or Qwen) user entry answering `id`, hung off the last entry; undefined for a file with no call. */
function answer(text: string, pick: 'open' | 'answered'): Json | undefined {
  const all = records(text);
  const uses = all.flatMap((r) => [...objects(r)].filter((o) => o.type === 'tool_use' && typeof o.id === 'string'));
  const answered = new Set(
    all.flatMap((r) => [...objects(r)].filter((o) => o.type === 'tool_result').map((o) => o.tool_use_id)),
  );
  const use =
    pick === 'open'
      ? (uses.find((u) => !answered.has(u.id)) ?? uses[0])
      : (uses.find((u) => answered.has(u.id)) ?? uses[0]);
  if (!use) return undefined;
  const base = nextEntry(text);
  return {
    ...base,
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'done' }] },
  };
}

/** An assistant entry with a call nothing answers, hung off the last entry. */
function openCall(text: string): Json {
  const base = nextEntry(text);
  return {
    ...base,
    type: 'assistant',
    message: {
      id: `msg_${serial}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'tool_use', id: `toolu_appended${serial}`, name: 'Bash', input: { command: 'ls' } }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  };
}

const line = (v: Json) => `${JSON.stringify(v)}\n`;

/** A line cut in two, each half at least one byte. */
const torn = (l: string): [string, string] => [l.slice(0, l.length >> 1), l.slice(l.length >> 1)];

/** Each way of appending: the bytes appended to a file holding `text` (a list: one append per rerun). */
const APPENDS: Record<string, (text: string) => string[]> = {
  'a valid entry hung off the last': (t) => [line(nextEntry(t))],
  'a torn line': (t) => [torn(line(nextEntry(t)))[0]],
  'a torn line, then its rest': (t) => torn(line(nextEntry(t))),
  'the first line again': (t) => [`${t.slice(0, t.indexOf('\n'))}\n`],
  'a tool_result for a call left open': (t) => [line(answer(t, 'open') ?? nextEntry(t))],
  'a second tool_result for an answered call': (t) => [line(answer(t, 'answered') ?? nextEntry(t))],
  'a call nothing answers': (t) => [line(openCall(t))],
  'a last-prompt naming an earlier entry': (t) => {
    const all = records(t);
    const earlier = all.find((r) => typeof r.uuid === 'string');
    const sessionId = all.find((r) => typeof r.sessionId === 'string')?.sessionId;
    return [line({ type: 'last-prompt', lastPrompt: 'go on', leafUuid: earlier?.uuid ?? freshUuid(), sessionId })];
  },
  'every line again (a resume that wrote the history twice)': (t) => [t.endsWith('\n') ? t : `\n${t}\n`],
  'a valid entry ending in CRLF': (t) => [`${JSON.stringify(nextEntry(t))}\r\n`],
  'a line that is not JSON': () => ['not json at all\n'],
  'a blank line': () => ['\n'],
};

let n = 0;
/** A folder holding each source, each in a folder of its own (a Codex rollout keeps its name). */
function folder(cut?: (text: string) => string): { dir: string; files: string[] } {
  const dir = path.join(root, `d${n++}`);
  const files = SOURCES.map((src, i) => {
    const to = path.join(dir, 'sessions', String(i), path.basename(src));
    mkdirSync(path.dirname(to), { recursive: true });
    if (cut) writeFileSync(to, cut(readFileSync(src, 'utf8')));
    else copyFileSync(src, to);
    return to;
  });
  return { dir, files };
}

/** Runs the CLI (one thread) with the clock SETTLED_MS and more ahead, so that every file counts as settled. */
function run(dir: string, args: string[]) {
  return runSettled(['-f', 'json', '--jobs', '1', ...args, 'sessions'], { cwd: dir });
}

/**
 * Marks every cached result (its target, which the JSON report prints for clean files too) and every kept run's
 * output; how many results were marked.
 */
function markCache(file: string): number {
  const cache = JSON.parse(readFileSync(file, 'utf8'));
  let marked = 0;
  for (const entry of Object.values(cache.entries) as { result: { target: string } }[]) {
    entry.result.target += MARK;
    marked++;
  }
  for (const kept of Object.values(cache.runs ?? {}) as { stdout: string }[]) kept.stdout += MARK;
  writeFileSync(file, JSON.stringify(cache));
  return marked;
}

/** Past a coarse filesystem's time step, so that an append changes the file's times. */
const aTickLater = () => new Promise((r) => setTimeout(r, 30));

describe.each(['metadata', 'content'])(
  '--cache --cache-strategy %s, a rerun after an append',
  { timeout: 120_000 },
  (strategy) => {
    const cached = ['--cache', '--cache-strategy', strategy];

    it.each(Object.keys(APPENDS))('prints what a run without the cache prints: %s', async (name) => {
      const { dir, files } = folder();
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      expect(await run(dir, cached)).toEqual(await run(dir, []));
      expect(markCache(cacheFile)).toBe(SOURCES.length);
      const steps = files.map((f) => APPENDS[name]!(readFileSync(f, 'utf8')));
      for (let step = 0; step < steps[0]!.length; step++) {
        await aTickLater();
        for (const [i, f] of files.entries()) appendFileSync(f, steps[i]![step]!);
        const plain = await run(dir, []);
        expect(await run(dir, cached)).toEqual(plain);
        // The rerun with nothing changed since: what the cache kept of the run after the append.
        expect(await run(dir, cached)).toEqual(plain);
        markCache(cacheFile);
      }
    });

    it('prints what a run without the cache prints: a line appended after a last line with no line feed', async () => {
      // Each file cut before its final line feed: the append ends that line and adds one.
      const { dir, files } = folder((t) => t.replace(/\n$/, ''));
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      expect(await run(dir, cached)).toEqual(await run(dir, []));
      expect(markCache(cacheFile)).toBe(SOURCES.length);
      await aTickLater();
      for (const f of files) appendFileSync(f, `\n${line(nextEntry(readFileSync(f, 'utf8')))}`);
      const plain = await run(dir, []);
      expect(await run(dir, cached)).toEqual(plain);
      expect(await run(dir, cached)).toEqual(plain);
    });
  },
);
