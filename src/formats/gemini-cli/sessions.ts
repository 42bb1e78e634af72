// Where Gemini CLI keeps sessions: `<home>/.gemini/tmp/<project id>/chats/session-<YYYY-MM-DDTHH-MM>-<first 8 of the
// session id>.jsonl`, where <home> is GEMINI_CLI_HOME when set, else the user's home folder (the CLI's homedir() in
// packages/core/src/utils/paths.ts). `gemini --resume <id>` takes a session id; the file's name holds its first 8,
// its header (first line) the whole id.
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export const SESSION_FILE = /^session-.*?-([0-9a-zA-Z]{8})\.jsonl$/;

export const geminiRoots = (env: Env, homedir: string): string[] => [
  path.join(env.GEMINI_CLI_HOME ? env.GEMINI_CLI_HOME : homedir, '.gemini', 'tmp'),
];

/** Every session file below the tmp folder, or the files of one session (by its id's first 8 characters). */
export const geminiPatterns = (id: string | undefined): string[] =>
  id === undefined ? ['*/chats/session-*.jsonl'] : [`*/chats/session-*-${id.slice(0, 8)}.jsonl`];

/** The sessionId of a file's header (its first line, read alone), if it has one. */
function headerId(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const first = buf.subarray(0, n).toString('utf8').split('\n')[0]!;
    const v: unknown = JSON.parse(first);
    const id = v !== null && typeof v === 'object' ? (v as Record<string, unknown>).sessionId : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A file's session id: its header's, else as far as its name holds it (the first 8 characters). */
export const geminiIdOf = (file: string): string =>
  headerId(file) ?? SESSION_FILE.exec(path.basename(file))?.[1] ?? path.basename(file, '.jsonl');
