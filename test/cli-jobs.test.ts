// --jobs: linting on worker threads gives the same report, in the same order, whatever the number of jobs; and the
// other parts of the speed work: the long lines the workers (and the main thread) read with their long strings kept
// as bytes (src/loader/lazy-strings.ts) mean exactly what parsing them whole means, and the command lines parsed
// without yargs give the command yargs gives. The workers run the built dist/ (npm test builds first).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastLintArgs, parseArgs } from '../src/cli/args.js';
import { describeReadError } from '../src/cli/io.js';
import { lintBytes } from '../src/index.js';
import { linter } from '../src/composition.js';
import { workerUrl } from '../src/cli/worker-url.js';
import { lintFiles } from '../src/engine/lint-files.js';

const WORKER = workerUrl();
import { BYTES_PER_JOB, availableCores, defaultJobs, freeCores, lintFilesParallel } from '../src/engine/parallel.js';
import { discardSpareWorker, hasSpareWorker, prestartWorker } from '../src/engine/worker-start.js';
import { mayLintInParallel } from '../src/cli/main.js';
import { isArrayField, isLazyString, LAZY_LINE_BYTES, LAZY_STRING_BYTES } from '../src/loader/lazy-strings.js';
import { loadBytes } from '../src/loader/read-jsonl.js';
import { cleanTranscript, danglingTranscript, tornTranscript, writeFile } from './helpers/cli-fixtures.js';
import { runCli } from './helpers/run-cli.js';

const LONG = 'x'.repeat(LAZY_LINE_BYTES + LAZY_STRING_BYTES + 7);

/** A session whose tool result and pasted image are long, with a split assistant message and a dangling call. */
function longSession(seed: number, escapes = false): string {
  const body = escapes ? `${LONG.slice(0, 20_000)}\n\t"quoted" \\ \u00e9\u{1f600}\u0001${LONG}` : LONG;
  const lines = [
    {
      type: 'user',
      uuid: `u${seed}-1`,
      parentUuid: null,
      sessionId: 's',
      message: { role: 'user', content: 'run it' },
    },
    {
      type: 'assistant',
      uuid: `u${seed}-2`,
      parentUuid: `u${seed}-1`,
      sessionId: 's',
      message: {
        id: `msg_${seed}`,
        role: 'assistant',
        model: 'claude-opus-5-5',
        content: [{ type: 'tool_use', id: `toolu_${seed}a`, name: 'Bash', input: { command: 'ls' } }],
      },
    },
    {
      type: 'user',
      uuid: `u${seed}-3`,
      parentUuid: `u${seed}-2`,
      sessionId: 's',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `toolu_${seed}a`, content: body, is_error: false }],
      },
      toolUseResult: { stdout: body, stderr: '' },
    },
    {
      type: 'user',
      uuid: `u${seed}-4`,
      parentUuid: `u${seed}-3`,
      sessionId: 's',
      message: {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: `iVBORw0KGgo${LONG}` } },
        ],
      },
    },
    {
      type: 'assistant',
      uuid: `u${seed}-5`,
      parentUuid: `u${seed}-4`,
      sessionId: 's',
      message: {
        id: `msg_${seed}b`,
        role: 'assistant',
        model: 'claude-opus-5-5',
        content: [{ type: 'tool_use', id: `toolu_${seed}b`, name: 'Bash', input: { command: 'pwd' } }],
      },
    },
  ];
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

