// --cache (engine/lint-cache.ts): the report with the cache is the report without it, whatever happened to the
// files between runs (an append, a rewrite, a truncation, a touch, an edit at the same size); an unchanged file's
// findings come from the cache (seen by marking every cached result, which only a file taken from the cache shows);
// a cache of another config, rule set or tool is not used; a corrupt cache file is one warning line, then replaced.
// A file's times must be SETTLED_MS old for it to be cached: the tests move the clock on instead of waiting.
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { linter } from '../src/composition.js';
import { CONFIG_FILE_NAME } from '../src/engine/config-names.js';
import { parseArgs } from '../src/cli/args.js';
import { guessedLocation, keepRun, replayOrRecord } from '../src/cli/cached-run.js';
import { codeKey, DEFAULT_CACHE_FILE, LintCache, toolKeyOf } from '../src/engine/lint-cache.js';
import { FORMAT_NAMES } from '../src/formatters/names.js';
import { Linter } from '../src/engine/lint.js';
import { SETTLED_MS } from '../src/engine/original.js';
import { danglingTranscript, tornTranscript } from './helpers/cli-fixtures.js';
import { runCli } from './helpers/run-cli.js';
import { runSettled } from './helpers/settled-run.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'tl-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

const SOURCES = [
  'fixtures/sessions/crashed-session.jsonl',
  'fixtures/sessions/claude-code/prompt-lost/prompt-torn.jsonl',
  'fixtures/sessions/claude-code/interrupted-tail/middle-call-unanswered.jsonl',
  'fixtures/sessions/claude-code/unwritten-summary/summary-torn.jsonl',
  'fixtures/sessions/claude-code/two-terminals/two-terminals.jsonl',
  'fixtures/sessions/claude-code/deleted-block/round-two-call-deleted.jsonl',
];
const NAMES = ['append', 'rewrite', 'truncate', 'touch', 'same-size', 'same'];
const MARK = '\u0000from the cache';

let n = 0;
/** A folder of the six sessions, one per way of changing a file (and one left as it is). */
function folder(): string {
  const dir = path.join(root, `d${n++}`);
  mkdirSync(path.join(dir, 'sessions'), { recursive: true });
  for (const [i, name] of NAMES.entries()) copyFileSync(SOURCES[i]!, path.join(dir, 'sessions', `${name}.jsonl`));
  return dir;
}

/** Runs the CLI (one thread) with the clock SETTLED_MS and more ahead, so that every file counts as settled. */
function run(dir: string, args: string[], settled = true) {
  return (settled ? runSettled : runCli)(['-f', 'json', '--jobs', '1', ...args, 'sessions'], { cwd: dir });
}

/**
 * Marks the message of every result's first diagnostic in the cache file, and counts the results marked. The runs kept
 * whole are dropped, so that a rerun reads the files' entries.
 */
function markCache(file: string): number {
  const cache = JSON.parse(readFileSync(file, 'utf8'));
  delete cache.runs;
  let marked = 0;
  for (const entry of Object.values(cache.entries) as { result: { diagnostics: { message: string }[] } }[]) {
    const d = entry.result.diagnostics[0];
    if (!d) continue;
    d.message += MARK;
    marked++;
  }
  writeFileSync(file, JSON.stringify(cache));
  return marked;
}

/** The files of a JSON report whose findings came from a marked cache entry. */
function fromCache(stdout: string): string[] {
  const report = JSON.parse(stdout) as { results: { filePath: string; diagnostics: { message: string }[] }[] };
  return report.results
    .filter((r) => r.diagnostics.some((m) => m.message.endsWith(MARK)))
    .map((r) => path.basename(r.filePath))
    .sort();
}

/** A report with the marks taken out. */
const unmark = (s: string) => s.replaceAll(JSON.stringify(MARK).slice(1, -1), '');

/** Past a coarse filesystem's time step, so a write changes the file's times. */
const aTickLater = () => new Promise((r) => setTimeout(r, 30));

