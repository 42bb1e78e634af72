// Where Gemini CLI keeps sessions: `<home>/.gemini/tmp/<project id>/chats/session-<YYYY-MM-DDTHH-MM>-<first 8 of the
// session id>.jsonl`, where <home> is GEMINI_CLI_HOME when set, else the user's home folder (the CLI's homedir() in
// packages/core/src/utils/paths.ts). `gemini --resume <id>` takes a session id; the file's name holds its first 8.
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export const SESSION_FILE = /^session-.*?-([0-9a-zA-Z]{8})\.jsonl$/;

export const geminiRoots = (env: Env, homedir: string): string[] => [
  path.join(env.GEMINI_CLI_HOME ? env.GEMINI_CLI_HOME : homedir, '.gemini', 'tmp'),
];

/** Every session file below the tmp folder, or the files of one session (by its id's first 8 characters). */
export const geminiPatterns = (id: string | undefined): string[] =>
  id === undefined ? ['*/chats/session-*.jsonl'] : [`*/chats/session-*-${id.slice(0, 8)}.jsonl`];

/** A file's session id as far as its name holds it (the first 8 characters). */
export const geminiIdOf = (file: string): string =>
  SESSION_FILE.exec(path.basename(file))?.[1] ?? path.basename(file, '.jsonl');
