// What an input format is to the engine: a plug-in that recognises its files from their first bytes, loads them
// into a model its rules read, turns the places rules report into positions in the file, writes fixes back in its
// own shape, and knows where its sessions live. Adding a format is a folder under src/formats/ that exports one
// Format, plus one line in the registry (src/formats/index.ts).
import type { Bytes } from '../loader/bytes.js';
import type { FileChunks, LoadOptions, SourceFile } from '../loader/read-jsonl.js';
import type { ApplyResult } from '../fixer/apply.js';
import type { Fix } from '../fixer/edits.js';
import type { ApiBlock, Entry } from '../model/types.js';
import type { Sample } from './sample.js';

export type { Sample } from './sample.js';

/**
 * Where a finding is, as a rule reports it; the input's format turns it into a position in the file.
 * - `{ line }`: a line as such (one that is not an entry: not JSON, too long...), or with `pointer` a value in it;
 * - `{ entry }`: an entry, or with `pointer` a value in it, or with `block` a block of its message content;
 * - `{ request }`: a block of the compiled request, where it is stored (its origin), or with `pointer` a value in it;
 * - `{ requestField }`: a field of the request itself (`/tools/2/name`), for inputs that are requests.
 */
export type Site =
  | { line: number; pointer?: string }
  | { entry: Entry; pointer?: string; block?: number }
  | { request: ApiBlock; pointer?: string }
  | { requestField: string };

/** A position in the file, as reports show it. */
export interface Location {
  line: number;
  /** 1-based, where the format can tell it (a one-line JSON document). */
  column?: number;
  blockIndex?: number;
  uuid?: string;
  /** JSON pointer to the value, into the line's entry (JSONL) or into the document (a JSON document). */
  pointer?: string;
}

/** A reader a file can be judged for: its rules' severities depend on it. */
export interface TargetSpec {
  id: string;
  description: string;
  /** A rule that names no severity for this target takes the one it names for this other target. */
  extends?: string;
}

/** The request API a format's model compiles to; request-view rules are written for one of them. */
export type Dialect = 'anthropic-messages' | 'openai-responses' | 'openai-chat';

/** Where a format's files live on disk, for the run with no paths and for --session. */
export interface SessionStore {
  /** The agent whose sessions these are, possessive, as the help names it: "Codex CLI's". */
  readonly agent: string;
  /**
   * The first of `roots()`, as a shell expression of the environment variable that moves it
   * (`${CODEX_HOME:-~/.codex}/sessions`), for --help; absent for an agent that keeps tasks in an editor's storage.
   */
  readonly folder?: string;
  /** One session's file as --session looks it up, in words for its doc: "task folder `<ID>`". */
  readonly lookup: string;
  /** The folders holding its sessions, from the environment and the home folder (they need not exist). */
  roots(env: Readonly<Record<string, string | undefined>>, homedir: string): string[];
  /**
   * Glob patterns, relative to a root, of the files of one session (its id escaped for globs), or of every session
   * when no id is given.
   */
  patterns(sessionId: string | undefined, options: { sidechains: boolean }): string[];
  /** The session id of a file the patterns found (default: its name without the extension). */
  idOf?(file: string): string;
  /**
   * The shell command that resumes session `id` in its agent, for the end of the stylish report; absent when the
   * agent reopens its sessions elsewhere (Cline and Roo, in the editor).
   */
  resume?(id: string): string;
}

/** See Format.lookalike. */
export interface Lookalike {
  readonly keys: readonly string[];
  /** Whose file it is, with its article: "a Gemini CLI session". */
  readonly tool: string;
  readonly document?: true;
}

/** Another session's lines in a file that holds two (files joined), and where `split` moves them. */
export interface OtherSession {
  sessionId: string;
  /** Its 1-based lines, in file order: each is moved byte for byte. */
  lines: number[];
  /** The new file, named and placed as the agent keeps that session's file (absolute). */
  to: string;
}

/** Another session `split` finds in a file and leaves there, and why (a sentence part: "moved alone, …"). */
export interface DeclinedSession {
  sessionId: string;
  why: string;
}

/** The sessions a file holds besides its own. */
export interface JoinedSessions {
  /** The file's own session, which stays. */
  own: string | undefined;
  others: OtherSession[];
  /** The other sessions it holds that are not moved, and why. */
  declined?: DeclinedSession[];
}

/** What every model has: the lines the format loaded (the fix loop and valid-json read them). */
export interface FormatModel {
  readonly file: SourceFile;
}

export interface Format<M extends FormatModel = FormatModel> {
  /** The id --input-format and reports use. */
  readonly id: string;
  /** How a person names such a file: "Claude Code session". */
  readonly title: string;
  /**
   * How sure the format is that the sample is one of its files: 0 = not its; the format with the highest score
   * reads the file. Only the sample is read, never the whole file.
   */
  detect(sample: Sample): number;
  load(path: string, data: Bytes, options: LoadOptions): M;
  /**
   * `load` for a large file read chunk by chunk, for a format whose model keeps the file's bytes only as its lines'
   * `bytes`: those then read them from the file again when asked, and lint never holds the whole file
   * (engine/file-bytes.ts).
   */
  loadChunks?(path: string, file: FileChunks, options: LoadOptions): M;
  /** The targets its files can be judged for; the first is the default. */
  readonly targets: readonly TargetSpec[];
  /**
   * Formats whose files this one's are a kind of (a Cline task history is a message list with more fields): the rules
   * that name one of them in their `formats` run on this format's files too.
   */
  readonly rulesOf?: readonly string[];
  readonly dialect?: Dialect;
  /** The file position of a site a rule reported. */
  locate(model: M, site: Site): Location;
  /** The file line of a line a message names ("already used on line N"). */
  locateLine(model: M, line: number): number;
  /** The file with the fixes applied, written in the format's own shape. */
  writeBack(model: M, fixes: readonly Fix[]): ApplyResult;
  /** What a folder expands to when the run says its files are of this format (globs relative to the folder). */
  readonly folderPatterns: readonly string[];
  /** Files the agent keeps beside its transcripts that are none (globs): left out when a folder is expanded. */
  readonly notTranscripts?: readonly string[];
  readonly sessions?: SessionStore;
  /**
   * How a file of this format that did not read as one (too few records of its shape) is still recognised, for the
   * unknown format's message ("looks like a Gemini CLI session: try --input-format gemini-cli"): the top-level keys
   * every record has (of the JSON document, with `document`), and the tool's file in words.
   */
  readonly lookalike?: Lookalike;
  /**
   * For `split`: the other sessions whose lines the file holds (two sessions' files joined into one), or undefined
   * when it holds one session. A format without it cannot be split.
   */
  otherSessions?(filePath: string, model: M): JoinedSessions | undefined;
  /** The request the agent would send on resume, for `export`. */
  exportRequest?(model: M): unknown;
  /**
   * For a file that holds several requests (a batch file): each as a model of its own, with the format that reads
   * it and places its findings in this file. Rules run on each part as on a file of that format; the fixes of a
   * part's findings reach this format's writeBack with `part` set to the part's index (see Fix).
   */
  parts?(model: M): readonly FilePart[];
}

export interface FilePart {
  model: FormatModel;
  format: Format;
}