/** Changes each file as its name says, `same` excepted. */
async function change(dir: string): Promise<void> {
  await aTickLater();
  const file = (name: string) => path.join(dir, 'sessions', `${name}.jsonl`);
  const lines = (name: string) => readFileSync(file(name), 'utf8').split('\n');
  appendFileSync(file('append'), `${lines('append').filter(Boolean).at(-1)}\n`);
  writeFileSync(file('rewrite'), danglingTranscript());
  truncateSync(file('truncate'), Math.floor(readFileSync(file('truncate')).length / 2));
  const now = new Date();
  utimesSync(file('touch'), now, now);
  const bytes = readFileSync(file('same-size'));
  const at = bytes.indexOf('"type"');
  bytes[at + 2] = bytes[at + 2] === 0x78 ? 0x79 : 0x78;
  writeFileSync(file('same-size'), bytes);
}

describe('--cache', { timeout: 60_000 }, () => {
  it('gives the report a run without it gives, before and after the files change', async () => {
    const dir = folder();
    const plain = await run(dir, []);
    expect(JSON.parse(plain.stdout).results.length).toBe(NAMES.length);
    const cold = await run(dir, ['--cache']);
    expect(cold).toEqual(plain);
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    expect(existsSync(cacheFile)).toBe(true);
    expect(await run(dir, ['--cache'])).toEqual(plain);

    // Every file has findings, so every entry is marked; unchanged, all six come from the cache.
    expect(markCache(cacheFile)).toBe(NAMES.length);
    expect(fromCache((await run(dir, ['--cache'])).stdout)).toEqual(NAMES.map((x) => `${x}.jsonl`).sort());

    await change(dir);
    const after = await run(dir, ['--cache']);
    // Only the file left as it was comes from the cache; the others are linted again.
    expect(fromCache(after.stdout)).toEqual(['same.jsonl']);
    const plainAfter = await run(dir, []);
    expect(plainAfter.stdout).not.toEqual(plain.stdout);
    expect({ ...after, stdout: unmark(after.stdout) }).toEqual(plainAfter);
  });

  it('stores no file changed less than SETTLED_MS before it was linted', async () => {
    const dir = folder();
    await run(dir, ['--cache'], false);
    const cache = JSON.parse(readFileSync(path.join(dir, DEFAULT_CACHE_FILE), 'utf8'));
    expect(Object.keys(cache.entries)).toEqual([]);
  });

  it('is not used under another config, --rule or rule set, and is replaced by the new run', async () => {
    const dir = folder();
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    await run(dir, ['--cache']);
    markCache(cacheFile);
    // Another --rule: every file is linted again.
    const ruled = await run(dir, ['--cache', '--rule', 'unique-uuid=off']);
    expect(fromCache(ruled.stdout)).toEqual([]);
    expect(ruled).toEqual(await run(dir, ['--rule', 'unique-uuid=off']));
    // A config file (another target for every file).
    markCache(cacheFile);
    writeFileSync(path.join(dir, 'transcript-lint.config.json'), JSON.stringify({ target: 'api' }));
    const configured = await run(dir, ['--cache']);
    expect(fromCache(configured.stdout)).toEqual([]);
    expect(configured).toEqual(await run(dir, []));
  });

  it('keys the whole cache by the tool: another version, build or rule set is another key', () => {
    const key = toolKeyOf(linter);
    expect(toolKeyOf(linter)).toBe(key);
    const fewer = new Linter({
      rules: linter.rules.slice(1),
      formats: linter.formats,
      fallback: linter.formats[linter.formats.length - 1]!,
    });
    expect(toolKeyOf(fewer)).not.toBe(key);
    // A cache file of another key is empty to this tool.
    const dir = folder();
    const file = path.join(dir, 'c.json');
    writeFileSync(file, JSON.stringify({ layout: 2, key: 'another', strategy: 'metadata', entries: {} }));
    const warnings: string[] = [];
    const cache = LintCache.load(file, key, 'metadata', (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    const found = cache.lookup(path.join(dir, 'sessions', 'same.jsonl'), '{}');
    expect('miss' in found).toBe(true);
  });

  it('stores no Copilot events.jsonl result (its findings depend on the files beside it)', () => {
    const dir = folder();
    const file = path.join(dir, 'sessions', 'same.jsonl');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(performance.timeOrigin + performance.now() + SETTLED_MS + 1000);
    const cache = LintCache.load(path.join(dir, 'c.json'), 'k', 'metadata', () => undefined);
    const result = (inputFormat: string) => ({
      filePath: file,
      diagnostics: [],
      errorCount: 0,
      warningCount: 0,
      fixableCount: 0,
      unsafeFixableCount: 0,
      inputFormat,
      target: 'x',
    });
    for (const [inputFormat, kept] of [
      ['copilot-events', false],
      ['claude-code', true],
    ] as const) {
      const first = cache.lookup(file, '{}');
      if (!('miss' in first)) throw new Error('a first lookup misses');
      cache.store(first.miss, result(inputFormat));
      expect('result' in cache.lookup(file, '{}')).toBe(kept);
    }
    // Another options key misses.
    expect('miss' in cache.lookup(file, '{"target":"api"}')).toBe(true);
  });

  it('says a corrupt cache file in one line, runs as without it, and replaces it', async () => {
    const dir = folder();
    const plain = await run(dir, []);
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    for (const junk of ['{"layout":1,"key":', '[]', '{"layout":1,"key":"k","strategy":"metadata","entries":{"x":1}}']) {
      writeFileSync(cacheFile, junk);
      const r = await run(dir, ['--cache']);
      expect(r.stdout).toBe(plain.stdout);
      expect(r.code).toBe(plain.code);
      expect(r.stderr.trim().split('\n')).toEqual([
        `transcript-lint: ignoring the cache file ${cacheFile}: it is not a cache file of transcript-lint, and will be replaced`,
      ]);
      expect(JSON.parse(readFileSync(cacheFile, 'utf8')).layout).toBe(2);
    }
  });

  it('is not read by --fix, which fixes from the file', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'sessions', 'torn.jsonl'), tornTranscript());
    await run(dir, ['--cache']);
    markCache(path.join(dir, DEFAULT_CACHE_FILE));
    const fixed = await run(dir, ['--cache', '--fix', '--no-backup']);
    expect(fromCache(fixed.stdout)).toEqual([]);
    expect(readFileSync(path.join(dir, 'sessions', 'torn.jsonl'), 'utf8')).not.toBe(tornTranscript());
    // What --fix wrote is linted again by the next --cache run; the files it left as they were come from the cache.
    const next = await run(dir, ['--cache']);
    expect(fromCache(next.stdout)).not.toContain('torn.jsonl');
    expect({ ...next, stdout: unmark(next.stdout) }).toEqual(await run(dir, []));
  });

  it('--cache-location: a file, or a folder that holds .transcriptlintcache', async () => {
    const dir = folder();
    await run(dir, ['--cache', '--cache-location', 'here.cache']);
    expect(existsSync(path.join(dir, 'here.cache'))).toBe(true);
    await run(dir, ['--cache', '--cache-location', 'caches/']);
    expect(existsSync(path.join(dir, 'caches', DEFAULT_CACHE_FILE))).toBe(true);
    expect(existsSync(path.join(dir, DEFAULT_CACHE_FILE))).toBe(false);
  });

  it('--cache-strategy content: a touch keeps the entry, an edit at the same size does not', async () => {
    const dir = folder();
    const args = ['--cache', '--cache-strategy', 'content'];
    const plain = await run(dir, []);
    expect(await run(dir, args)).toEqual(plain);
    markCache(path.join(dir, DEFAULT_CACHE_FILE));
    await change(dir);
    const after = await run(dir, args);
    expect(fromCache(after.stdout)).toEqual(['same.jsonl', 'touch.jsonl']);
  });
});

