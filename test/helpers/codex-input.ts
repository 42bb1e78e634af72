// What Codex sent against what `export` gives for a rollout: the same items, in order, whatever their key order, the
// first item's id masked (Codex derives it in a way not reproduced).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** `ours` equals the first items of `sent` (which may go on with the prompt the resume added). */
export function expectSameInput(ours: Record<string, unknown>[], sent: Record<string, unknown>[]): void {
  const norm = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(norm)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
          )
        : v;
  const theirs = sent.slice(0, ours.length).map((x, i) => (i === 0 ? { ...x, id: undefined } : x));
  expect(norm(JSON.parse(JSON.stringify(ours)))).toEqual(norm(JSON.parse(JSON.stringify(theirs))));
}

const CODEX_SESSIONS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex');

/** A case folder of fixtures/sessions/codex: the rollout's file name and bytes, and the JSON files recorded beside it. */
export function codexCase(id: string): {
  name: string;
  data: Buffer;
  dir: string;
  sentOf: (file: string) => Record<string, unknown>[];
} {
  const dir = path.join(CODEX_SESSIONS, id);
  return {
    name: readFileSync(path.join(dir, 'rollout.name'), 'utf8').trim(),
    data: readFileSync(path.join(dir, 'rollout.jsonl')),
    dir,
    sentOf: (file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>[],
  };
}