let tmp: string;
let dir: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-jobs-'));
  dir = path.join(tmp, 'sessions');
  for (let i = 0; i < 12; i++) {
    const kind = i % 4;
    const content =
      kind === 0
        ? cleanTranscript(`prompt ${i}`)
        : kind === 1
          ? tornTranscript()
          : kind === 2
            ? danglingTranscript()
            : longSession(i, i % 8 === 3);
    writeFile(dir, `p${i % 3}/s-${String(i).padStart(2, '0')}.jsonl`, content);
  }
  // A folder named like a session: reading it fails, and that is reported, not fatal.
  mkdirSync(path.join(dir, 'p0', 'z-folder.jsonl'), { recursive: true });
  writeFile(
    dir,
    'p1/broken-long.jsonl',
    `{"type":"user","message":{"content":"${LONG}"}\n{"type":"user","x":"${LONG}\u0001"}\n`,
  );
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('--jobs', () => {
  // The workers return each file's results and the main thread formats them, so one format (JSON, which holds every
  // field of each finding and fix) shows whether the results differ; 16 is more jobs than files.
  it('gives the same report, exit code and messages for any number of jobs', async () => {
    const files = ['p0', 'p1', 'p2'].map((p) => path.join(dir, p));
    const one = await runCli(['-f', 'json', '--statistics', '--jobs', '1', ...files], { cwd: tmp });
    expect(one.code).toBe(1);
    expect(one.stdout).toContain('broken-long.jsonl');
    for (const jobs of ['2', '16']) {
      const many = await runCli(['-f', 'json', '--statistics', '--jobs', jobs, ...files], { cwd: tmp });
      expect(many).toEqual(one);
    }
    const auto = await runCli(['-f', 'json', '--statistics', ...files], { cwd: tmp });
    expect(auto).toEqual(one);
  });

  it('is accepted with --fix-dry-run, which runs in one thread', async () => {
    const a = await runCli(['-f', 'json', '--fix-dry-run', '--jobs', '3', dir], { cwd: tmp });
    const b = await runCli(['-f', 'json', '--fix-dry-run', dir], { cwd: tmp });
    expect(a).toEqual(b);
  });

  it.each(['0', '-1', '1.5', 'many'])('refuses --jobs %s', async (value) => {
    const r = await runCli(['--jobs', value, dir], { cwd: tmp });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--jobs must be an integer of at least 1|Invalid values|Not enough arguments/);
  });
});

