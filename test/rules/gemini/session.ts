// Gemini CLI 0.61.0 sessions for the gemini/* rule tests: the files the CLI recorded (fixtures/sessions/gemini,
// from corpus/gemini-cli-0.61.0), as their lines, to cut and damage the way the oracle runs did.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DATA = path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'sessions', 'gemini');

/** A recorded file's lines (without the final empty one). */
export function recorded(name: 'tool-call' | 'parallel' | 'resumed' | 'no-call-ids' | 'no-call-ids-once'): string[] {
  return readFileSync(path.join(DATA, `${name}.jsonl`), 'utf8')
    .replace(/\n$/, '')
    .split('\n');
}

/** A fixed file this folder keeps, as text. */
export const expected = (name: string): string => readFileSync(path.join(import.meta.dirname, 'data', name), 'utf8');

export const text = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

/** Lines without the 1-based line numbers given. */
export const without = (lines: readonly string[], ...drop: number[]): string[] =>
  lines.filter((_, i) => !drop.includes(i + 1));

/** A line's record changed by `change`, written back compactly as the CLI writes it. */
export function edited(line: string, change: (v: Record<string, unknown>) => void): string {
  const v = JSON.parse(line) as Record<string, unknown>;
  change(v);
  return JSON.stringify(v);
}

/** The record a fix writes in place of a line the CLI is to skip: its text in a transcript-lint.kept-line record. */
export const keptLine = (line: string, reason: string): string =>
  JSON.stringify({ type: 'transcript-lint.kept-line', reason, text: line });

/** Lines with the 1-based line `n` replaced by `line`. */
export const replaced = (lines: readonly string[], n: number, line: string): string[] =>
  lines.map((l, i) => (i === n - 1 ? line : l));
