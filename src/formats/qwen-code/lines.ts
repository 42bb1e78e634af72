// How Qwen Code 0.24.4 reads a session file's lines (jsonl-utils.ts `read`, from the 0.24.4 bundle): each line
// trimmed and, when not blank, parsed as JSON; a line that parses to anything but an object gives nothing; a line
// that does not parse gives the balanced `{…}` objects found at its top level that parse on their own (so a torn
// line gives none, two records run together give both, NUL padding before a record is passed over).
import type { SourceLine } from '../../loader/read-jsonl.js';

export type Obj = Record<string, unknown>;

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What Qwen makes of one line: its objects, and whether the line was read whole (one object, nothing else). */
export interface LineRead {
  objects: Obj[];
  /** For a line read in pieces: each object's own text, as it stands in the line. */
  texts?: string[];
  complete: boolean;
}

/** Port of `recoverObjectsFromLine` (jsonl-utils.ts). */
export function recoverObjects(text: string): LineRead {
  const objects: Obj[] = [];
  const texts: string[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let complete = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (escaped) {
      escaped = false;
      continue;
    }
    if (inString) {
      if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      if (depth === 0) complete = false;
      inString = true;
      continue;
    }
    if (c === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0 && start >= 0) {
        const piece = text.slice(start, i + 1);
        try {
          objects.push(JSON.parse(piece) as Obj);
          texts.push(piece);
        } catch {
          complete = false;
        }
        start = -1;
      } else if (depth < 0) {
        complete = false;
        depth = 0;
        start = -1;
      }
    } else if (depth === 0 && !/\s/.test(c)) {
      complete = false;
    }
  }
  return { objects, texts, complete: complete && objects.length > 0 && depth === 0 && !inString && start === -1 };
}

/** The line's text as Qwen's UTF-8 stream decodes it (each bad sequence a U+FFFD), trimmed as Qwen trims it. */
export function lineText(line: SourceLine): string {
  return lenient.decode(line.bytes).trim();
}

/** What Qwen reads from a line; undefined for a blank line (Qwen skips it). */
export function readLine(line: SourceLine): LineRead | undefined {
  if (line.json && line.problems.length === 0) return { objects: [line.json], complete: true };
  const text = lineText(line);
  if (text.length === 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObj(parsed) ? { objects: [parsed], complete: true } : { objects: [], complete: false };
  } catch {
    return recoverObjects(text);
  }
}
