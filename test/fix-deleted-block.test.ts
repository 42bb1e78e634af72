// A block of lines deleted by hand (issue 35): the entry after the block names a parent that is gone. The fix must
// hang it below the nearest surviving entry before the block, so that Claude Code sends the earlier turns again;
// a request that is merely valid (a new root saying the history is missing) is not enough.
// The damaged file is the issue-14 recording `multi` (fixtures/sessions/claude-code/recorded/recordings/multi) with its
// timestamps spread out 50 times (so the gap over the block is more than the 5 s Claude Code bridges, as in a real
// session) and lines 39-40 (round two's tool call and its result) deleted. Resumed as it is, Claude Code 2.1.332
// sent `assistant: "Finished round two."` first and the strict stand-in API rejected all 6 requests; beside it is the
// first request Claude Code sent for the file `--fix --unsafe-fixes` wrote (rc=0, 1 request, 0 rejected).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Message, recordedConversation, stripCacheControl, withoutSystem } from './helpers/sent-messages.js';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';
import { recordingLines } from './helpers/recorded.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'deleted-block');
const damaged = readFileSync(path.join(DIR, 'round-two-call-deleted.jsonl'));
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

describe('a block of lines deleted by hand', () => {
  it('is reported: the request starts with the answer after the block', () => {
    const found = lintBytes('t.jsonl', damaged).result.diagnostics.map((d) => [d.ruleId, d.line, d.severity]);
    expect(found).toEqual([
      ['first-message-user', 40, 'error'],
      ['parent-exists', 40, 'error'],
    ]);
  });

  it('--fix writes no new root: that would make the request valid and drop the earlier turns', () => {
    expect(fixBytes('t.jsonl', damaged).status).toBe('unchanged');
  });

  it('--fix --unsafe-fixes re-links the entry after the block to the last entry before it, and nothing else', () => {
    const out = fixBytes('t.jsonl', damaged, { unsafe: true });
    expect(out.applied.map((f) => [f.ruleId, f.description])).toEqual([
      ['parent-exists', 're-link to the entry on line 37'],
    ]);
    // Line 37 is round two's prompt (uuid 0b063641-…), line 40 its answer, whose parent (the result) was deleted.
    const want = text(damaged).replace(
      '{"parentUuid":"d18654ce-c584-497a-9e3b-fa139ec73b34"',
      '{"parentUuid":"0b063641-78de-4c3d-8878-11031a725883"',
    );
    expect(want).not.toBe(text(damaged));
    expect(text(out.output)).toBe(want);
    expect(lintBytes('t.jsonl', out.output).result.errorCount).toBe(0);
  });

  it('the fixed file sends what Claude Code sent for it: both rounds', () => {
    const out = fixBytes('t.jsonl', damaged, { unsafe: true });
    const sent = JSON.parse(readFileSync(path.join(DIR, 'round-two-call-deleted.fixed.request.json'), 'utf8')) as {
      messages: Message[];
    };
    // Claude Code's request ends with the resume prompt.
    expect(withoutSystem(sent.messages).at(-1)).toEqual({ role: 'user', content: 'continue' });
    const ours = withoutSystem((exportRequest('t.jsonl', out.output) as { messages: Message[] }).messages);
    expect(ours).toEqual(withoutSystem(sent.messages).slice(0, -1));
    expect(JSON.stringify(ours)).toContain('do round one');
    expect(JSON.stringify(ours)).toContain('do round two');
  });
});

