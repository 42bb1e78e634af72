// `transcript-lint relocate --session <id> --to <dir>`: moves a Claude Code session to the project folder of another
// working directory, so that `claude --continue` run there finds it (project-path). Claude Code keeps a session as
// `<projects>/<sanitized cwd>/<id>.jsonl`, with its subagent transcripts and saved tool outputs in `<id>/` beside it;
// `--resume <id>` finds it in any folder, `--continue` only in its cwd's (rules/project-path.ts).
// What it does, in this order, so that a failure leaves either the old state or a whole new one:
//   1. find the session (one `<id>.jsonl` under the projects root, or the file given), refuse when the new place is
//      taken or another process (a running Claude Code) holds the file open;
//   2. move the file, then its `<id>/` folder, by link-and-unlink (never over a name that exists) or rename;
//   3. rewrite the `cwd` of every entry that lies in the old working directory (or below it) to the new one, in the
//      session file and in its subagent files, each with writeFileAtomic (a backup first, an atomic rename, appends
//      made meanwhile carried over): only those members change, every other byte stays.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { applyFixes } from '../fixer/apply.js';
import type { Edit } from '../fixer/edits.js';
import { folderFits, projectFolderOf } from '../formats/claude-code/project-folder.js';
import { inMemory } from '../loader/bytes.js';
import { loadBytes, type SourceFile } from '../loader/read-jsonl.js';
import { writeFileAtomic } from './io.js';
import { modeOf, whyNotReplaceable } from './fix-target.js';
import { describeOpeners, type FindOpeners, openersOf } from './open-by-others.js';
import { nameTaken, type WriteFs } from './write-fs.js';
import { writeRefused } from './write-guard.js';

/** The calls relocation makes: those of a fix's write, and reading the files. */
export type RelocateFs = WriteFs & Pick<typeof fs, 'readFile'>;

export interface RelocateRequest {
  /** The folder holding the project folders: `${CLAUDE_CONFIG_DIR:-~/.claude}/projects`. */
  projectsRoot: string;
  sessionId: string;
  /** The working directory the session moves to; relative paths are taken from the process's cwd. */
  to: string;
  /** The session file, when the id is in several project folders (or outside the root). */
  from?: string;
  /** As for --fix: true or absent, a backup beside each rewritten file; a folder for them; false, none. */
  backup?: boolean | string;
  /** Move even when another process holds the file open (--force). */
  force?: boolean;
  /** Work out what would change, change nothing. */
  dryRun?: boolean;
  onWarning?: (message: string) => void;
  /** For tests: the filesystem and who holds a file open. */
  fsImpl?: RelocateFs;
  openers?: FindOpeners;
}

export interface RewrittenFile {
  /** Where the file is after the move. */
  path: string;
  /** Entries whose cwd changed. */
  entries: number;
  backupPath?: string;
}

export interface RelocateResult {
  /** The session file before and after. The same path when it was in place already (then only cwd changes). */
  from: string;
  to: string;
  /** The `<id>/` folder (subagents, tool results) before and after, when the session has one. */
  folderFrom?: string;
  folderTo?: string;
  /** The working directory the entries said, and what they say now (undefined: no entry had one in the old place). */
  cwdFrom?: string;
  cwdTo: string;
  /** Files whose entries' cwd changed (or would, on a dry run). */
  rewritten: RewrittenFile[];
  moved: boolean;
  dryRun: boolean;
}

/** A refusal or a failure, said in one line for the user. */
export class RelocateError extends Error {
  override name = 'RelocateError';
}

async function refuseMissingFolder(io: RelocateFs, folder: string): Promise<void> {
  let isFolder: boolean;
  try {
    isFolder = (await io.stat(folder)).isDirectory();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
    throw new RelocateError(`--to ${folder}: no such folder; the session is not moved (create the folder first)`);
  }
  if (!isFolder) throw new RelocateError(`--to ${folder} is not a folder; the session is not moved`);
}

