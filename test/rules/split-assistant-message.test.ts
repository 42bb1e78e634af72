import { describe, expect, it } from 'vitest';
import rule from '../../rules/split-assistant-message.js';
import { fixBytes } from '../../src/index.js';
import { loadText } from '../../src/loader/read-jsonl.js';
import { fixed, type Json, text, thinking, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';
import { createHash } from 'node:crypto';
import { claudeCodeModel } from '../../src/formats/claude-code/model.js';

// ---- Expected fix output -------------------------------------------------------------------------------------
const file = (lines: readonly string[]): string => lines.join('\n') + '\n';
/** The id the fix gives a later group: msg_tl_ + a hash of the old id and the group's first part. */
const freshId = (id: string, firstPart: string): string =>
  `msg_tl_${createHash('sha256')
    .update(`${id}\u0000${(JSON.parse(firstPart) as { uuid: string }).uuid}`)
    .digest('hex')
    .slice(0, 24)}`;
/** Lines (1-based numbers) of one later group renamed, each part marked with the original id. */
function renamed(lines: readonly string[], group: number[]): string[] {
  const out = [...lines];
  const first = lines[group[0]! - 1]!;
  for (const n of group) {
    const o = JSON.parse(lines[n - 1]!) as Json & { message: Json };
    const id = o.message.id as string;
    o.message.id = freshId(id, first);
    o.transcriptLint = { rule: 'split-assistant-message', originalMessageId: id };
    out[n - 1] = JSON.stringify(o);
  }
  return out;
}

// A history written twice (a corpus file: a later version copied its turns with new uuids): the copy of a response,
// after a prompt, has its id, request and content, and a message field the later version adds.
const twice = transcript();
twice.user('search');
twice.assistant([toolUse('toolu_W1')], { id: 'msg_w', requestId: 'req_w' });
twice.result('toolu_W1', 'found');
twice.user('again');
{
  const copy = JSON.parse(twice.lines[1]!) as Json & { message: Json };
  copy.uuid = 'copied-uuid-1';
  copy.parentUuid = (JSON.parse(twice.lines[3]!) as { uuid: string }).uuid;
  copy.message.context_management = null;
  twice.lines.push(JSON.stringify(copy));
}

// Not copies (the review): the same text twice without a requestId, and a later group whose two parts are alike.
const noRequestIds = transcript();
noRequestIds.user('hi');
noRequestIds.assistant([text('OK')], { id: 'msg_same' });
noRequestIds.user('thanks');
noRequestIds.assistant([text('OK')], { id: 'msg_same' });
const alikeParts = transcript();
alikeParts.user('one');
alikeParts.assistant([text('A')], { id: 'msg_same', requestId: 'req_1' });
alikeParts.user('two');
alikeParts.assistant([text('x')], { id: 'msg_same', requestId: 'req_2' });
alikeParts.assistant([text('x')], { id: 'msg_same', requestId: 'req_2' });

// 2.1.332 parallel calls: text -> u1 -> u2 -> u3, results hang off their own part, in completion order.
const parallel = transcript();
parallel.user('run three');
parallel.assistant([text('Running.')], { id: 'msg_par', requestId: 'req_1' });
const p1 = parallel.assistant([toolUse('toolu_P1')], { id: 'msg_par', requestId: 'req_1' });
const p2 = parallel.assistant([toolUse('toolu_P2')], { id: 'msg_par', requestId: 'req_1' });
const p3 = parallel.assistant([toolUse('toolu_P3')], { id: 'msg_par', requestId: 'req_1' });
parallel.result('toolu_P1', 'one', { parent: p1 });
parallel.result('toolu_P3', 'three', { parent: p3 });
const r2 = parallel.result('toolu_P2', 'two', { parent: p2 });
parallel.assistant([text('All three done.')], { parent: r2, id: 'msg_next', requestId: 'req_2' });

// The legacy interleaved linear chain: A, u1, r1, u2, r2.
const legacy = transcript();
legacy.user('two calls');
legacy.assistant([text('Two.')], { id: 'msg_leg', requestId: 'req_1' });
legacy.assistant([toolUse('toolu_L1')], { id: 'msg_leg', requestId: 'req_1' });
legacy.result('toolu_L1');
legacy.assistant([toolUse('toolu_L2')], { id: 'msg_leg', requestId: 'req_1' });
legacy.result('toolu_L2');
legacy.assistant([text('Done.')], { id: 'msg_done' });

// Thinking, text and tool_use parts of one response.
const think = transcript();
think.user('think');
think.assistant([thinking('hmm', 'c2lnbmF0dXJl')], { id: 'msg_th', requestId: 'req_1' });
think.assistant([text('Let me check.')], { id: 'msg_th', requestId: 'req_1' });
think.assistant([toolUse('toolu_T')], { id: 'msg_th', requestId: 'req_1' });
think.result('toolu_T');
think.assistant([text('Done.')], { id: 'msg_th2', requestId: 'req_2' });

// Attachments, progress and system entries between parts.
const between = transcript();
between.user('go');
between.assistant([text('Starting.')], { id: 'msg_b' });
between.attachment({ type: 'date' }, { rendered: ['<system-reminder>date</system-reminder>'], renderedRole: 'system' });
const prog = between.newUuid();
between.raw({
  type: 'progress',
  uuid: prog,
  parentUuid: between.lastUuid,
  isSidechain: false,
  data: { type: 'hook_progress' },
});
between.from(prog);
between.raw({ type: 'system', subtype: 'turn_duration', uuid: 'sys-1', parentUuid: prog, isSidechain: false });
between.from('sys-1');
between.assistant([toolUse('toolu_B')], { id: 'msg_b' });
between.result('toolu_B');

// Parts of one id in a subagent's sidechain are left out, whatever separates them.
const sidechain = transcript();
sidechain.user('main');
sidechain.assistant([text('main answer')], { id: 'msg_main' });
const sub = sidechain.user('sub task', { parent: null, extra: { isSidechain: true } });
sidechain.assistant([text('sub 1')], { id: 'msg_sub', extra: { isSidechain: true } });
sidechain.user('sub follow-up', { extra: { isSidechain: true } });
sidechain.assistant([text('sub 2')], { id: 'msg_sub', extra: { isSidechain: true } });
void sub;

// One part with a requestId and one without: not a conflict.
const oneRequestId = transcript();
oneRequestId.user('go');
oneRequestId.assistant([text('a')], { id: 'msg_r', requestId: 'req_1' });
oneRequestId.assistant([text('b')], { id: 'msg_r' });

// A compaction that keeps the last response: its parts stay together.
const compacted = transcript();
compacted.user('go');
compacted.assistant([text('part 1')], { id: 'msg_c' });
compacted.assistant([text('part 2')], { id: 'msg_c' });
compacted.compactBoundary();
compacted.compactSummary();
compacted.user('next');
compacted.assistant([text('fresh')], { id: 'msg_d' });

// Observed surprise: a mock reused msg ids across runs; turn 2's call shares turn 1's id.
// Turn one's call is off the walk (its result hangs off the prompt), and turn two reuses its id: Claude Code pulls it
// into turn two's message (recording 15o).
const pulled = transcript();
const pulledPrompt = pulled.user('turn one'); // 1
pulled.assistant([toolUse('toolu_M1')], { id: 'msg_mock1' }); // 2
pulled.result('toolu_M1', 'one', { parent: pulledPrompt }); // 3
pulled.assistant([text('one done')], { id: 'msg_mock2' }); // 4
pulled.user('turn two'); // 5
pulled.assistant([toolUse('toolu_M3')], { id: 'msg_mock1' }); // 6
pulled.result('toolu_M3'); // 7
pulled.assistant([text('two done')], { id: 'msg_mock3' }); // 8

const acrossTurns = transcript();
acrossTurns.user('turn one'); // 1
acrossTurns.assistant([toolUse('toolu_M1')], { id: 'msg_mock1' }); // 2
acrossTurns.result('toolu_M1'); // 3
acrossTurns.assistant([text('one done')], { id: 'msg_mock2' }); // 4
acrossTurns.user('turn two'); // 5
acrossTurns.assistant([toolUse('toolu_M3')], { id: 'msg_mock1' }); // 6
acrossTurns.result('toolu_M3'); // 7
acrossTurns.assistant([text('two done')], { id: 'msg_mock3' }); // 8

// Another response between two uses of an id, in one turn.
const afterResponse = transcript();
afterResponse.user('go'); // 1
afterResponse.assistant([toolUse('toolu_X1')], { id: 'msg_x' }); // 2
afterResponse.result('toolu_X1'); // 3
afterResponse.assistant([toolUse('toolu_Y1')], { id: 'msg_y' }); // 4
afterResponse.result('toolu_Y1'); // 5
afterResponse.assistant([text('x again')], { id: 'msg_x' }); // 6

// Next to each other in the file, but the second part hangs off a prompt on another branch.
const alongChain = transcript();
const promptA = alongChain.user('branch A'); // 1
const promptB = alongChain.user('branch B', { parent: null }); // 2
alongChain.assistant([text('for A')], { id: 'msg_z', parent: promptA }); // 3
alongChain.assistant([text('for B')], { id: 'msg_z', parent: promptB }); // 4

// Different requestIds on adjacent parts.
const requestIds = transcript();
requestIds.user('go'); // 1
requestIds.assistant([text('a')], { id: 'msg_q', requestId: 'req_1' }); // 2
requestIds.assistant([text('b')], { id: 'msg_q', requestId: 'req_1' }); // 3
requestIds.assistant([text('c')], { id: 'msg_q', requestId: 'req_2' }); // 4

// Three turns with one id: two reports.
const three = transcript();
three.user('1'); // 1
three.assistant([text('a')], { id: 'msg_same' }); // 2
three.user('2'); // 3
three.assistant([text('b')], { id: 'msg_same' }); // 4
three.user('3'); // 5
three.assistant([text('c')], { id: 'msg_same' }); // 6

// Turn two reuses turn one's id for a whole parallel response: text, two calls, results off their own parts.
const parallelReuse = transcript();
parallelReuse.user('turn one'); // 1
parallelReuse.assistant([toolUse('toolu_A1')], { id: 'msg_mock1' }); // 2
parallelReuse.result('toolu_A1'); // 3
parallelReuse.assistant([text('one done')], { id: 'msg_mock2' }); // 4
parallelReuse.user('turn two'); // 5
parallelReuse.assistant([text('Two calls.')], { id: 'msg_mock1' }); // 6
const c1 = parallelReuse.assistant([toolUse('toolu_B1')], { id: 'msg_mock1' }); // 7
const c2 = parallelReuse.assistant([toolUse('toolu_B2')], { id: 'msg_mock1' }); // 8
parallelReuse.result('toolu_B1', 'one', { parent: c1 }); // 9
const rc2 = parallelReuse.result('toolu_B2', 'two', { parent: c2 }); // 10
parallelReuse.assistant([text('two done')], { id: 'msg_mock3', parent: rc2 }); // 11

// The session's first lines appended again (a restored copy, differential harness seed 199): Claude Code holds each
// copied part where its uuid first appeared, inside its response, and resumed the response whole.
const restored = transcript();
restored.user('go'); // 1
restored.assistant([text('running')], { id: 'msg_r' }); // 2
restored.assistant([toolUse('toolu_r')], { id: 'msg_r' }); // 3
restored.result('toolu_r'); // 4
restored.assistant([text('done')], { id: 'msg_s' }); // 5
restored.raw(restored.lines[0]!); // 6: line 1 again
restored.raw(restored.lines[1]!); // 7: line 2 again

runRuleTests(rule, {
  valid: [
    { name: 'parallel parts with results hanging off each part', text: parallel.toString() },
    { name: 'legacy interleaved parts and results', text: legacy.toString() },
    { name: 'thinking, text and tool_use parts of one response', text: think.toString() },
    { name: 'attachments, progress and system entries between parts', text: between.toString() },
    { name: 'parts in sidechain entries', text: sidechain.toString() },
    { name: 'a requestId on one part only', text: oneRequestId.toString() },
    { name: 'compaction after a split response', text: compacted.toString() },
    { name: "a restored copy of a response's first part, after the file's end", text: restored.toString() },
    { name: 'parallel parts (api target)', text: parallel.toString(), target: 'api' },
  ],
  invalid: [
    {
      // Claude Code keeps whole groups of two turns apart (recordings 15a-15k): a warning.
      name: 'an id reused after a user prompt',
      text: acrossTurns.toString(),
      errors: [{ messageId: 'afterPrompt', line: 6, severity: 'warn', messageIncludes: 'keeps the two apart' }],
      output: null,
      unsafeOutput: file(renamed(acrossTurns.lines, [6])),
    },
    {
      name: 'a response written twice (same id, request and content): reported, no fresh id (its call would lose its result)',
      text: twice.toString(),
      errors: [{ messageId: 'afterPrompt', line: 5 }],
      output: null,
    },
    {
      name: 'the same text twice without a requestId is no proof of a copy: the later one renamed',
      text: noRequestIds.toString(),
      errors: [{ messageId: 'afterPrompt', line: 4 }],
      output: null,
      unsafeOutput: file(renamed(noRequestIds.lines, [4])),
    },
    {
      name: "a later group's parts alike among themselves are no copy of an earlier group: renamed",
      text: alikeParts.toString(),
      errors: [{ messageId: 'afterPrompt', line: 4 }],
      output: null,
      unsafeOutput: file(renamed(alikeParts.lines, [4, 5])),
    },
    {
      name: 'an id reused after another response',
      text: afterResponse.toString(),
      errors: [{ messageId: 'afterResponse', line: 6 }],
      output: null,
      unsafeOutput: file(renamed(afterResponse.lines, [6])),
    },
    {
      name: 'parts separated along the chain',
      text: alongChain.toString(),
      errors: [{ messageId: 'afterPrompt', line: 4 }],
      output: null,
      unsafeOutput: file(renamed(alongChain.lines, [4])),
    },
    {
      name: 'different requestIds',
      text: requestIds.toString(),
      errors: [{ messageId: 'requestId', line: 4, messageIncludes: 'req_2 here, req_1 on line 2' }],
      output: null,
      unsafeOutput: file(renamed(requestIds.lines, [4])),
    },
    {
      name: 'one id in three turns',
      text: three.toString(),
      errors: [
        { messageId: 'afterPrompt', line: 4 },
        { messageId: 'afterPrompt', line: 6 },
      ],
      output: null,
      unsafeOutput: file(renamed(renamed(three.lines, [4]), [6])),
    },
    {
      name: 'api target: the same',
      text: acrossTurns.toString(),
      target: 'api',
      errors: [{ messageId: 'afterPrompt', line: 6, severity: 'warn' }],
      output: null,
      unsafeOutput: file(renamed(acrossTurns.lines, [6])),
    },
    {
      name: 'an id reused by a later turn while the earlier part is off the chain: sent in one message (error)',
      text: pulled.toString(),
      errors: [
        { messageId: 'afterPrompt', line: 6, severity: 'error', messageIncludes: 'one message (lines 2 and 6)' },
      ],
      output: null,
      unsafeOutput: file(renamed(pulled.lines, [6])),
    },
    {
      name: 'a reused id on a whole parallel response: every part of the later group is renamed',
      text: parallelReuse.toString(),
      errors: [{ messageId: 'afterPrompt', line: 6 }],
      output: null,
      unsafeOutput: file(renamed(parallelReuse.lines, [6, 7, 8])),
    },
  ],
});

describe('split-assistant-message details', () => {
  it('keeps the renamed parts one response and its results paired', () => {
    const shapeOf = (t: string) =>
      claudeCodeModel(loadText('t.jsonl', t))
        .apiView()
        .messages.filter((m) => m.role !== 'system')
        .map(
          (m) =>
            `${m.role}:${m.blocks.map((b) => String(b.block.id ?? b.block.tool_use_id ?? b.block.type)).join(',')}`,
        );
    // Before: Claude Code 2.1.332 keeps whole groups of two turns apart (recordings 15a-15k), so the shape is the
    // same before and after; the fix only takes away the id a stray part could be pulled in by.
    const before = [
      'user:text',
      'assistant:toolu_A1',
      'user:toolu_A1',
      'assistant:text',
      'user:text',
      'assistant:text,toolu_B1,toolu_B2',
      'user:toolu_B1,toolu_B2',
      'assistant:text',
    ];
    expect(shapeOf(parallelReuse.toString())).toEqual(before);
    const out = fixBytes('t.jsonl', new TextEncoder().encode(parallelReuse.toString()), {
      rules: [rule],
      target: 'claude-code',
      unsafe: true,
    });
    const fixedText = new TextDecoder().decode(out.output);
    const model = claudeCodeModel(loadText('t.jsonl', fixedText));
    expect(shapeOf(fixedText)).toEqual([
      'user:text',
      'assistant:toolu_A1',
      'user:toolu_A1',
      'assistant:text',
      'user:text',
      'assistant:text,toolu_B1,toolu_B2',
      'user:toolu_B1,toolu_B2',
      'assistant:text',
    ]);
    expect(model.apiView().repairs).toEqual([]);
  });

  it('relates the earlier group and the prompt between them', () => {
    const { result } = lintWith(rule, acrossTurns.toString());
    const d = result.diagnostics[0]!;
    expect(d.related).toEqual([
      { line: 2, message: 'earlier part with message.id msg_mock1' },
      { line: 5, message: 'the user prompt between them' },
    ]);
    expect(d.message).toContain('keeps the two apart');
    expect(d.uuid).toBeDefined();
  });

  it('names the response between two uses', () => {
    const { result } = lintWith(rule, afterResponse.toString());
    expect(result.diagnostics[0]!.related).toEqual([
      { line: 2, message: 'earlier part with message.id msg_x' },
      { line: 4, message: 'the other response between them' },
    ]);
  });

  it('names the prompt the later part hangs off', () => {
    const { result } = lintWith(rule, alongChain.toString());
    expect(result.diagnostics[0]!.related.map((r) => r.line)).toEqual([3, 2]);
  });

  it('does not loop on a parent cycle', () => {
    const t = transcript();
    t.raw({ type: 'attachment', uuid: 'a1', parentUuid: 'a2', isSidechain: false, attachment: { type: 'x' } });
    t.raw({ type: 'attachment', uuid: 'a2', parentUuid: 'a1', isSidechain: false, attachment: { type: 'x' } });
    t.assistant([text('p1')], { id: 'msg_cy', parent: 'a2' });
    t.assistant([text('p2')], { id: 'msg_cy', parent: 'a1' });
    expect(lintWith(rule, t.toString()).result.diagnostics).toEqual([]);
  });
});

// Item 15c: one part of turn five carries turn four's message.id, linked in between two parts of its own response.
// Claude Code pulls it into turn four (a call that leaves its turn); a fresh id would leave it off the walked chain
// (only the parts sharing the walked part's id are sent), so the fix gives it the id of the response it sits in.
describe('split-assistant-message: a single part with another turn’s id (15c)', () => {
  const t = transcript();
  t.user('turn four'); // 1
  t.assistant([toolUse('toolu_D1')], { id: 'msg_four' }); // 2
  t.result('toolu_D1'); // 3
  t.assistant([text('four done')], { id: 'msg_four_end' }); // 4
  t.user('turn five'); // 5
  const e1 = t.assistant([toolUse('toolu_E1')], { id: 'msg_five' }); // 6
  const e2 = t.assistant([toolUse('toolu_E2')], { id: 'msg_four' }); // 7
  const e3 = t.assistant([toolUse('toolu_E3')], { id: 'msg_five' }); // 8
  t.result('toolu_E1', 'ok', { parent: e1 }); // 9
  t.result('toolu_E2', 'ok', { parent: e2 }); // 10
  const last = t.result('toolu_E3', 'ok', { parent: e3 }); // 11
  t.assistant([text('five done')], { id: 'msg_five_end', parent: last }); // 12
  const source = t.toString();

  it('reports the part, and the unsafe fix gives it its own response’s id', () => {
    const found = lintWith(rule, source).result.diagnostics;
    expect(found.map((d) => [d.line, d.messageId])).toEqual([[7, 'afterPrompt']]);
    const out = fixBytes('test.jsonl', new TextEncoder().encode(source), { rules: [rule], unsafe: true });
    expect(new TextDecoder().decode(out.output)).toBe(
      fixed(source, {
        7: (e) => {
          e.message.id = 'msg_five';
          e.transcriptLint = { rule: 'split-assistant-message', originalMessageId: 'msg_four' };
        },
      }),
    );
    expect(lintWith(rule, new TextDecoder().decode(out.output)).result.diagnostics).toEqual([]);
  });
});