/** The six sessions named one by one, as `sessions/<name>.jsonl`. */
const NAMED = NAMES.map((name) => path.join('sessions', `${name}.jsonl`));

/** Runs the CLI (one thread, every file settled) on the six sessions named one by one. */
function runNamed(dir: string, args: string[]) {
  return runSettled(['--jobs', '1', ...args, ...NAMED], { cwd: dir });
}

/** Appends MARK to the report of every run the cache file keeps whole; how many it keeps. */
function markRuns(file: string): number {
  const cache = JSON.parse(readFileSync(file, 'utf8'));
  const runs = Object.values(cache.runs ?? {}) as { stdout: string }[];
  for (const run of runs) run.stdout += MARK;
  writeFileSync(file, JSON.stringify(cache));
  return runs.length;
}

describe('--cache, a rerun of the same command over named files', { timeout: 60_000 }, () => {
  it('prints, for every format, what a run without the cache prints', async () => {
    const dir = folder();
    for (const format of FORMAT_NAMES) {
      const args = ['-f', format];
      const plain = await runNamed(dir, args);
      expect(await runNamed(dir, ['--cache', ...args]), format).toEqual(plain);
      expect(await runNamed(dir, ['--cache', ...args]), format).toEqual(plain);
    }
    // Each format's run is kept, and the rerun is given back from the cache file.
    expect(markRuns(path.join(dir, DEFAULT_CACHE_FILE))).toBe(FORMAT_NAMES.length);
    const replayed = await runNamed(dir, ['--cache', '-f', 'json']);
    expect(replayed.stdout.endsWith(MARK)).toBe(true);
    expect({ ...replayed, stdout: replayed.stdout.slice(0, -MARK.length) }).toEqual(
      await runNamed(dir, ['-f', 'json']),
    );
  });

  it('is not given back once a file changed, and then keeps the new run', async () => {
    const dir = folder();
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    await runNamed(dir, ['--cache', '-f', 'json']);
    markRuns(cacheFile);
    await change(dir);
    const after = await runNamed(dir, ['--cache', '-f', 'json']);
    expect(after).toEqual(await runNamed(dir, ['-f', 'json']));
    // The marked run was replaced by this one, which a rerun gives back.
    expect(markRuns(cacheFile)).toBe(1);
    expect((await runNamed(dir, ['--cache', '-f', 'json'])).stdout).toBe(after.stdout + MARK);
  });

  it('is not given back under another argument, or once a config file it could read changed', async () => {
    const dir = folder();
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    await runNamed(dir, ['--cache', '-f', 'json']);
    markRuns(cacheFile);
    const other = await runNamed(dir, ['--cache', '-f', 'json', '--rule', 'unique-uuid=off']);
    expect(other).toEqual(await runNamed(dir, ['-f', 'json', '--rule', 'unique-uuid=off']));
    // A config file made in a folder above the files, then one of its rules set otherwise.
    for (const rules of [
      { 'valid-json': 'warn' },
      { 'valid-json': 'off' },
      { 'valid-json': 'off', 'unique-uuid': 'warn' },
    ]) {
      writeFileSync(path.join(dir, 'transcript-lint.config.json'), JSON.stringify({ rules }));
      markRuns(cacheFile);
      const configured = await runNamed(dir, ['--cache', '-f', 'json']);
      expect(configured.stdout.endsWith(MARK), JSON.stringify(rules)).toBe(false);
      expect(configured).toEqual(await runNamed(dir, ['-f', 'json']));
    }
    // A nearer config file, in the files' own folder.
    writeFileSync(path.join(dir, 'sessions', 'transcript-lint.config.json'), JSON.stringify({ target: 'api' }));
    markRuns(cacheFile);
    const nearer = await runNamed(dir, ['--cache', '-f', 'json']);
    expect(nearer.stdout.endsWith(MARK)).toBe(false);
    expect(nearer).toEqual(await runNamed(dir, ['-f', 'json']));
  });

  it('is not given back by other code: the cache file records the code that wrote it', async () => {
    const dir = folder();
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    await runNamed(dir, ['--cache', '-f', 'json']);
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
    expect(cache.code).toBe(codeKey());
    cache.code = 'another';
    writeFileSync(cacheFile, JSON.stringify(cache));
    markRuns(cacheFile);
    expect((await runNamed(dir, ['--cache', '-f', 'json'])).stdout.endsWith(MARK)).toBe(false);
  });
});