/** Filesystems without hard links say so with one of these; then a rename moves the file. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK', 'EXDEV']);

export async function relocateSession(req: RelocateRequest): Promise<RelocateResult> {
  const io = req.fsImpl ?? fs;
  const { file: from, id } =
    req.from !== undefined
      ? { file: path.resolve(req.from), id: idOfFile(path.resolve(req.from), req.sessionId) }
      : await findSession(io, req.projectsRoot, req.sessionId);
  if (id !== req.sessionId) req.onWarning?.(`--session ${req.sessionId} is session ${id}`);
  const cwdTo = path.resolve(req.to);
  // Claude Code runs in the folder the session moves to: a session moved for a folder that is not there (a typo in
  // --to) would be found by no `claude --continue`, and its entries would name a cwd that does not exist.
  await refuseMissingFolder(io, cwdTo);
  const folderTo = path.join(path.resolve(req.projectsRoot), projectFolderOf(cwdTo));
  const to = path.join(folderTo, `${id}.jsonl`);
  const dirFrom = path.join(path.dirname(from), id);
  const dirTo = path.join(folderTo, id);
  const hasDir = await nameTaken(io, dirFrom);
  const moving = to !== from;

  const original = await io.readFile(from);
  const file = loadBytes(from, original);
  const cwdFrom = oldWorkingDirectory(file, path.basename(path.dirname(from)));
  const subagents = hasDir ? await jsonlFilesUnder(io, dirFrom) : [];

  if (moving) {
    if (await nameTaken(io, to)) throw new RelocateError(`${to} exists already: the session is not moved over it`);
    if (hasDir && (await nameTaken(io, dirTo)))
      throw new RelocateError(`${dirTo} exists already: the session is not moved`);
    if (!req.force) await refuseOpeners(io, from, req.openers ?? openersOf);
  }

  // What changes, per file, worked out before anything moves.
  const plans: { fromPath: string; toPath: string; bytes: Uint8Array; edits: Edit[] }[] = [];
  const addPlan = (fromPath: string, toPath: string, bytes: Uint8Array, source: SourceFile) => {
    const edits = cwdFrom === undefined ? [] : cwdEdits(source, cwdFrom, cwdTo);
    if (edits.length > 0) plans.push({ fromPath, toPath, bytes, edits });
  };
  addPlan(from, to, original, file);
  for (const sub of subagents) {
    const bytes = await io.readFile(sub);
    addPlan(sub, path.join(dirTo, path.relative(dirFrom, sub)), bytes, loadBytes(sub, bytes));
  }
  // A file whose rewrite would be refused stops the move before anything moves (a dry run says so too).
  for (const p of plans) {
    const stat = await io.stat(p.fromPath);
    const why = whyNotReplaceable(stat);
    if (why === undefined) continue;
    const reason =
      why === 'read-only'
        ? `it is read-only (mode ${modeOf(stat)}): chmod u+w it to allow the rewrite`
        : `it belongs to another user (uid ${stat.uid}), and a rewritten copy would be yours`;
    throw new RelocateError(`${p.fromPath}: its entries' cwd cannot be rewritten, so nothing was moved: ${reason}`);
  }
  const result: RelocateResult = {
    from,
    to,
    folderFrom: hasDir ? dirFrom : undefined,
    folderTo: hasDir ? dirTo : undefined,
    cwdFrom,
    cwdTo,
    rewritten: plans.map((p) => ({ path: p.toPath, entries: p.edits.length })),
    moved: false,
    dryRun: req.dryRun === true,
  };
  if (req.dryRun) return result;

  if (moving) {
    await io.mkdir(folderTo, { recursive: true });
    await move(io, from, to);
    result.moved = true;
    if (hasDir) {
      try {
        await io.rename(dirFrom, dirTo);
      } catch (err) {
        throw new RelocateError(
          `${to} was moved, but its folder ${dirFrom} could not be moved to ${dirTo} (${describe(err)}); move it by hand`,
        );
      }
    }
  }
  for (const [i, p] of plans.entries()) {
    const fixed = applyFixes(loadBytes(p.toPath, p.bytes), [
      { ruleId: 'relocate', applicability: 'safe', description: 'rewrite cwd', edits: p.edits },
    ]);
    try {
      const written = await writeFileAtomic(p.toPath, inMemory(fixed.pieces), {
        original: p.bytes,
        backup: req.backup,
        force: req.force,
        onWarning: req.onWarning,
        fsImpl: req.fsImpl,
        openers: req.openers,
      });
      result.rewritten[i]!.backupPath = written.backupPath;
    } catch (err) {
      throw new RelocateError(
        `${p.toPath}: its entries' cwd could not be rewritten (${describe(err)}); the file is ${moving ? 'moved but ' : ''}unchanged`,
      );
    }
  }
  return result;
}

/** The id of a session named by --from: its file's name, of which --session may give a prefix. */
function idOfFile(file: string, given: string): string {
  const name = path.basename(file).replace(/\.jsonl$/, '');
  if (name.startsWith(given)) return name;
  throw new RelocateError(`--from ${file} is not session ${given} (its file is ${name}.jsonl)`);
}

/**
 * The one `<id>.jsonl` in the project folders under `root`, and its id: `id` itself, or else the one session whose id
 * starts with it (a unique prefix, as `--session` takes everywhere else).
 */
