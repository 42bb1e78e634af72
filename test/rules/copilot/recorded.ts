// The Copilot CLI 1.0.102 recordings (fixtures/sessions/copilot/<name>/<session-id>/events.jsonl, the stored system
// prompt scrubbed) as the rule tests cut them: the text, its lines, and one line replaced or removed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', 'fixtures', 'sessions', 'copilot');

export interface Recording {
  text: string;
  /** The lines, without their "\n". */
  lines: string[];
  /** The file with line n (1-based) replaced by `text` (which may hold several lines), or removed when undefined. */
  with(n: number, text?: string): string;
  /** Line n parsed. */
  event(n: number): Record<string, any>;
}

export function recording(name: string): Recording {
  const dir = path.join(ROOT, name);
  const folder = readdirSync(dir).find((f) => !f.includes('.'))!;
  const text = readFileSync(path.join(dir, folder, 'events.jsonl'), 'utf8');
  const lines = text.slice(0, -1).split('\n');
  return {
    text,
    lines,
    with(n, replacement) {
      const copy = [...lines];
      if (replacement === undefined) copy.splice(n - 1, 1);
      else copy[n - 1] = replacement;
      return `${copy.join('\n')}\n`;
    },
    event: (n) => JSON.parse(lines[n - 1]!),
  };
}

/** A JSON line as Copilot writes it. */
export const line = (value: unknown): string => JSON.stringify(value);
