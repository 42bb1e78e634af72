// The problems the loader found on a JSONL line, as the findings the JSON-container formats' line rules report
// (batch/line-shape, openai/valid-json): one per problem worth saying, a NUL byte standing for the parse error it
// causes, and nothing more on a torn last line. Each rule words them in its own messages.
import type { FixDescriptor } from './rule-api.js';
import { lineByteLength, type SourceLine } from './lines.js';

export type LineFinding =
  | { kind: 'torn' }
  | { kind: 'parse'; detail: string }
  | { kind: 'notObject'; detail: string }
  | { kind: 'utf8' }
  | { kind: 'tooLong'; bytes: number; limit: number | string };

export function lineFindings(line: SourceLine): LineFinding[] {
  const kinds = new Set(line.problems.map((p) => p.kind));
  const out: LineFinding[] = [];
  for (const p of line.problems) {
    if (p.kind === 'torn') out.push({ kind: 'torn' });
    else if (
      (p.kind === 'parse' && !kinds.has('nul') && !kinds.has('torn')) ||
      (p.kind === 'nul' && !kinds.has('torn'))
    )
      out.push({ kind: 'parse', detail: p.kind === 'nul' ? 'it holds a NUL byte' : (p.detail ?? '') });
    else if (p.kind === 'not-object') out.push({ kind: 'notObject', detail: p.detail ?? '' });
    else if (p.kind === 'utf8' && kinds.size === 1) out.push({ kind: 'utf8' });
    else if (p.kind === 'too-long')
      out.push({ kind: 'tooLong', bytes: lineByteLength(line), limit: p.limit?.bytes ?? '?' });
  }
  return out;
}

/** The fix that deletes a line. */
export function dropLineFix(line: number, applicability: 'safe' | 'unsafe', description: string): FixDescriptor {
  return { applicability, description, edits: [{ kind: 'delete', line }] };
}
