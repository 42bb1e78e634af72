// A crash between the two writes of a compaction (issue 35): the compact_boundary is written, its summary never
// (boundary-last.jsonl: the corpus session compact.jsonl cut after its boundary, line 50) or torn (summary-torn.jsonl:
// the summary line cut off after 200 bytes). Claude Code 2.1.332 hangs the preserved tail ("Finished round two.",
// line 42) below the summary that is not there and deletes the history before the boundary: it sent the assistant
// message alone, and the strict stand-in API rejected all 6 requests. --fix removes the unfinished boundary (and keeps
// the torn line in an entry Claude Code ignores): Claude Code then resumed the history the user had (rc=0, 1 request, 0 rejected). Both requests are
// recorded beside the files (../shared/oracle, MOCK_STRICT=1 resume.sh).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Message, withoutSystem } from './helpers/sent-messages.js';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'unwritten-summary');
const read = (name: string): Buffer => readFileSync(path.join(DIR, name));
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

const exported = (data: Uint8Array): Message[] =>
  withoutSystem((exportRequest('t.jsonl', data) as { messages: Message[] }).messages);
/** The recorded request's history without the resume prompt (the last user message, "continue"). */
function sent(name: string): Message[] {
  const { messages } = JSON.parse(text(read(name))) as { messages: Message[] };
  const h = withoutSystem(messages);
  expect(JSON.stringify(h.at(-1)?.content)).toContain('continue');
  return h.slice(0, -1);
}

const damaged = read('boundary-last.jsonl');
const torn = read('summary-torn.jsonl');
/** The session as it was before the compaction began: lines 1-49. */
const beforeCompaction = `${text(damaged).split('\n').slice(0, 49).join('\n')}\n`;

describe('a compaction whose summary was never written', () => {
  it('export sends what Claude Code sent: the preserved tail alone, an assistant message', () => {
    expect(exported(damaged)).toEqual(sent('boundary-last.request.json'));
    expect(exported(damaged)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'Finished round two.' }] },
    ]);
    expect(exported(torn)).toEqual(exported(damaged));
  });

  it('is an error, reported on the boundary', () => {
    const found = lintBytes('t.jsonl', damaged).result.diagnostics.map((d) => [d.ruleId, d.line, d.severity]);
    expect(found).toEqual([
      ['first-message-user', 42, 'error'],
      ['resume-branch', 42, 'warn'],
      ['compact-summary', 50, 'error'],
    ]);
    const report = lintBytes('t.jsonl', damaged).result.diagnostics.find((d) => d.ruleId === 'compact-summary')!;
    expect(report.message).toBe(
      'This compact boundary has no summary: its summary (7ff4972b-9fed-4525-869f-66d86c3dd663) was never written (a crash between the two writes of a compaction?). On resume Claude Code deletes the history before the boundary and sends the preserved tail alone (from line 42), which starts with an assistant message, so the API rejects the request on every retry.',
    );
  });

  it('--fix removes the boundary and nothing else: no new root in front of the tail', () => {
    const out = fixBytes('t.jsonl', damaged);
    expect(out.applied.map((f) => [f.ruleId, f.applicability])).toEqual([['compact-summary', 'safe']]);
    expect(text(out.output)).toBe(beforeCompaction);
    expect(lintBytes('t.jsonl', out.output).result.diagnostics).toEqual([]);
  });

  it("--fix removes the boundary and keeps the torn summary's text in an entry Claude Code ignores", () => {
    const out = fixBytes('t.jsonl', torn);
    expect(out.applied.map((f) => f.ruleId).sort()).toEqual(['compact-summary', 'valid-json']);
    const tornSummary = text(torn).split('\n').at(-1)!;
    expect(tornSummary).toMatch(/^\{"parentUuid":.*"This session is being conti$/);
    const kept = JSON.stringify({ type: 'transcript-lint.kept-line', reason: 'torn', text: tornSummary });
    expect(text(out.output)).toBe(`${beforeCompaction}${kept}\n`);
  });

  it('the fixed files send what Claude Code sent for them: the history before the compaction', () => {
    const fixed = fixBytes('t.jsonl', damaged).output;
    expect(exported(fixed)).toEqual(sent('boundary-last.fixed.request.json'));
    expect(exported(fixBytes('t.jsonl', torn).output)).toEqual(sent('summary-torn.fixed.request.json'));
    const said = JSON.stringify(exported(fixed));
    for (const t of ['do round one', 'Finished round one.', 'do round two', 'Finished round two.'])
      expect(said).toContain(t);
  });
});

// An automatic compaction writes attachments between the boundary and the summary. The recorded session
// fixtures/rules/compact-summary/valid-auto-compact-at-turn-start.jsonl cut after line 40 (boundary, two
// attachments): Claude Code 2.1.332 sent the preserved tail alone ("Done one.", "turn two…"), 6 requests, all
// rejected; the file --fix --unsafe-fixes wrote (lines 38-40 gone) resumed with rc=0, 1 request, 0 rejected.
describe('an automatic compaction whose summary was never written', () => {
  const recorded = readFileSync(
    path.resolve(DIR, '..', '..', '..', 'rules', 'compact-summary', 'valid-auto-compact-at-turn-start.jsonl'),
    'utf8',
  ).split('\n');
  const cut = new TextEncoder().encode(`${recorded.slice(0, 40).join('\n')}\n`);

  it('export sends the preserved tail alone', () => {
    expect(exported(cut).map((m) => m.role)).toEqual(['assistant', 'user']);
  });

  it('--fix leaves it: the attachments below the boundary go too, which only --unsafe-fixes does', () => {
    expect(fixBytes('t.jsonl', cut).status).toBe('unchanged');
    const out = fixBytes('t.jsonl', cut, { unsafe: true });
    expect(out.applied.map((f) => [f.ruleId, f.description])).toEqual([
      [
        'compact-summary',
        'remove the boundary of the compaction that never finished and the 2 attachment entries below it, so the history before it is sent',
      ],
    ]);
    expect(text(out.output)).toBe(`${recorded.slice(0, 37).join('\n')}\n`);
    const said = JSON.stringify(exported(out.output));
    expect(said).toContain('turn one with a command');
    expect(said).toContain('turn two, the context is now too long');
  });
});
