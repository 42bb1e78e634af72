// `transcript-lint split FILE`: moves the lines of another session out of a session file that holds two (files
// joined into one), into a file of its own, named and placed as its agent keeps it: the file's format says which
// lines and where (Format.otherSessions; the formats come from the composition root, through the caller). Nothing is
// deleted: each line moved is written, byte for byte, to the new file, and only then removed from this one by an
// atomic rewrite with a backup (io.ts), which refuses a file that changed meanwhile. The new file is created, never
// replaced: a session of that id already there is left alone and nothing moves.
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { applyFixes } from '../fixer/apply.js';
import type { Bytes } from '../loader/bytes.js';
import type { DeclinedSession, Format } from '../formats/types.js';
import { writeFileAtomic } from './io.js';
import { readFixable } from './fix-target.js';
import { syncDir } from './temp-file.js';
import { nameTaken } from './write-fs.js';

export interface SplitRequest {
  filePath: string;
  /** Work out what would move, change nothing. */
  dryRun?: boolean;
  /** As for --fix: true or absent, a backup beside the file; a folder for it; false, none. */
  backup?: boolean | string;
}

export interface MovedSession {
  sessionId: string;
  /** The new file, beside the old one. */
  to: string;
  lines: number;
  bytes: number;
}

export interface SplitResult {
  filePath: string;
  /** The file's own session, which stays. */
  own: string | undefined;
  moved: MovedSession[];
  /** The other sessions found and left in the file, and why. */
  declined: DeclinedSession[];
  backupPath?: string;
  dryRun: boolean;
}

/** A refusal, said in one line. */
export class SplitError extends Error {
  override name = 'SplitError';
}

/** A session id that can name a file or a folder. */
const FILE_SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Which format reads a file (the linter of the composition root is one). */
export interface FormatPicker {
  detect(filePath: string, data: Bytes): Format;
}

export async function splitSessions(req: SplitRequest, formats: FormatPicker): Promise<SplitResult> {
  const { filePath } = req;
  const original = await readFixable(fs, filePath);
  const format = formats.detect(filePath, original);
  if (!format.otherSessions)
    throw new SplitError(`split does not know how a ${format.title} file holds other sessions`);
  const model = format.load(filePath, original, {});
  const sessions = format.otherSessions(filePath, model);
  const result: SplitResult = {
    filePath,
    own: sessions?.own,
    moved: [],
    declined: sessions?.declined ?? [],
    dryRun: req.dryRun === true,
  };
  if (!sessions || sessions.others.length === 0) return result;
  const { lines } = model.file;
  const eol = new TextEncoder().encode(model.file.eol);
  const plans = sessions.others.map((other) => {
    const { sessionId } = other;
    if (!FILE_SAFE_ID.test(sessionId))
      throw new SplitError(`the other session's id ${JSON.stringify(sessionId)} cannot name a file; nothing was moved`);
    const content = Buffer.concat(other.lines.flatMap((n) => [lines[n - 1]!.bytes, eol]));
    return { sessionId, to: other.to, lineNumbers: other.lines, content };
  });
  for (const p of plans) {
    if (await nameTaken(fs, p.to))
      throw new SplitError(`${p.to} exists already: nothing was moved (merge the two by hand)`);
  }
  result.moved = plans.map((p) => ({
    sessionId: p.sessionId,
    to: p.to,
    lines: p.lineNumbers.length,
    bytes: p.content.length,
  }));
  if (req.dryRun) return result;

  const stat = await fs.stat(filePath);
  const created: string[] = [];
  const folders: string[] = [];
  try {
    for (const p of plans) {
      // A session kept in a folder of its own (Copilot's) gets that folder, made here and removed again on failure.
      const made = await fs.mkdir(path.dirname(p.to), { recursive: true });
      for (let dir = path.dirname(p.to); made !== undefined; dir = path.dirname(dir)) {
        folders.push(dir);
        if (dir === made || dir === path.dirname(dir)) break;
      }
      // O_EXCL: never over a file that appeared since the check above.
      const handle = await fs.open(p.to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, stat.mode & 0o777);
      created.push(p.to);
      try {
        await handle.writeFile(p.content);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    for (const dir of new Set([...plans.map((p) => path.dirname(p.to)), ...folders.map((d) => path.dirname(d))]))
      await syncDir(fs, dir);
    await syncDir(fs, path.dirname(filePath));
    const fixed = applyFixes(model.file, [
      {
        ruleId: 'split',
        applicability: 'safe',
        description: 'move the other sessions to files of their own',
        edits: plans.flatMap((p) => p.lineNumbers.map((line) => ({ kind: 'delete' as const, line }))),
      },
    ]);
    const written = await writeFileAtomic(filePath, fixed.bytes, { original, backup: req.backup });
    result.backupPath = written.backupPath;
    return result;
  } catch (err) {
    // The original is as it was: the copies made of its lines go again.
    for (const p of created) await fs.unlink(p).catch(() => undefined);
    // Deepest first; rmdir removes a folder only while it is empty.
    for (const dir of folders) await fs.rmdir(dir).catch(() => undefined);
    throw err;
  }
}