/** Runs the CLI (one thread, every file settled) on these paths. */
function runPaths(dir: string, args: string[], paths: string[]) {
  return runSettled(['--jobs', '1', '-f', 'json', ...args, ...paths], { cwd: dir });
}

describe('--cache, a rerun of the same command over folders and globs', { timeout: 60_000 }, () => {
  const WALKED = [['sessions'], ['sessions/*.jsonl'], ['**/*.jsonl'], ['sessions/same.jsonl', 'sessions/*.jsonl']];

  it('prints what a run without the cache prints, and is given back while nothing the walk read changed', async () => {
    for (const paths of WALKED) {
      const dir = folder();
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      const plain = await runPaths(dir, [], paths);
      expect(await runPaths(dir, ['--cache'], paths), paths.join(' ')).toEqual(plain);
      expect(markRuns(cacheFile), paths.join(' ')).toBe(1);
      const replayed = await runPaths(dir, ['--cache'], paths);
      expect(replayed.stdout, paths.join(' ')).toBe(plain.stdout + MARK);
      expect(replayed.stderr).toBe(plain.stderr);
    }
  });

  it('is not kept when what the walk read changed during the run', async () => {
    const dir = folder();
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    const io = { cwd: dir, env: {}, stdout: { write: () => true }, stderr: { write: () => true } } as never;
    for (const changed of [false, true]) {
      const cmd = await parseArgs(['--cache', 'sessions'], '0');
      if (cmd.kind !== 'lint') throw new Error('not a lint command');
      const recorded = replayOrRecord(['--cache', 'sessions'], cmd, io);
      if ('code' in recorded || !recorded.recorder) throw new Error('a first run is recorded');
      if (changed) copyFileSync(SOURCES[0]!, path.join(dir, 'sessions', 'during.jsonl'));
      const cache = LintCache.load(cacheFile, 'k', 'metadata', () => undefined);
      keepRun(cache, recorded.recorder, [], 0);
      cache.save();
      const runs = Object.keys(JSON.parse(readFileSync(cacheFile, 'utf8')).runs ?? {});
      expect(runs.length, changed ? 'changed' : 'unchanged').toBe(changed ? 0 : 1);
      rmSync(cacheFile);
    }
  });

  /** Changes to what a walk of `sessions` reads, each of which changes its report. */
  const CHANGES: [string, (dir: string) => void][] = [
    ['a file added', (dir) => copyFileSync(SOURCES[0]!, path.join(dir, 'sessions', 'added.jsonl'))],
    ['a file removed', (dir) => rmSync(path.join(dir, 'sessions', 'same.jsonl'))],
    [
      'a file renamed',
      (dir) => renameSync(path.join(dir, 'sessions', 'same.jsonl'), path.join(dir, 'sessions', 'z.jsonl')),
    ],
    [
      'a folder added below',
      (dir) => {
        mkdirSync(path.join(dir, 'sessions', 'sub', 'deeper'), { recursive: true });
        copyFileSync(SOURCES[1]!, path.join(dir, 'sessions', 'sub', 'deeper', 'x.jsonl'));
      },
    ],
    [
      'a file added in a folder below',
      (dir) => copyFileSync(SOURCES[1]!, path.join(dir, 'sessions', 'deep', 'y.jsonl')),
    ],
    ['a .gitignore edited', (dir) => writeFileSync(path.join(dir, '.gitignore'), 'sessions/same.jsonl\n')],
    [
      "a config's ignores edited",
      (dir) =>
        writeFileSync(path.join(dir, 'sessions', CONFIG_FILE_NAME), JSON.stringify({ ignores: ['touch.jsonl'] })),
    ],
    ['the .git folder removed', (dir) => rmSync(path.join(dir, '.git'), { recursive: true })],
    ['a symlink led to a file', (dir) => writeFileSync(path.join(dir, 'target.jsonl'), readFileSync(SOURCES[2]!))],
  ];

  for (const [what, change] of CHANGES) {
    it(`is not given back once ${what}, and then keeps the new run`, async () => {
      const dir = folder();
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      // A git work tree ignoring touch.jsonl, a config with no ignores, a folder below, a link to no file yet.
      mkdirSync(path.join(dir, '.git'));
      writeFileSync(path.join(dir, '.gitignore'), 'sessions/touch.jsonl\n');
      writeFileSync(path.join(dir, 'sessions', CONFIG_FILE_NAME), '{}');
      mkdirSync(path.join(dir, 'sessions', 'deep'));
      copyFileSync(SOURCES[3]!, path.join(dir, 'sessions', 'deep', 'kept.jsonl'));
      symlinkSync(path.join(dir, 'target.jsonl'), path.join(dir, 'sessions', 'link.jsonl'));
      for (const paths of [['sessions'], ['sessions/**/*.jsonl']]) {
        const before = await runPaths(dir, ['--cache'], paths);
        expect(before, paths.join(' ')).toEqual(await runPaths(dir, [], paths));
      }
      markRuns(cacheFile);
      change(dir);
      for (const paths of [['sessions'], ['sessions/**/*.jsonl']]) {
        const plain = await runPaths(dir, [], paths);
        const after = await runPaths(dir, ['--cache'], paths);
        expect(after, `${what}: ${paths.join(' ')}`).toEqual(plain);
        // The change changes the report: a rerun that gave back the marked run would differ.
        markRuns(cacheFile);
        expect((await runPaths(dir, ['--cache'], paths)).stdout, what).toBe(plain.stdout + MARK);
      }
    });
  }
});