describe('lintFilesParallel', () => {
  const files = () => [
    ...Array.from({ length: 12 }, (_, i) => path.join(dir, `p${i % 3}`, `s-${String(i).padStart(2, '0')}.jsonl`)),
    path.join(dir, 'p0', 'z-folder.jsonl'),
    path.join(dir, 'missing.jsonl'),
    path.join(dir, 'p1', 'broken-long.jsonl'),
  ];

  it('returns the outcomes of an in-process run, in input order, read errors included', async () => {
    const expected = await lintFiles(linter, files());
    for (const jobs of [2, 3, 5]) {
      const done: number[] = [];
      const out = await lintFilesParallel(
        linter,
        files(),
        {},
        { jobs, onProgress: (n) => done.push(n), workerUrl: WORKER },
      );
      expect(out.map((o) => o.filePath)).toEqual(files());
      expect(out.map((o) => o.result)).toEqual(expected.map((o) => o.result));
      expect(out.map((o) => o.error && describeReadError('f', o.error))).toEqual(
        expected.map((o) => o.error && describeReadError('f', o.error)),
      );
      expect(out.map((o) => o.error?.code)).toEqual(expected.map((o) => o.error?.code));
      expect(done).toEqual(files().map((_, i) => i + 1));
    }
  });

  it('lints in the main thread what a worker took but never reported on, or what a worker that failed left', async () => {
    const expected = await lintFiles(linter, files());
    const dies = path.join(tmp, 'dies.mjs');
    writeFileSync(
      dies,
      "import { workerData } from 'node:worker_threads';\nAtomics.add(new Int32Array(workerData.counter), 0, 1);\nprocess.exit(3);\n",
    );
    const throws = path.join(tmp, 'throws.mjs');
    writeFileSync(throws, "throw new Error('cannot start');\n");
    for (const script of [dies, throws, path.join(tmp, 'missing.mjs')]) {
      const done: number[] = [];
      const out = await lintFilesParallel(
        linter,
        files(),
        {},
        { jobs: 3, workerUrl: pathToFileURL(script), onProgress: (n) => done.push(n) },
      );
      expect(out.map((o) => o.result)).toEqual(expected.map((o) => o.result));
      expect(done.at(-1)).toBe(files().length);
    }
  });

  it('does not lint again in the main thread a file a worker ran out of memory on (that would end the process)', async () => {
    // Enough files that the main thread is still at them when the worker has started and taken one.
    const many = Array.from({ length: 600 }, (_, i) => writeFile(dir, `oom/s-${i}.jsonl`, cleanTranscript()));
    const oom = path.join(tmp, 'oom.mjs');
    // Takes a file, says it is on it, and dies as a worker past its heap limit does.
    writeFileSync(
      oom,
      [
        "import { workerData } from 'node:worker_threads';",
        'const k = Atomics.add(new Int32Array(workerData.counter), 0, 1);',
        'if (k < workerData.order.length) {',
        '  Atomics.store(new Int32Array(workerData.current), workerData.slot, workerData.order[k]);',
        "  const err = new Error('out of memory'); err.code = 'ERR_WORKER_OUT_OF_MEMORY'; throw err;",
        '}',
      ].join('\n'),
    );
    const done: number[] = [];
    const out = await lintFilesParallel(
      linter,
      many,
      {},
      { jobs: 2, workerUrl: pathToFileURL(oom), onProgress: (n) => done.push(n) },
    );
    const failed = out.filter((o) => o.error);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error!.code).toBe('EHEAP');
    expect(describeReadError('f.jsonl', failed[0]!.error!)).toMatch(
      /^cannot lint f\.jsonl: it ran out of memory while it was linted; run it with NODE_OPTIONS=--max-old-space-size=\d+ \(in MB\)/,
    );
    const clean = lintBytes(many[0]!, readFileSync(many[0]!)).result.diagnostics;
    for (const o of out) if (!o.error) expect(o.result.diagnostics).toEqual(clean);
    expect(done.at(-1)).toBe(many.length);
    rmSync(path.join(dir, 'oom'), { recursive: true });
  });

  it('reads each file into one reused buffer, with the results of reading each on its own', async () => {
    const big = writeFile(dir, 'p2/big.jsonl', longSession(90) + longSession(91, true).repeat(6));
    const list = [big, ...files(), big, path.join(dir, 'p0', 's-00.jsonl'), big];
    const expected = list.map((f) => {
      try {
        return lintBytes(f, readFileSync(f)).result;
      } catch {
        return undefined;
      }
    });
    expect((await lintFiles(linter, list)).map((o) => o.result)).toEqual(expected);
    rmSync(big);
  });

  it('passes the lint options to the workers', async () => {
    const severities = new Map([
      ['valid-json', 'warn' as const],
      ['tool-use-has-result', 'off' as const],
    ]);
    const options = { target: 'api' as const, severities, maxLineBytes: 100_000 };
    const expected = await lintFiles(linter, files(), options);
    const out = await lintFilesParallel(linter, files(), options, { jobs: 3, workerUrl: WORKER });
    expect(out.map((o) => o.result)).toEqual(expected.map((o) => o.result));
  });

  it('hands its work to a prestarted worker, with the same outcomes', async () => {
    const options = { target: 'api' as const, severities: new Map([['valid-json', 'warn' as const]]) };
    const expected = await lintFiles(linter, files(), options);
    prestartWorker(WORKER);
    expect(hasSpareWorker()).toBe(true);
    const out = await lintFilesParallel(linter, files(), options, { jobs: 2, workerUrl: WORKER });
    expect(hasSpareWorker()).toBe(false);
    expect(out.map((o) => o.result)).toEqual(expected.map((o) => o.result));
  });

  it('lints in the main thread what a prestarted worker that failed to start would have taken', async () => {
    const expected = await lintFiles(linter, files());
    const throws = path.join(tmp, 'throws-spare.mjs');
    writeFileSync(throws, "throw new Error('cannot start');\n");
    prestartWorker(pathToFileURL(throws));
    // Whether it has died yet or dies once given its work, its files are linted here.
    const out = await lintFilesParallel(linter, files(), {}, { jobs: 2, workerUrl: pathToFileURL(throws) });
    expect(out.map((o) => o.result)).toEqual(expected.map((o) => o.result));
  });

  it('stops a prestarted worker no run took', () => {
    prestartWorker(WORKER);
    discardSpareWorker();
    expect(hasSpareWorker()).toBe(false);
  });

  it('the CLI prestarts a worker only for runs that may use one', async () => {
    const cmd = (argv: string[]) => parseArgs(argv, '0');
    const io = { cwd: dir };
    // Two cores free, fixed here: the load average, and so freeCores(), changes between two calls on a busy machine.
    const twoFree = (files: number, bytes: number) => defaultJobs(files, bytes, 2);
    const lint = async (argv: string[], jobs = twoFree) => {
      const c = await cmd(argv);
      if (c.kind !== 'lint') throw new Error('not a lint command');
      return mayLintInParallel(c, io, jobs);
    };
    // A folder or a glob may use a worker when cores are free; with one free core, it may not.
    expect(await lint(['p0'])).toBe(true);
    expect(await lint(['p*/*.jsonl'])).toBe(true);
    const oneFree = (files: number, bytes: number) => defaultJobs(files, bytes, 1);
    expect(await lint(['p0'], oneFree)).toBe(false);
    expect(await lint(['p*/*.jsonl'], oneFree)).toBe(false);
    expect(await lint(['p0/s-00.jsonl', 'p1/s-01.jsonl'])).toBe(false);
    expect(await lint(['p0', '--fix'])).toBe(false);
    expect(await lint(['p0', '--jobs', '1'])).toBe(false);
    // --cache: a rerun takes most files from the cache; a worker starts only for the files it misses.
    expect(await lint(['p0', '--cache'])).toBe(false);
    expect(await lint(['-'])).toBe(false);
  });

  it('by default starts one job per free core, at most one per file and per BYTES_PER_JOB of input', () => {
    expect(defaultJobs(1, 10 * BYTES_PER_JOB, 4)).toBe(1);
    expect(defaultJobs(100, 1000, 4)).toBe(1);
    expect(defaultJobs(100, 0, 4)).toBe(1);
    expect(defaultJobs(100, 100 * BYTES_PER_JOB, 4)).toBe(4);
    expect(defaultJobs(2, 100 * BYTES_PER_JOB, 4)).toBe(2);
    expect(defaultJobs(100, 3 * BYTES_PER_JOB, 4)).toBe(3);
    // Cores kept busy by other work: one thread.
    expect(defaultJobs(100, 100 * BYTES_PER_JOB, 1)).toBe(1);
    expect(freeCores()).toBeGreaterThanOrEqual(1);
    expect(freeCores()).toBeLessThanOrEqual(availableCores());
    expect(defaultJobs(100, 100 * BYTES_PER_JOB)).toBeLessThanOrEqual(availableCores());
  });
});

