// User text in a file Gemini CLI 0.61.0 deletes. A file with a header but no message the CLI resumes is no session
// to it (getAllSessionFiles lists none), and its start-up session cleanup deletes such a file. When the only user
// prompt is on a line the CLI cannot read (a crash cut it) or in a transcript-lint.kept-line record (a fix kept
// that line), the prompt goes with the file. Recorded with 0.61.0 (resume.sh, strict): tool-call's header, context
// and its prompt cut off at byte 130 ("run echo hel"): "No previous sessions found for this project.", and the file
// was gone after the run. The cut record's start gives the message the CLI began to write: its id, timestamp and the
// text up to the cut, which make the file a session the CLI lists again.
import type { SourceLine } from '../../loader/read-jsonl.js';
import { isKeptLine } from './kept-line.js';
import type { GeminiModel } from './model.js';
import { isIgnoredUserText } from './records.js';
import { listsSession } from './resumable.js';

export interface StrandedText {
  /** The line holding the cut user message (unreadable, or a kept-line record). */
  line: number;
  /** Whether the line is a kept-line record already. */
  kept: boolean;
  /** The user message record the cut text began, as the CLI writes one. */
  message: string;
}

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

const START = /^\{"id":"([^"\\]+)","timestamp":"([^"\\]*)","type":"user","content":\[\{"text":"/;

/** The text of a JSON string cut off at its end (a cut escape dropped), or the whole string when it closes. */
function cutString(rest: string): string | undefined {
  let end = rest.length;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '\\') i++;
    else if (rest[i] === '"') {
      end = i;
      break;
    }
  }
  let body = rest.slice(0, end);
  if (end === rest.length) body = body.replace(/\\(u[0-9a-fA-F]{0,3})?$/, (m) => (m.length % 2 === 1 ? '' : m));
  try {
    const text = JSON.parse(`"${body}"`) as unknown;
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The user message a cut record's text began, when it holds a prompt the CLI would resume. */
export function cutUserMessage(text: string): string | undefined {
  const m = START.exec(text.replace(/\u0000/g, '').trim());
  if (!m) return undefined;
  const prompt = cutString(
    text
      .replace(/\u0000/g, '')
      .trim()
      .slice(m[0].length),
  );
  if (prompt === undefined || isIgnoredUserText(prompt.trim())) return undefined;
  return JSON.stringify({ id: m[1], timestamp: m[2], type: 'user', content: [{ text: prompt }] });
}

/** The text a line holds for the CLI: an unreadable line's, a kept-line record's kept text. */
function heldText(line: SourceLine): { text: string; kept: boolean } | undefined {
  if (!line.json) return { text: lenient.decode(line.bytes), kept: false };
  if (isKeptLine(line.json) && typeof line.json.text === 'string') return { text: line.json.text, kept: true };
  return undefined;
}

/**
 * The first line of a file the CLI lists no session in, though it has a header, that holds a cut user prompt: the
 * CLI's start-up cleanup deletes the file with it.
 */
export function strandedText(model: GeminiModel): StrandedText | undefined {
  if (model.session.headers.length === 0) return undefined;
  const { file } = model;
  if (listsSession(file, new Set(file.lines.map((l) => l.lineNo)))) return undefined;
  for (const line of file.lines) {
    if (line.blank) continue;
    const held = heldText(line);
    const message = held && cutUserMessage(held.text);
    if (held && message) return { line: line.lineNo, kept: held.kept, message };
  }
  return undefined;
}
