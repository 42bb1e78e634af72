// A pass that makes unreadable lines readable (valid-json stripping NUL bytes) applies only those fixes: the other
// rules' fixes of the same lint were planned without the entries the mended lines hold (the fuzzer's cases: a real
// tool result deleted as an "orphan", an "interrupted" result added beside it, the history hung under a placeholder).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixBytes } from '../../src/index.js';
import { text, toolResult, toolUse, transcript } from '../helpers/build.js';

/** A session of one call and its result, with NUL bytes before the closing brace of line `damaged`. */
function callSession(damaged: number): { input: Uint8Array; clean: string } {
  const t = transcript();
  t.user('list the files');
  t.assistant([toolUse('toolu_01LS', 'Bash', { command: 'ls' })]);
  t.user([toolResult('toolu_01LS', 'a.txt\nb.txt')]);
  t.assistant([text('There are two files.')]);
  const clean = t.toString();
  const lines = clean.split('\n');
  lines[damaged - 1] = `${lines[damaged - 1]!.slice(0, -1)}\u0000\u0000\u0000\u0000}`;
  return { input: Buffer.from(lines.join('\n')), clean };
}

/** Prompt, reply, a second prompt typed 11 s after the reply (unreadable, resume cannot bridge past it: over 5 s). */
function haiku(): string {
  const at = (s: number) => ({ timestamp: `2026-01-01T00:00:${String(s).padStart(2, '0')}.000Z` });
  const t = transcript();
  t.user('write a haiku', { extra: at(0) });
  t.assistant([text('autumn wind / ...')], { extra: at(2) });
  t.user('now translate it to French', { extra: at(13) });
  t.assistant([text('vent d automne')], { extra: at(14) });
  return t.toString();
}

describe('line-restoring fixes go first, alone', () => {
  for (const damaged of [2, 3]) {
    it(`NUL bytes on line ${damaged} (the ${damaged === 2 ? 'call' : 'result'}): the fix only strips them`, () => {
      const { input, clean } = callSession(damaged);
      const outcome = fixBytes('/tmp/project/s.jsonl', input);
      expect(Buffer.from(outcome.output).toString()).toBe(clean);
      expect(outcome.applied.map((f) => f.ruleId)).toEqual(['valid-json']);
      expect(outcome.final.result.errorCount + outcome.final.result.warningCount).toBe(0);
    });
  }

  it('NUL bytes on a prompt mid-chain: the history above it is kept, not hung under a placeholder', () => {
    const clean = haiku();
    const lines = clean.split('\n');
    lines[2] = `${lines[2]!.slice(0, -1)}\u0000\u0000}`;
    const outcome = fixBytes('/tmp/project/s.jsonl', Buffer.from(lines.join('\n')));
    expect(Buffer.from(outcome.output).toString()).toBe(clean);
  });

  it('a NUL inside the prompt (an unsafe strip): the safe fix does not hang the rest under a placeholder', () => {
    const clean = haiku();
    const damaged = Buffer.from(clean.replace('translate', 'trans\u0000late'));
    // Safe only: the prompt's line is left for the unsafe strip, and the chain below it is not re-rooted.
    expect(Buffer.from(fixBytes('/tmp/project/s.jsonl', damaged).output).equals(damaged)).toBe(true);
    // With the unsafe strip, the whole history comes back.
    const unsafe = fixBytes('/tmp/project/s.jsonl', damaged, { unsafe: true });
    expect(Buffer.from(unsafe.output).toString()).toBe(clean);
  });
});

describe('a line kept in an object the agent skips restores nothing: the other fixes go in the same pass', () => {
  it('a torn last line kept and a repeated entry deleted: one pass, each as the two passes wrote them', () => {
    const clean = haiku();
    const lines = clean.split('\n');
    const torn = '{"parentUuid":null,"type":"user","mess';
    // The second line again, after the last entry, then the torn line.
    const input = Buffer.from(`${clean}${lines[1]}\n${torn}`);
    const outcome = fixBytes('/tmp/project/s.jsonl', input);
    // unique-uuid keeps the later copy of the entry (the earlier one is deleted), valid-json keeps the torn line.
    const kept = `{"type":"transcript-lint.kept-line","reason":"torn","text":${JSON.stringify(torn)}}`;
    expect(Buffer.from(outcome.output).toString()).toBe([lines[0], lines[2], lines[3], lines[1], kept, ''].join('\n'));
    expect(outcome.applied.map((f) => f.ruleId).sort()).toEqual(['unique-uuid', 'valid-json']);
    expect(outcome.passes).toBe(1);
    expect(outcome.final.result.errorCount + outcome.final.result.warningCount).toBe(0);
  });

  it('a Copilot event kept in the chain (it has a parentId) still goes first: the re-link waits for it', () => {
    // Recorded: Copilot's resumed copy with a cut-off event, then the events it appended (copilot-resumed).
    const file = 'fixtures/sessions/copilot-resumed/copy-appended-pending/events.jsonl';
    const outcome = fixBytes(file, readFileSync(file));
    const kept = Buffer.from(outcome.output)
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('{"type":"transcript-lint.kept-line"'));
    // The second cut-off event is hung below the event before it, as the pass after the keeps re-links it; planned
    // beside the keeps, the re-link hung it below the first one.
    expect(kept.map((l) => JSON.parse(l).parentId)).toEqual([
      'df47b9c8-0f88-448e-bb50-17cbcd8c9597',
      'cf1b74f8-fbc3-44be-a7f2-d4708f281733',
    ]);
    expect(outcome.passes).toBeGreaterThan(1);
  });
});
