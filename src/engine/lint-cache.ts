// --cache: the results of files that did not change since the last run are taken from a cache
// file instead of linting them again, as ESLint's --cache does (its names: --cache, --cache-location,
// --cache-strategy; the default file .transcriptlintcache like ESLint's .eslintcache). The whole cache is keyed by
// the tool (version, and the size and time of the code that runs) and the rule set; each entry by the lint options
// its file was linted with. A file that changed in any way is linted in full, one that only grew too: every rule
// reads the whole model (no rule declares the state it would go on from), and most of a lint is the load of every
// line, which the appended lines alone cannot skip. A rerun after an agent appended to 10 of the 51 sessions of the
// benchmark's folder (14% of its bytes) costs ~0.2x of the cold run, most of it those 10 files' lint and the
// process's start; test/cli-cache-appends.test.ts holds any shortcut to the report of a run without the cache.
//
// A run can also be kept whole (recordRun): its report, its messages and its exit code, under the key of the run (its
// arguments, folder, environment and terminal), the config files it read and what its walk of folders and globs read
// (walk-reads.ts). replayRun gives them back while every file it linted still has its entry's stat, those config
// files their bytes and those reads what they saw, and the code is the same (codeKey): then the formats and rules need
// not be loaded at all.
//
// metadata (default): an entry holds its file's stat from before the read that linted it (device, inode, size,
// modification and change times in ns). It is stored only when those times were SETTLED_MS old at that stat and the
// file still had that stat after the lint (engine/original.ts: any later write then changes the times), and used
// while the file has that stat: one stat per unchanged file. content: an entry also holds the SHA-256 of the bytes,
// and is used while the file's size and SHA-256 are the same (a read and a hash per unchanged file, no lint).
import { createHash } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import type { BigIntStats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageVersion } from '../version.js';
import type { Linter, LintOptions, LintResult } from './lint.js';
import { type FileStamp, sameStamp, settledStamp } from './original.js';
import { bytesSha256, sameReads, type WalkRead } from './walk-reads.js';

export type CacheStrategy = 'metadata' | 'content';
export const CACHE_STRATEGIES: readonly CacheStrategy[] = ['metadata', 'content'];
export const DEFAULT_CACHE_FILE = '.transcriptlintcache';

/** The cache file's own layout; a file of another layout is ignored. */
const LAYOUT = 2;

/** How many whole runs the cache keeps (the most recent). */
const KEPT_RUNS = 16;

/**
 * Formats whose findings depend on more than the file's bytes, never cached: copilot-events reads the session
 * folder's workspace.yaml and lock files, and whether the locks' processes live (formats/copilot-events/sidecar.ts).
 */
const READS_BESIDE = new Set(['copilot-events']);

interface Entry {
  /** The key of the lint options (optionsKeyOf). */
  o: string;
  /** The stat, numbers in decimal (bigint). */
  dev: string;
  ino: string;
  size: string;
  mtimeNs: string;
  ctimeNs: string;
  /** content strategy: the SHA-256 of the bytes linted. */
  sha256?: string;
  result: LintResult;
}

/** A run kept whole: what it printed, and what must be as it was for a rerun to print the same. */
export interface RunRecord {
  /** Each file it linted and the key of the options it was linted with: each must still have its entry. */
  files: [file: string, optionsKey: string][];
  /** The config files it could have read, each with the SHA-256 of its bytes, or null where there was none. */
  configs: [file: string, sha256: string | null][];
  /** What the walk of its folders and globs depended on (walk-reads.ts): each read must see what it saw. */
  reads?: WalkRead[];
  stdout: string;
  stderr: string;
  code: number;
}

interface CacheFile {
  layout: number;
  key: string;
  /** codeKey() of the code that wrote it. */
  code?: string;
  strategy: CacheStrategy;
  entries: Record<string, Entry>;
  runs?: Record<string, RunRecord>;
}

/** A file the cache had no usable entry for: what store() needs once it is linted. */
export interface Miss {
  key: string;
  optionsKey: string;
  stamp?: FileStamp;
  sha256?: string;
}

/** The key of everything besides a file's bytes and options its findings depend on. */
export function toolKeyOf(linter: Linter): string {
  const code = fileURLToPath(import.meta.url);
  let build = '';
  try {
    // The code that runs: the CLI's bundle (or this module): rebuilt, it is another tool even at one version.
    const s = statSync(code);
    build = `${s.size}:${s.mtimeMs}`;
  } catch {
    build = 'unknown';
  }
  const rules = linter.rules.map((r) => r.meta);
  return sha256Of(
    JSON.stringify({ version: packageVersion(), build, rules, formats: linter.formats.map((f) => f.id) }),
  );
}