describe('long lines: long strings kept as bytes', () => {
  const line = (value: unknown) => JSON.stringify(value);
  const reference = (text: string) => {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, value: undefined };
    }
  };
  const cases: [string, string][] = [
    ['a plain string', line({ a: 1, s: LONG, b: [LONG, { c: LONG }], d: 'short' })],
    ['escapes, quotes, backslashes and unicode', line({ s: `\\${LONG}"\n\t\u00e9\u{1f600}\u2028\\`, t: `${LONG}\\` })],
    ['a BOM and a NUL escape inside', line({ s: `\ufeff${LONG}\u0000` })],
    ['an escaped quote right before the end', `{"s":"${LONG}\\"","t":1}`],
    ['a literal ending in a lone backslash', `{"s":"${LONG}\\"}`],
    ['a raw control character', `{"s":"${LONG}\u0001"}`],
    ['a raw tab', `{"s":"${LONG}\t"}`],
    ['a raw carriage return', `{"s":"${LONG}\r${LONG}"}`],
    ['a bad escape', `{"s":"${LONG}\\x${LONG}"}`],
    ['a bad unicode escape', `{"s":"${LONG}\\u12G4"}`],
    ['a long key', `{"${LONG}":1,"b":"${LONG}"}`],
    ['a duplicate key, the long value first', `{"s":"${LONG}","s":"short"}`],
    ['a duplicate key, the long value last', `{"s":"short","s":"${LONG}"}`],
    ['a long run of numbers between strings', `{"a":"x","n":[${'1,'.repeat(LAZY_STRING_BYTES)}1],"b":"${LONG}"}`],
    ['a long run of spaces', `{"a":"x",${' '.repeat(LAZY_STRING_BYTES * 2)}"b":"${LONG}"}`],
    ['a value that looks like a placeholder', line({ a: '\u0000tl-0:0', s: LONG })],
    ['not an object', line([LONG, LONG])],
    ['truncated', `{"s":"${LONG}","t":"${LONG}`],
    ['garbage after it', `{"s":"${LONG}"} x`],
    ['a string with no quotes around the run', `{"s":${LONG}}`],
    ['only just long enough', line({ s: 'y'.repeat(LAZY_STRING_BYTES), pad: 'z'.repeat(LAZY_LINE_BYTES) })],
    ['deep nesting', `${'{"a":['.repeat(2000)}"${LONG}"${']}'.repeat(2000)}`],
  ];

  it.each(cases)('%s: the same object, or the same problem, as parsing the line whole', (_, text) => {
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(LAZY_LINE_BYTES);
    const file = loadBytes('x.jsonl', Buffer.from(`${text}\n{"type":"last-prompt"}\n`));
    const got = file.lines[0]!;
    const ref = reference(text);
    const isObject = ref.ok && ref.value !== null && typeof ref.value === 'object' && !Array.isArray(ref.value);
    expect(got.json !== undefined).toBe(isObject);
    if (isObject) {
      expect(got.json).toEqual(ref.value);
      expect(JSON.stringify(got.json)).toBe(JSON.stringify(ref.value));
      expect(Object.keys(got.json!)).toEqual(Object.keys(ref.value as object));
      expect(got.problems).toEqual([]);
    } else {
      expect(got.problems.length).toBeGreaterThan(0);
      // The message is the one a whole-line parse gives.
      let message = '';
      try {
        JSON.parse(text);
      } catch (err) {
        message = (err as Error).message;
      }
      if (message) expect(got.problems[0]!.message).toContain(message);
    }
    expect(Buffer.from(got.bytes).toString()).toBe(text);
  });

  it('reads like plain values, and writing a field makes it a plain value', () => {
    const text = line({
      message: {
        content: [
          { type: 'tool_result', content: LONG },
          { type: 'text', text: 'hi' },
        ],
      },
      list: [LONG],
    });
    const json = loadBytes('x.jsonl', Buffer.from(text)).lines[0]!.json!;
    const block = ((json.message as Record<string, unknown>).content as Record<string, unknown>[])[0]!;
    expect(isLazyString(block, 'content')).toBe(true);
    expect(isArrayField(block, 'content')).toBe(false);
    expect(typeof block.content).toBe('string');
    expect(block.content).toBe(LONG);
    expect({ ...block }).toEqual({ type: 'tool_result', content: LONG });
    expect((json.list as string[])[0]).toBe(LONG);
    block.content = [{ type: 'text', text: 'replaced' }];
    expect(isLazyString(block, 'content')).toBe(false);
    expect(isArrayField(block, 'content')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(block, 'content')).toMatchObject({ writable: true, enumerable: true });
  });

  it('keeps a long string of escaped quotes and backslashes as bytes', () => {
    // Code in a tool result: quotes every few bytes, escaped, and an escaped backslash right before a quote.
    const code = 'say("hi", \\"x\\"); '.repeat(LAZY_LINE_BYTES / 10);
    const text = line({ message: { content: [{ type: 'tool_result', content: code }] }, after: 'a\\', end: 1 });
    const json = loadBytes('x.jsonl', Buffer.from(text)).lines[0]!.json!;
    const block = ((json.message as Record<string, unknown>).content as Record<string, unknown>[])[0]!;
    expect(isLazyString(block, 'content')).toBe(true);
    expect(isLazyString(json, 'after')).toBe(false);
    expect(json).toEqual(JSON.parse(text));
  });

  it('keeps a non-ASCII file exact', () => {
    const s = `\u00e9\u4e2d${LONG}\u{1f600}`;
    const file = loadBytes('x.jsonl', Buffer.from(line({ s, t: `${s}\\n` })));
    expect(file.lines[0]!.json).toEqual({ s, t: `${s}\\n` });
  });
});

