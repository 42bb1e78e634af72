// The model of a Gemini CLI session file: its lines, what the CLI loads from them, and the contents it sends on
// resume, each built on first use and then kept.
import type { SourceFile } from '../../loader/read-jsonl.js';
import type { FormatModel } from '../types.js';
import { type SentTurn, sentTurns } from './compile.js';
import { folderProjectHash } from './rebuilt-header.js';
import { type GeminiSession, loadSession } from './session.js';
import { type StaleCopy, staleCopies } from './stale-copies.js';

export class GeminiModel implements FormatModel {
  private sessionCache?: GeminiSession;
  private sentCache?: SentTurn[];
  private staleCache?: StaleCopy[];
  private folderHashRead?: { hash: string | undefined };

  constructor(readonly file: SourceFile) {}

  /** What the CLI loads from the file. */
  get session(): GeminiSession {
    this.sessionCache ??= loadSession(this.file);
    return this.sessionCache;
  }

  /** Older copies of records appended after newer ones, when they change what the CLI loads. */
  get staleCopies(): StaleCopy[] {
    this.staleCache ??= staleCopies(this.file, this.session);
    return this.staleCache;
  }

  /** sha256 of the project root the file's folder records (`../.project_root` beside `chats/`), read on first use. */
  get folderHash(): string | undefined {
    if (this.folderHashRead === undefined) this.folderHashRead = { hash: folderProjectHash(this.file.path) };
    return this.folderHashRead.hash;
  }

  /** The contents the CLI sends on resume, before the new prompt. */
  get sent(): SentTurn[] {
    this.sentCache ??= sentTurns(this.session.messages);
    return this.sentCache;
  }
}