/**
 * The key of the code that runs, cheap enough to check before the formats and rules load: the version, and the name,
 * size and modification time of every file in this module's folder. In the CLI's bundle that folder holds every chunk
 * of the tool (rules and formats included: the bundle is rebuilt whole, scripts/bundle.mjs).
 */
export function codeKey(): string {
  // Once a process, so the key written is of the code this process loaded (a run asks when it reads and writes).
  codeKeyOfThisProcess ??= computeCodeKey();
  return codeKeyOfThisProcess;
}

let codeKeyOfThisProcess: string | undefined;

function computeCodeKey(): string {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const files: string[] = [];
  try {
    for (const name of readdirSync(dir).sort()) {
      const s = statSync(path.join(dir, name), { throwIfNoEntry: false });
      if (s?.isFile()) files.push(`${name}:${s.size}:${s.mtimeMs}`);
    }
  } catch {
    files.push('unknown');
  }
  return sha256Of(JSON.stringify({ version: packageVersion(), files }));
}

/** The key of a run's lint options; undefined when they cannot be keyed (rules given as objects). */
export function optionsKeyOf(options: LintOptions): string | undefined {
  if (options.rules || options.previous || options.head) return undefined;
  const { target, inputFormat, maxLineBytes, severities } = options;
  return JSON.stringify({
    target,
    inputFormat,
    maxLineBytes,
    severities: severities ? [...severities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : undefined,
  });
}

export class LintCache {
  readonly #file: string;
  readonly #key: string;
  readonly #strategy: CacheStrategy;
  #entries: Map<string, Entry>;
  #runs: Map<string, RunRecord>;
  #dirty = false;
  /** How many results were taken from the cache (the tests read it). */
  reused = 0;

  private constructor(
    file: string,
    key: string,
    strategy: CacheStrategy,
    entries: Map<string, Entry>,
    dirty: boolean,
    runs = new Map<string, RunRecord>(),
  ) {
    this.#file = file;
    this.#key = key;
    this.#strategy = strategy;
    this.#entries = entries;
    this.#dirty = dirty;
    this.#runs = runs;
  }

  /**
   * What the run of `runKey` printed and returned, when the cache file kept it, the code is the same, every file it
   * linted has the stat its entry was stored with (content: the same SHA-256) and every config file it could have
   * read has the same bytes (or is still missing); else undefined. Reads no format or rule. Without `strategy`, the
   * file's own (a run is kept only in a file of the strategy it ran with).
   */
  static replayRun(file: string, strategy: CacheStrategy | undefined, runKey: string): RunRecord | undefined {
    let parsed: CacheFile | undefined;
    try {
      parsed = parseCache(readFileSync(file, 'utf8'));
    } catch {
      return undefined;
    }
    if (!parsed || parsed.layout !== LAYOUT || parsed.code !== codeKey()) return undefined;
    if (!CACHE_STRATEGIES.includes(parsed.strategy) || (strategy !== undefined && parsed.strategy !== strategy))
      return undefined;
    const run = parsed.runs?.[runKey];
    if (!isRunRecord(run)) return undefined;
    const cache = new LintCache(file, parsed.key, parsed.strategy, new Map(Object.entries(parsed.entries)), false);
    // The files are absolute (keepRun), each its entry's key.
    for (const [filePath, optionsKey] of run.files)
      if (!cache.#entries.has(filePath) || 'miss' in cache.#lookupKey(filePath, filePath, optionsKey)) return undefined;
    for (const [configFile, sha256] of run.configs) if (configSha256(configFile) !== sha256) return undefined;
    if (run.reads && !sameReads(run.reads, file)) return undefined;
    return run;
  }

  /** The key of the options `filePath`'s entry was stored under; undefined when it has none. */
  storedOptions(filePath: string): string | undefined {
    return this.#entries.get(path.resolve(filePath))?.o;
  }

  /** Keeps a whole run (the most recent KEPT_RUNS); its files must have their entries (storedOptions). */
  recordRun(runKey: string, run: RunRecord): void {
    this.#runs.delete(runKey);
    this.#runs.set(runKey, run);
    for (const old of this.#runs.keys()) {
      if (this.#runs.size <= KEPT_RUNS) break;
      this.#runs.delete(old);
    }
    this.#dirty = true;
  }

  /**
   * Reads the cache file. A missing file, or one written for another tool, rule set or strategy, is an empty
   * cache; one that cannot be read as a cache is too, and `onWarning` is told once.
   */
  static load(file: string, key: string, strategy: CacheStrategy, onWarning: (message: string) => void): LintCache {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        onWarning(`ignoring the cache file ${file}: ${(err as Error).message}`);
      // Written at the end of the run even with no entry, as ESLint writes its cache file.
      return new LintCache(file, key, strategy, new Map(), true);
    }
    const parsed = parseCache(text);
    if (parsed === undefined) {
      onWarning(`ignoring the cache file ${file}: it is not a cache file of transcript-lint, and will be replaced`);
      return new LintCache(file, key, strategy, new Map(), true);
    }
    if (parsed.layout !== LAYOUT || parsed.key !== key || parsed.strategy !== strategy)
      return new LintCache(file, key, strategy, new Map(), true);
    // Runs kept by other code are dropped (replayRun would not give them back).
    const runs = parsed.code === codeKey() ? Object.entries(parsed.runs ?? {}).filter(([, r]) => isRunRecord(r)) : [];
    const dropped = Object.keys(parsed.runs ?? {}).length !== runs.length;
    return new LintCache(file, key, strategy, new Map(Object.entries(parsed.entries)), dropped, new Map(runs));
  }

  /**
   * The cached result of `filePath` when the file is as it was when that result was stored, under the same
   * options; else a Miss to give to store() once the file is linted.
   */
  lookup(filePath: string, optionsKey: string): { result: LintResult } | { miss: Miss } {
    return this.#lookupKey(path.resolve(filePath), filePath, optionsKey);
  }

  #lookupKey(key: string, filePath: string, optionsKey: string): { result: LintResult } | { miss: Miss } {
    const before = Date.now();
    const stat = statOf(key);
    const stamp = stat?.isFile() ? settledStamp(stat, before) : undefined;
    const entry = this.#entries.get(key);
    const miss: Miss = { key, optionsKey, stamp };
    if (!entry || !stat || entry.o !== optionsKey) return { miss };
    if (this.#strategy === 'metadata') {
      if (sameStamp(stampOf(entry), stat)) return this.#reuse(entry, filePath);
      return { miss };
    }
    if (String(stat.size) !== entry.size) return { miss };
    miss.sha256 = fileSha256(key);
    if (miss.sha256 !== undefined && miss.sha256 === entry.sha256) return this.#reuse(entry, filePath);
    return { miss };
  }

  #reuse(entry: Entry, filePath: string): { result: LintResult } {
    this.reused++;
    return { result: { ...entry.result, filePath } };
  }

  /**
   * Keeps the result of a file lookup() missed, when the file was settled before its lint and is unchanged after
   * it (see the top of this file); else forgets the file's entry.
   */
  store(miss: Miss, result: LintResult): void {
    const { key, stamp } = miss;
    const had = this.#entries.delete(key);
    this.#dirty ||= had;
    // A run that read this file's old entry is not given back again.
    if (had) this.#forgetRunsOf(key);
    if (!stamp || READS_BESIDE.has(result.inputFormat) || result.output !== undefined) return;
    let sha256: string | undefined;
    if (this.#strategy === 'content') sha256 = miss.sha256 ?? fileSha256(key);
    // After the hash: unchanged since before the lint, the bytes hashed are the bytes linted.
    const after = statOf(key);
    if (!after || !sameStamp(stamp, after)) return;
    const { filePath: _, ...rest } = result;
    this.#entries.set(key, {
      o: miss.optionsKey,
      dev: String(stamp.dev),
      ino: String(stamp.ino),
      size: String(stamp.size),
      mtimeNs: String(stamp.mtimeNs),
      ctimeNs: String(stamp.ctimeNs),
      ...(sha256 === undefined ? {} : { sha256 }),
      result: rest as LintResult,
    });
    this.#dirty = true;
  }

  /** A file that could not be linted: its entry goes. */
  forget(filePath: string): void {
    const key = path.resolve(filePath);
    if (this.#entries.delete(key)) {
      this.#dirty = true;
      this.#forgetRunsOf(key);
    }
  }

  #forgetRunsOf(file: string): void {
    for (const [runKey, run] of this.#runs) if (run.files.some(([f]) => f === file)) this.#runs.delete(runKey);
  }

  /** Writes the cache file if anything changed: a temp file beside it, then a rename over it. */
  save(): void {
    if (!this.#dirty) return;
    const body: CacheFile = {
      layout: LAYOUT,
      key: this.#key,
      code: codeKey(),
      strategy: this.#strategy,
      entries: Object.fromEntries(this.#entries),
      runs: Object.fromEntries(this.#runs),
    };
    mkdirSync(path.dirname(this.#file), { recursive: true });
    const temp = `${this.#file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify(body), { flag: 'w', mode: 0o644 });
      renameSync(temp, this.#file);
    } catch (err) {
      try {
        unlinkSync(temp);
      } catch {
        // Not written, or already renamed.
      }
      throw err;
    }
    this.#dirty = false;
  }
}

function parseCache(text: string): CacheFile | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const c = parsed as Partial<CacheFile>;
  if (typeof c.layout !== 'number' || typeof c.key !== 'string' || typeof c.entries !== 'object' || !c.entries)
    return undefined;
  for (const e of Object.values(c.entries)) if (!isEntry(e)) return undefined;
  return c as CacheFile;
}

function isEntry(e: unknown): e is Entry {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as Record<string, unknown>;
  const result = x.result as Record<string, unknown> | undefined;
  return (
    ['o', 'dev', 'ino', 'size', 'mtimeNs', 'ctimeNs'].every((k) => typeof x[k] === 'string') &&
    /^\d+$/.test(x.dev as string) &&
    /^\d+$/.test(x.ino as string) &&
    /^\d+$/.test(x.size as string) &&
    /^-?\d+$/.test(x.mtimeNs as string) &&
    /^-?\d+$/.test(x.ctimeNs as string) &&
    typeof result === 'object' &&
    result !== null &&
    Array.isArray(result.diagnostics) &&
    typeof result.errorCount === 'number' &&
    typeof result.warningCount === 'number'
  );
}

function isRunRecord(r: unknown): r is RunRecord {
  if (typeof r !== 'object' || r === null) return false;
  const x = r as Partial<RunRecord>;
  const pairs = (list: unknown, second: (v: unknown) => boolean) =>
    Array.isArray(list) &&
    list.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && second(p[1]));
  return (
    pairs(x.files, (v) => typeof v === 'string') &&
    pairs(x.configs, (v) => v === null || typeof v === 'string') &&
    (x.reads === undefined || isReads(x.reads)) &&
    typeof x.stdout === 'string' &&
    typeof x.stderr === 'string' &&
    typeof x.code === 'number'
  );
}

function isReads(reads: unknown): reads is WalkRead[] {
  const hows = new Set(['list', 'kind', 'lkind', 'bytes']);
  return (
    Array.isArray(reads) &&
    reads.every(
      (r) =>
        Array.isArray(r) &&
        r.length === 3 &&
        hows.has(r[0]) &&
        typeof r[1] === 'string' &&
        (r[2] === null || typeof r[2] === 'string'),
    )
  );
}

/**
 * A config file's SHA-256; null when nothing is at that path, as config-core's findConfigFile sees it (lstat: a
 * broken link or a folder is there, and is `unreadable:<code>`).
 */
export function configSha256(file: string): string | null {
  return bytesSha256(file);
}

/** The file's stat in ns; undefined when it cannot be had (then the file is linted, and what that says is reported). */
function statOf(file: string): BigIntStats | undefined {
  try {
    return statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function stampOf(e: Entry): FileStamp {
  return {
    dev: BigInt(e.dev),
    ino: BigInt(e.ino),
    size: BigInt(e.size),
    mtimeNs: BigInt(e.mtimeNs),
    ctimeNs: BigInt(e.ctimeNs),
  };
}

function sha256Of(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The SHA-256 of a file, read a MiB at a time; undefined when it cannot be read. */
function fileSha256(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const hash = createHash('sha256');
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      hash.update(chunk.subarray(0, n));
    }
    return hash.digest('hex');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The cache file --cache-location names (relative to `cwd`): the file itself, or, for a path that is a folder or
 * ends with a separator, DEFAULT_CACHE_FILE in it; without one, DEFAULT_CACHE_FILE in `cwd`.
 */
export function cacheFilePath(cwd: string, location: string | undefined): string {
  if (location === undefined || location === '') return path.join(cwd, DEFAULT_CACHE_FILE);
  const resolved = path.resolve(cwd, location);
  const isFolder = /[\\/]$/.test(location) || statSync(resolved, { throwIfNoEntry: false })?.isDirectory() === true;
  return isFolder ? path.join(resolved, DEFAULT_CACHE_FILE) : resolved;
}