describe('the lint command line read without yargs', () => {
  const lines: string[][] = [
    [],
    ['a.jsonl'],
    ['-f', 'json', '--no-progress', 'a.jsonl', 'b.jsonl'],
    ['--format', 'sarif', 'x'],
    ['-f', 'nope', 'x'],
    ['--fix', 'a'],
    ['--fix', '--diff', 'a'],
    ['--fix-dry-run', '--unsafe-fixes', 'a'],
    ['--unsafe-fixes', 'a'],
    ['--rule', 'valid-json=off', 'a'],
    ['--rule', 'valid-json=off', '--rule', 'entry-shape:warn', 'a'],
    ['--rule', 'bad', 'a'],
    ['--select', 'a,b', '--select', 'c', 'x'],
    ['--ignore', 'valid-json', 'x'],
    ['--no-config', 'x'],
    ['-c', 'cfg.json', 'x'],
    ['-c', '', 'x'],
    ['--config', 'a', '--no-config', 'x'],
    ['--max-warnings', '3', 'x'],
    ['--max-warnings', '-1', 'x'],
    ['--max-warnings', '1.5', 'x'],
    ['--jobs', '2', 'x'],
    ['-j', '4', 'x'],
    ['--jobs', '0', 'x'],
    ['--jobs', 'x'],
    ['--jobs'],
    ['--quiet', '--statistics', '--exit-zero', 'x'],
    ['--exit-zero', '--exit-non-zero-on-fix', 'x'],
    ['--fix', '--exit-non-zero-on-fix', 'x'],
    ['--exit-non-zero-on-fix', 'x'],
    ['--max-diagnostics', 'none', 'x'],
    ['--max-diagnostics', '5', 'x'],
    ['--max-diagnostics', 'abc', 'x'],
    ['--color', 'x'],
    ['--no-color', 'x'],
    ['--color', 'true', 'x'],
    ['--no-backup', '--fix', 'x'],
    ['--backup-dir', 'bk', '--fix', 'x'],
    ['--backup-dir', 'bk', '--no-backup', '--fix', 'x'],
    ['--session', 'abc-123'],
    ['--session', 'a', '--session', 'b', '--session-sidechains'],
    ['--session-sidechains', 'x'],
    ['--session', 'a/b'],
    ['--stdin'],
    ['--stdin', 'x'],
    ['--stdin-filename', 'n.jsonl'],
    ['--stdin-filename', 'n.jsonl', 'x'],
    ['-'],
    ['-', '--fix'],
    ['--target', 'api', 'x'],
    ['--target', 'bedrock', 'x'],
    ['--target', 'nope', 'x'],
    ['--input-format', 'messages', 'x'],
    ['-o', 'out.txt', 'x'],
    ['-o', '-', 'x'],
    ['--print-config', 'x.jsonl'],
    ['--max-line-bytes', '100', 'x'],
    ['--max-line-bytes', '0', 'x'],
    ['rules'],
    ['explain', 'valid-json'],
    ['x', 'rules'],
    ['--help'],
    ['--version'],
    ['--format=json', 'x'],
    ['-fjson', 'x'],
    ['--', '--weird.jsonl'],
    ['--unknown', 'x'],
    ['--outputFile', 'o', 'x'],
    ['2024'],
    ['--no-fix', 'x'],
    ['-f', 'json', '-f', 'compact', 'x'],
    ['--error-on-unmatched-pattern', 'x'],
    ['--no-error-on-unmatched-pattern', 'x'],
    ['--progress', 'x'],
    ['--fix', 'false', 'x'],
    ['--diff', 'x'],
    ['-o'],
    ['x', '-f'],
    ['--jobs', '007', 'x'],
  ];
  const outcome = async (argv: string[], fast: boolean) => {
    try {
      return { ok: true, value: await parseArgs(argv, '0.1.0', { fast }) };
    } catch (err) {
      return { ok: false, value: `${(err as Error).name}: ${(err as Error).message}` };
    }
  };

  it.each(lines.map((l) => [l.join(' '), l] as const))('%s: the same command or error as yargs', async (_, argv) => {
    expect(await outcome(argv, true)).toEqual(await outcome(argv, false));
  });

  it('is taken for plain command lines, and not for what only yargs knows', () => {
    expect(fastLintArgs(['-f', 'json', '--no-progress', '--jobs', '2', 'a.jsonl', 'dir'])).toBeDefined();
    for (const argv of [
      ['--help'],
      ['rules'],
      ['--format=json'],
      ['-'],
      ['--', 'x'],
      ['--fix', '--diff'],
      ['-f', 'nope'],
    ]) {
      expect(fastLintArgs(argv)).toBeUndefined();
    }
  });
});