/** Runs the CLI with no path (every agent's sessions folder below `home`), one thread, every file settled. */
function runSessions(dir: string, args: string[]) {
  return runSettled(['--jobs', '1', '-f', 'json', ...args], { cwd: dir, homedir: path.join(dir, 'home') });
}

describe('--cache, a rerun of the sessions folders (no path)', { timeout: 60_000 }, () => {
  /** A home with a Claude Code project of two sessions, and a project folder linked in from outside it. */
  function home(): string {
    const dir = folder();
    const projects = path.join(dir, 'home', '.claude', 'projects');
    mkdirSync(path.join(projects, 'p'), { recursive: true });
    copyFileSync(SOURCES[0]!, path.join(projects, 'p', 'a.jsonl'));
    copyFileSync(SOURCES[1]!, path.join(projects, 'p', 'b.jsonl'));
    mkdirSync(path.join(dir, 'elsewhere'));
    copyFileSync(SOURCES[2]!, path.join(dir, 'elsewhere', 'c.jsonl'));
    symlinkSync(path.join(dir, 'elsewhere'), path.join(projects, 'linked'));
    return dir;
  }

  const CHANGES: [string, (dir: string) => void][] = [
    ['nothing', () => undefined],
    [
      'a session added',
      (dir) => copyFileSync(SOURCES[3]!, path.join(dir, 'home', '.claude', 'projects', 'p', 'd.jsonl')),
    ],
    [
      'a session added in the linked folder',
      (dir) => copyFileSync(SOURCES[3]!, path.join(dir, 'elsewhere', 'd.jsonl')),
    ],
    [
      "another agent's sessions folder made",
      (dir) => {
        const day = path.join(dir, 'home', '.codex', 'sessions', '2025', '01', '01');
        mkdirSync(day, { recursive: true });
        writeFileSync(path.join(day, 'rollout-2025-01-01T00-00-00-0194d3a4-7e5b-7c5a-9f3e-1a2b3c4d5e6f.jsonl'), '{}\n');
      },
    ],
  ];

  for (const [what, change] of CHANGES) {
    it(`prints what a run without the cache prints; given back ${what === 'nothing' ? 'while nothing changed' : `no more once ${what}`}`, async () => {
      const dir = home();
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      const plain = await runSessions(dir, []);
      expect(JSON.parse(plain.stdout).results.length).toBe(3);
      expect(await runSessions(dir, ['--cache'])).toEqual(plain);
      expect(markRuns(cacheFile)).toBe(1);
      change(dir);
      const after = await runSessions(dir, ['--cache']);
      if (what === 'nothing') expect(after).toEqual({ ...plain, stdout: plain.stdout + MARK });
      else expect(after).toEqual(await runSessions(dir, []));
    });
  }
});

