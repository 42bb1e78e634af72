import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-use-has-result.js';
import { text, thinking, toolResult, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

// A plain round trip: prompt, call, result, answer.
const plain = transcript();
plain.user('list files'); // 1
plain.assistant([text('Listing.'), toolUse('toolu_A')]); // 2
plain.result('toolu_A', 'a.txt'); // 3
plain.assistant([text('One file.')]); // 4

// Claude Code 2.1.332 parallel calls: one entry per block, a linear chain of parts, each result hanging off its part,
// results in completion order.
const parallel = transcript();
parallel.user('run three'); // 1
const p0 = parallel.assistant([text('Running.')], { id: 'msg_par', requestId: 'req_1' }); // 2
const p1 = parallel.assistant([toolUse('toolu_P1')], { id: 'msg_par', requestId: 'req_1' }); // 3
const p2 = parallel.assistant([toolUse('toolu_P2')], { id: 'msg_par', requestId: 'req_1' }); // 4
const p3 = parallel.assistant([toolUse('toolu_P3')], { id: 'msg_par', requestId: 'req_1' }); // 5
parallel.result('toolu_P1', 'one', { parent: p1 }); // 6
parallel.result('toolu_P3', 'three', { parent: p3 }); // 7
const r2 = parallel.result('toolu_P2', 'two', { parent: p2 }); // 8
parallel.assistant([text('All three done.')], { parent: r2 }); // 9
void p0;

// The legacy interleaved linear chain: A, u1, r1, u2, r2.
const legacy = transcript();
legacy.user('two calls');
legacy.assistant([text('Two.')], { id: 'msg_leg' });
legacy.assistant([toolUse('toolu_L1')], { id: 'msg_leg' });
legacy.result('toolu_L1');
legacy.assistant([toolUse('toolu_L2')], { id: 'msg_leg' });
legacy.result('toolu_L2');
legacy.assistant([text('Done.')]);

// Thinking with a signature, split from its tool_use.
const think = transcript();
think.user('think first');
think.assistant([thinking('let me see', 'c2lnbmF0dXJl')], { id: 'msg_th' });
think.assistant([toolUse('toolu_T1')], { id: 'msg_th' });
think.result('toolu_T1');
think.assistant([thinking('ok', 'c2ln')], { id: 'msg_th2' });
think.assistant([text('Done.')], { id: 'msg_th2' });

// Compaction: an unanswered call before the boundary is not sent any more.
const compacted = transcript();
compacted.user('start');
compacted.assistant([toolUse('toolu_OLD')]);
compacted.compactBoundary();
compacted.compactSummary();
compacted.user('go on');
compacted.assistant([text('Going on.')]);

// Attachments rendered as system messages sit between the result and the answer.
const attached = transcript();
attached.user('hi');
attached.assistant([toolUse('toolu_AT')]);
attached.result('toolu_AT');
attached.attachment({ type: 'date' }, { rendered: ['<system-reminder>today</system-reminder>'], renderedRole: 'system' });
attached.assistant([text('ok')]);

// Sidechain entries in the main file are not on the resumed chain.
const sidechain = transcript();
sidechain.user('main');
sidechain.assistant([text('main answer')]);
sidechain.user('sub task', { parent: null, extra: { isSidechain: true } });
sidechain.assistant([toolUse('toolu_SIDE')], { extra: { isSidechain: true } });
sidechain.lastPrompt('00000000-0000-4000-8000-000000000002');

// Mid-history: the call's result never came, and the user went on.
const mid = transcript();
mid.user('do it'); // 1
mid.assistant([text('Doing.'), toolUse('toolu_MID')]); // 2
mid.user('never mind'); // 3
mid.assistant([text('OK.')]); // 4

// At the tail: the session ended during the call.
const tail = transcript();
tail.user('do it'); // 1
tail.assistant([text('Doing.'), toolUse('toolu_TAIL')]); // 2

// Parallel calls where one result is missing.
const partial = transcript();
partial.user('two'); // 1
const q1 = partial.assistant([toolUse('toolu_Q1')], { id: 'msg_q' }); // 2
const q2 = partial.assistant([toolUse('toolu_Q2')], { id: 'msg_q' }); // 3
const rq = partial.result('toolu_Q1', 'ok', { parent: q1 }); // 4
partial.assistant([text('Only one came back.')], { parent: rq }); // 5
void q2;

// The result exists, but two messages later.
const late = transcript();
late.user('go'); // 1
late.assistant([toolUse('toolu_LATE')]); // 2
late.user('still there?'); // 3
late.assistant([text('Yes.')]); // 4
late.user([toolResult('toolu_LATE')]); // 5
late.assistant([text('Got it.')]); // 6

// An assistant follows directly (a virtual prompt in between is not sent).
const adjacent = transcript();
adjacent.user('go'); // 1
adjacent.assistant([toolUse('toolu_ADJ')]); // 2
adjacent.user('hidden', { extra: { isVirtual: true } }); // 3
adjacent.assistant([text('Next.')]); // 4

runRuleTests(rule, {
  valid: [
    { name: 'a tool call with its result', text: plain.toString() },
    { name: 'parallel split parts with results in completion order', text: parallel.toString() },
    { name: 'legacy interleaved parts and results', text: legacy.toString() },
    { name: 'thinking with signature split from its tool_use', text: think.toString() },
    { name: 'an unanswered call before a compact boundary is not sent', text: compacted.toString() },
    { name: 'a system attachment between result and answer', text: attached.toString() },
    { name: 'an unanswered call in sidechain entries of the main file', text: sidechain.toString() },
    { name: 'a tool call with its result (api target)', text: plain.toString(), target: 'api' },
  ],
  invalid: [
    { name: 'mid-history: dropped', text: mid.toString(), errors: [{ messageId: 'dropped', line: 2, blockIndex: 1, severity: 'warn' }] },
    { name: 'at the tail: interrupted result', text: tail.toString(), errors: [{ messageId: 'interrupted', line: 2, blockIndex: 1, severity: 'warn' }] },
    { name: 'api: missing result is an error', text: mid.toString(), target: 'api', errors: [{ messageId: 'missing', line: 2, severity: 'error', messageIncludes: 'ids were found without `tool_result` blocks immediately after: toolu_MID' }] },
    { name: 'api: missing result at the tail', text: tail.toString(), target: 'api', errors: [{ messageId: 'missing', line: 2 }] },
    { name: 'bedrock: missing result is an error', text: tail.toString(), target: 'bedrock', errors: [{ messageId: 'missing', line: 2, severity: 'error' }] },
    { name: 'one of two parallel calls has no result', text: partial.toString(), errors: [{ messageId: 'dropped', line: 3, blockIndex: 0 }] },
    { name: 'the result comes two messages late', text: late.toString(), errors: [{ messageId: 'dropped', line: 2 }] },
    { name: 'an assistant message follows directly', text: adjacent.toString(), errors: [{ messageId: 'dropped', line: 2 }] },
  ],
});

describe('tool-use-has-result details', () => {
  it('points at a result that is elsewhere in the file', () => {
    const { result } = lintWith(rule, late.toString());
    expect(result.diagnostics[0]!.related).toEqual([{ line: 5, message: 'a tool_result for toolu_LATE is here, not in the next message' }]);
  });

  it('names the tool', () => {
    const { result } = lintWith(rule, tail.toString());
    expect(result.diagnostics[0]!.message).toContain('toolu_TAIL (Bash)');
  });

  it('does not throw on malformed blocks and content', () => {
    const t = transcript();
    t.user('x');
    t.assistant([{ type: 'tool_use' }, 42 as unknown as Record<string, unknown>, { type: 'tool_use', id: 7 }]);
    t.raw({ type: 'assistant', uuid: 'u-bad', parentUuid: t.lastUuid, message: { role: 'assistant', content: 'str' } });
    t.raw({ type: 'user', uuid: 'u-bad2', parentUuid: 'u-bad', message: { role: 'user', content: { not: 'an array' } } });
    expect(() => lintWith(rule, t.toString())).not.toThrow();
    expect(lintWith(rule, t.toString()).result.diagnostics).toEqual([]);
  });
});