async function findSession(io: WriteFs, root: string, id: string): Promise<{ file: string; id: string }> {
  let folders: string[];
  try {
    folders = (await io.readdir(root)).sort();
  } catch (err) {
    throw new RelocateError(`cannot read the project folders in ${root} (${describe(err)})`);
  }
  const found: string[] = [];
  for (const folder of folders) {
    const candidate = path.join(path.resolve(root), folder, `${id}.jsonl`);
    if (await nameTaken(io, candidate)) found.push(candidate);
  }
  if (found.length > 1)
    throw new RelocateError(`session ${id} is in ${found.length} project folders (${found.join(', ')}): say which one`);
  if (found.length === 1) return { file: found[0]!, id };

  const byPrefix: { file: string; id: string }[] = [];
  for (const folder of folders) {
    const names = await io.readdir(path.join(path.resolve(root), folder)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      if (name.startsWith(id) && name.endsWith('.jsonl'))
        byPrefix.push({ file: path.join(path.resolve(root), folder, name), id: name.slice(0, -'.jsonl'.length) });
    }
  }
  const ids = [...new Set(byPrefix.map((f) => f.id))];
  if (ids.length === 0) throw new RelocateError(`no session ${id} in any project folder of ${root}`);
  if (ids.length > 1) {
    const shown = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', ...' : '');
    throw new RelocateError(`${id} is ambiguous: ${ids.length} sessions start with it (${shown})`);
  }
  return findSession(io, root, ids[0]!);
}

/**
 * The working directory the session was in: the entries' cwd that the folder it lies in was made from, else the first
 * entry's (a folder renamed by hand fits none).
 */
function oldWorkingDirectory(file: SourceFile, folder: string): string | undefined {
  let first: string | undefined;
  for (const line of file.lines) {
    const cwd = line.json?.cwd;
    if (typeof cwd !== 'string' || cwd === '') continue;
    if (folderFits(folder, cwd)) return cwd;
    first ??= cwd;
  }
  return first;
}

/** Set edits for every entry whose cwd is `from` or lies below it: the same place under `to`. */
function cwdEdits(file: SourceFile, from: string, to: string): Edit[] {
  const edits: Edit[] = [];
  for (const line of file.lines) {
    const cwd = line.json?.cwd;
    if (typeof cwd !== 'string') continue;
    const rest =
      cwd === from
        ? ''
        : /^[\\/]/.test(cwd.slice(from.length)) && cwd.startsWith(from)
          ? cwd.slice(from.length)
          : undefined;
    if (rest === undefined) continue;
    const value = to + rest.replace(/\\/g, path.sep === '\\' ? '\\' : '/');
    if (value !== cwd) edits.push({ kind: 'set', line: line.lineNo, pointer: '/cwd', value });
  }
  return edits;
}

/** Every .jsonl file below a folder (subagents/, subagents/<subdir>/). */
async function jsonlFilesUnder(io: WriteFs, dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const entry of await io.readdir(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(p);
      else if (entry.isFile() && entry.name.endsWith('.jsonl')) out.push(p);
    }
  };
  await walk(dir);
  return out.sort();
}

/** Link to the new name (which fails if it exists), then drop the old one; a rename where links are not possible. */
async function move(io: WriteFs, from: string, to: string): Promise<void> {
  const refused = writeRefused();
  if (refused !== undefined) throw new RelocateError(`${from} was not moved: ${refused}`);
  try {
    await io.link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new RelocateError(`${to} appeared meanwhile: the session is not moved`);
    if (!code || !NO_LINKS.has(code)) throw new RelocateError(`cannot move ${from} to ${to} (${describe(err)})`);
    if (await nameTaken(io, to)) throw new RelocateError(`${to} exists already: the session is not moved`);
    try {
      await io.rename(from, to);
    } catch (e) {
      throw new RelocateError(`cannot move ${from} to ${to} (${describe(e)})`);
    }
    return;
  }
  try {
    await io.unlink(from);
  } catch (err) {
    // Both names hold the file: remove the new one, so the session is where it was, once.
    await io.unlink(to).catch(() => undefined);
    throw new RelocateError(`cannot move ${from} (${describe(err)})`);
  }
}

async function refuseOpeners(io: WriteFs, file: string, find: FindOpeners): Promise<void> {
  const stat = await io.stat(file);
  const openers = await find({ path: await io.realpath(file), dev: Number(stat.dev), ino: Number(stat.ino) });
  if (openers.length > 0)
    throw new RelocateError(
      `${file} is open for writing by ${describeOpeners(openers)} (a running Claude Code?): not moved (--force moves it anyway)`,
    );
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.code) return `${e.code}: ${e.message}`;
  return e instanceof Error ? e.message : String(err);
}