describe('--cache, the rerun given back before the arguments are parsed', { timeout: 60_000 }, () => {
  it('finds the cache file by the last --cache-location before `--`', () => {
    expect(guessedLocation(['--cache', 'a.jsonl'])).toBeUndefined();
    expect(guessedLocation(['--cache-location', 'x', '--cache-location=y', 'a.jsonl'])).toBe('y');
    expect(guessedLocation(['--cache-location=y', '--cache-location', 'x'])).toBe('x');
    expect(guessedLocation(['--cache-location', 'x', '--', '--cache-location', 'z'])).toBe('x');
  });

  it('gives back a run kept under these very arguments, with --cache-location in either form', async () => {
    const dir = folder();
    for (const location of [['--cache-location', 'here.cache'], ['--cache-location=there/']]) {
      const args = ['--cache', ...location, '-f', 'json'];
      const plain = await runNamed(dir, ['-f', 'json']);
      expect(await runNamed(dir, args)).toEqual(plain);
      const file = location[0] === '--cache-location' ? 'here.cache' : path.join('there', DEFAULT_CACHE_FILE);
      expect(markRuns(path.join(dir, file))).toBe(1);
      expect((await runNamed(dir, args)).stdout).toBe(plain.stdout + MARK);
      // Other arguments are another run, even with the same cache file.
      expect(await runNamed(dir, [...args, '--quiet'])).toEqual(await runNamed(dir, ['-f', 'json', '--quiet']));
    }
  });
});