// The three results of a parallel group deleted (the differential harness's seed 213: the corpus session
// parallel.jsonl, continued by Claude Code, lines 24-27 deleted). The attachment after the block is bridged to the
// last call within 5 s, but the calls have no results: Claude Code 2.1.332 dropped all three (.request.json beside
// the file). That loses them: tool-use-has-result reports each as an error, and the fix's interrupted results bring
// them back (.fixed.request.json).
describe("a parallel group's results deleted by hand", () => {
  const name = 'parallel-results-deleted';
  const file = readFileSync(path.join(DIR, `${name}.jsonl`));
  const exported = (data: Uint8Array): Message[] =>
    stripCacheControl(withoutSystem((exportRequest('t.jsonl', data) as { messages: Message[] }).messages)) as Message[];

  it('export sends what Claude Code sent: no call of the group', () => {
    expect(exported(file)).toEqual(recordedConversation(path.join(DIR, `${name}.request.json`)));
    expect(JSON.stringify(exported(file))).not.toContain('toolu_P');
  });

  it('each dropped call is an error', () => {
    const errors = lintBytes('t.jsonl', file)
      .result.diagnostics.filter((d) => d.severity === 'error')
      .map((d) => [d.ruleId, d.messageId, d.line]);
    expect(errors).toEqual([
      ['tool-use-has-result', 'dropped', 20],
      ['tool-use-has-result', 'dropped', 21],
      ['tool-use-has-result', 'dropped', 22],
    ]);
  });

  it('the fixed file sends the three calls, as Claude Code did for it', () => {
    const out = fixBytes('t.jsonl', file, { unsafe: true }).output;
    expect(exported(out)).toEqual(recordedConversation(path.join(DIR, `${name}.fixed.request.json`)));
    for (const id of ['toolu_P1', 'toolu_P2', 'toolu_P3']) expect(JSON.stringify(exported(out))).toContain(id);
  });
});

// Every block of 1-4 lines deleted from the same slowed-down recording: --fix --unsafe-fixes must leave no error
// and keep sending every prompt and tool call the intact file sent that was not in the block. Before issue 35, 34 of
// these 112 deletions (blocks up to 12 lines) lost earlier turns to first-message-user's new root.
describe('every block deleted from the recording multi', () => {
  let t0: number | undefined;
  const lines = recordingLines('multi').map((l) =>
    l.replace(/"timestamp":"([^"]+)"/, (_, ts: string) => {
      const t = Date.parse(ts);
      t0 ??= t;
      return `"timestamp":"${new Date(t0 + (t - t0) * 50).toISOString()}"`;
    }),
  );
  const bytes = (ls: readonly string[]) => new TextEncoder().encode(`${ls.join('\n')}\n`);
  const sentOf = (data: Uint8Array): { prompts: string[]; calls: string[] } => {
    const { messages } = exportRequest('t.jsonl', data) as { messages: { role: string; content: unknown }[] };
    const prompts: string[] = [];
    const calls: string[] = [];
    for (const m of messages) {
      const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as any[]);
      for (const b of blocks) {
        if (m.role === 'user' && b.type === 'text' && /^do round/.test(b.text)) prompts.push(b.text.trim());
        if (b.type === 'tool_use') calls.push(b.id);
      }
    }
    return { prompts, calls };
  };
  const intact = sentOf(bytes(lines));
  const isEntry = (l: string): boolean => l.startsWith('{"parentUuid"');
  it('keeps the earlier turns', () => {
    expect(intact.prompts).toEqual(['do round one', 'do round two']);
    let checked = 0;
    for (let a = 0; a < lines.length; a++) {
      if (!isEntry(lines[a]!)) continue;
      for (let len = 1; len <= 4 && a + len <= lines.length; len++) {
        const gone = lines.slice(a, a + len).join('\n');
        const out = fixBytes('t.jsonl', bytes([...lines.slice(0, a), ...lines.slice(a + len)]), { unsafe: true });
        const sent = sentOf(out.output);
        const where = `lines ${a + 1}-${a + len}`;
        expect(lintBytes('t.jsonl', out.output).result.errorCount, where).toBe(0);
        expect(
          intact.prompts.filter((p) => !gone.includes(p) && !sent.prompts.includes(p)),
          where,
        ).toEqual([]);
        expect(
          intact.calls.filter((id) => !gone.includes(id) && !sent.calls.includes(id)),
          where,
        ).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(80);
  });
});