describe('--cache rerun in the built CLI', () => {
  const bundle = path.resolve('dist/bundle');
  const cli = path.join(bundle, 'cli.js');
  it.skipIf(!existsSync(cli))('gives a kept run back without loading the formats and rules', () => {
    const source = (file: string) => readFileSync(path.join(bundle, file), 'utf8');
    const statics = (file: string) =>
      [...source(file).matchAll(/^(?:import|export) (?:.*? from )?"\.\/([^"]+)";$/gm)].map((m) => m[1]!);
    /** The chunks a chunk loads before it runs: itself and its static imports, transitively. */
    const loaded = (file: string, into = new Set<string>()) => {
      if (into.has(file)) return into;
      into.add(file);
      for (const f of statics(file)) loaded(f, into);
      return into;
    };
    const main = source('cli.js');
    const dynamic = (name: string) => new RegExp(`import\\("\\./(${name}-[^"]+)"\\)`).exec(main)?.[1];
    const composition = loaded(dynamic('composition')!);
    const replay = loaded(dynamic('cached-run')!, loaded('cli.js'));
    // The chunk that puts the rules and formats together (most of the bundle's bytes) is not among them.
    const linterChunk = [...composition].find((f) => source(f).includes('function createLinter('));
    expect(linterChunk).toBeDefined();
    expect(replay.has(linterChunk!)).toBe(false);
    // Nor the argument parser, nor the worker threads: the rerun is given back before the arguments are parsed.
    const parser = [...loaded(dynamic('args')!)].find((f) => source(f).includes('function parseArgs('));
    expect(parser).toBeDefined();
    expect(replay.has(parser!)).toBe(false);
    expect([...replay].some((f) => source(f).includes('"node:worker_threads"'))).toBe(false);
  });
});
