import { exportMessages } from '../../src/model/export.js';
import { describe, expect, it } from 'vitest';
import resultHasUse from '../../rules/tool-result-has-use.js';
import rule from '../../rules/tool-use-has-result.js';
import { derivedUuid } from '../../src/fixer/chain-edits.js';
import { fixBytes } from '../../src/index.js';
import { loadText } from '../../src/loader/read-jsonl.js';
import type { ApiMessage } from '../../src/model/types.js';
import type { TranscriptModel } from '../../src/model/index.js';
import { INTERRUPTED_TOOL_RESULT } from '../../src/formats/claude-code/repair-passes.js';
import { type Json, text, thinking, toolResult, toolUse, transcript } from '../helpers/build.js';
import { callsNotSent, itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';
import { claudeCodeModel } from '../../src/formats/claude-code/model.js';

// ---- Expected fix output -------------------------------------------------------------------------------------
const file = (lines: readonly string[]): string => lines.join('\n') + '\n';
const edited = (line: string, change: (o: Json) => void): string => {
  const o = JSON.parse(line) as Json;
  change(o);
  return JSON.stringify(o);
};
const uuidOf = (line: string): string => (JSON.parse(line) as { uuid: string }).uuid;
const insertedUuid = (anchorLine: string): string => derivedUuid('tool-use-has-result', uuidOf(anchorLine), '');
const relinked = (line: string, parent: string): string => edited(line, (o) => (o.parentUuid = parent));

/** The entry the fix writes after `anchorLine` (what Claude Code 2.1.332 appends for an interrupted call). */
function interrupted(anchorLine: string, ids: string[]): string {
  const a = JSON.parse(anchorLine) as Json & { uuid: string; timestamp: string };
  return JSON.stringify({
    parentUuid: a.uuid,
    isSidechain: a.isSidechain,
    type: 'user',
    message: {
      role: 'user',
      content: ids.map((id) => ({
        tool_use_id: id,
        type: 'tool_result',
        content: INTERRUPTED_TOOL_RESULT,
        is_error: true,
      })),
    },
    toolUseResult: INTERRUPTED_TOOL_RESULT,
    toolDenialKind: 'interrupted',
    sourceToolAssistantUUID: a.uuid,
    uuid: insertedUuid(anchorLine),
    timestamp: new Date(Date.parse(a.timestamp) + 1).toISOString(),
    cwd: a.cwd,
    sessionId: a.sessionId,
    version: a.version,
    transcriptLint: { rule: 'tool-use-has-result', inserted: true },
  });
}

/** Tool pairing problems left in a compiled request: unanswered tool_uses and results that answer nothing. */
function pairingProblems(messages: readonly ApiMessage[]): string[] {
  const conv = messages.filter((m) => m.role !== 'system');
  const problems: string[] = [];
  conv.forEach((m, k) => {
    const next = conv[k + 1];
    const prev = conv[k - 1];
    const ids = (x: ApiMessage | undefined, type: string, key: string): unknown[] =>
      x ? x.blocks.filter((b) => b.block.type === type).map((b) => b.block[key]) : [];
    if (m.role === 'assistant') {
      for (const id of ids(m, 'tool_use', 'id'))
        if (!ids(next, 'tool_result', 'tool_use_id').includes(id)) problems.push(`unanswered ${String(id)}`);
    } else {
      for (const id of ids(m, 'tool_result', 'tool_use_id'))
        if (!ids(prev, 'tool_use', 'id').includes(id)) problems.push(`orphan ${String(id)}`);
    }
  });
  return problems;
}

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
attached.attachment(
  { type: 'date' },
  { rendered: ['<system-reminder>today</system-reminder>'], renderedRole: 'system' },
);
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

const midFixed = file([
  ...mid.lines.slice(0, 2),
  interrupted(mid.lines[1]!, ['toolu_MID']),
  relinked(mid.lines[2]!, insertedUuid(mid.lines[1]!)),
  mid.lines[3]!,
]);
const tailFixed = file([...tail.lines, interrupted(tail.lines[1]!, ['toolu_TAIL'])]);

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

// Claude Code 2.1.332 killed during a parallel call (oracle "orphan tool_use at tail"): all parts written, no result,
// and last-prompt names the last tool_use part.
const parallelTail = transcript();
parallelTail.user('run three commands'); // 1
parallelTail.assistant([text('Running three.')], { id: 'msg_pt', requestId: 'req_1' }); // 2
parallelTail.assistant([toolUse('toolu_P1')], { id: 'msg_pt', requestId: 'req_1' }); // 3
parallelTail.assistant([toolUse('toolu_P2')], { id: 'msg_pt', requestId: 'req_1' }); // 4
const pt3 = parallelTail.assistant([toolUse('toolu_P3')], { id: 'msg_pt', requestId: 'req_1' }); // 5
parallelTail.lastPrompt(pt3, 'run three commands'); // 6

// Parallel calls, results hanging off their own parts, P2's result lost; the answer hangs off the last result.
const parallelGap = transcript();
parallelGap.user('run three'); // 1
parallelGap.assistant([text('Running.')], { id: 'msg_pg' }); // 2
const g1 = parallelGap.assistant([toolUse('toolu_G1')], { id: 'msg_pg' }); // 3
parallelGap.assistant([toolUse('toolu_G2')], { id: 'msg_pg' }); // 4
const g3 = parallelGap.assistant([toolUse('toolu_G3')], { id: 'msg_pg' }); // 5
parallelGap.result('toolu_G1', 'one', { parent: g1 }); // 6
const rg3 = parallelGap.result('toolu_G3', 'three', { parent: g3 }); // 7
parallelGap.assistant([text('Two of three.')], { parent: rg3 }); // 8
parallelGap.user('and the second?'); // 9
parallelGap.assistant([text('Lost.')]); // 10

// Two calls in one entry, neither answered, at the tail: one inserted entry answers both.
const twoInOne = transcript();
twoInOne.user('two'); // 1
twoInOne.assistant([toolUse('toolu_T1'), toolUse('toolu_T2')]); // 2

// Two calls in one entry, the second answered by a result hanging off the entry, the next turn below that result.
const oneOfTwo = transcript();
oneOfTwo.user('two'); // 1
oneOfTwo.assistant([toolUse('toolu_O1'), toolUse('toolu_O2')], { id: 'msg_oo' }); // 2
oneOfTwo.result('toolu_O2'); // 3
oneOfTwo.user('go on'); // 4
oneOfTwo.assistant([text('ok')]); // 5

// An assistant entry without message.id that a last-prompt names: the new result becomes the leaf.
const noId = transcript();
noId.user('go'); // 1
const n2 = noId.assistant([toolUse('toolu_N')]); // 2
noId.lastPrompt(n2, 'go'); // 3
noId.lines[1] = edited(noId.lines[1]!, (o) => delete (o.message as Json).id);

// The entry the fix would write is already in the file (an earlier fix that did not pair the call): no second copy.
const already = transcript();
already.user('do it'); // 1
already.assistant([toolUse('toolu_AL')]); // 2
already.user('side', { parent: null, uuid: insertedUuid(already.lines[1]!), extra: { isSidechain: true } }); // 3

// Found by the fuzzer: the first part hangs off a system entry whose parent is not in the file, written later, which
// the walk bridges to the prompt (the latest entry not newer than it). A result inserted after the first part would
// be a later candidate and take the bridge over, tying the walk into a loop: the fix writes the bridge the walk takes
// today as the system entry's parent (the old one kept in the marker).
const bridgedRoot = transcript();
bridgedRoot.user('go'); // 1
const b1 = bridgedRoot.assistant([toolUse('toolu_B1')], { id: 'msg_b', parent: 'w' }); // 2
bridgedRoot.assistant([toolUse('toolu_B2')], { id: 'msg_b', parent: b1 }); // 3
bridgedRoot.raw({
  type: 'system',
  subtype: 'informational',
  uuid: 'w',
  parentUuid: 'missing',
  isSidechain: false,
  // Within 5 s of line 1, so the walk is bridged there (a longer gap would start the history at this entry).
  timestamp: '2026-11-01T12:00:04.000Z',
}); // 4

// Found by the fuzzer: the prompt hangs off the first part, which hangs off the prompt (a loop the walk stops at, on
// the prompt). The prompt stays on the part: moved below the new result, it would put the result into the loop.
const looped = transcript();
looped.user('list the files and show the date', { uuid: 'u-prompt', parent: 'u-part1' }); // 1
looped.assistant([toolUse('toolu_L1')], { id: 'msg_l', uuid: 'u-part1' }); // 2
looped.assistant([toolUse('toolu_L2')], { id: 'msg_l' }); // 3

// The second part comes first in the file and is the branch tip; a result for the first part would hang beside the
// second part as a new, later tip, and resume would start from it: no fix for that call.
const tipFirst = transcript();
tipFirst.user('go', { uuid: 'u-go' }); // 1
tipFirst.assistant([toolUse('toolu_S2')], { id: 'msg_s', parent: 'u-s1' }); // 2
tipFirst.assistant([toolUse('toolu_S1')], { id: 'msg_s', uuid: 'u-s1', parent: 'u-go' }); // 3

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
    {
      name: 'mid-history: dropped',
      text: mid.toString(),
      errors: [{ messageId: 'dropped', line: 2, blockIndex: 1, severity: 'error' }],
      output: midFixed,
    },
    {
      name: 'at the tail: interrupted result',
      text: tail.toString(),
      errors: [{ messageId: 'interrupted', line: 2, blockIndex: 1, severity: 'warn' }],
      output: tailFixed,
    },
    {
      name: 'api: missing result is an error',
      text: mid.toString(),
      target: 'api',
      errors: [
        {
          messageId: 'missing',
          line: 2,
          severity: 'error',
          messageIncludes: 'ids were found without `tool_result` blocks immediately after: toolu_MID',
        },
      ],
      output: midFixed,
    },
    {
      name: 'api: missing result at the tail',
      text: tail.toString(),
      target: 'api',
      errors: [{ messageId: 'missing', line: 2 }],
      output: tailFixed,
    },
    {
      name: 'bedrock: missing result is an error',
      text: tail.toString(),
      target: 'bedrock',
      errors: [{ messageId: 'missing', line: 2, severity: 'error' }],
      output: tailFixed,
    },
    {
      name: 'one of two parallel calls has no result',
      text: partial.toString(),
      errors: [{ messageId: 'dropped', line: 3, blockIndex: 0 }],
      // The result hangs off its own part, beside the other result: the parts stay one linear chain.
      output: file([
        ...partial.lines.slice(0, 3),
        interrupted(partial.lines[2]!, ['toolu_Q2']),
        ...partial.lines.slice(3),
      ]),
    },
    {
      // Claude Code keeps the call (its result is in the history) and sends "[Tool result missing due to internal
      // error]" for it (recordings 15o, 15q); the late result (line 5) is tool-result-has-use's. No second result.
      name: 'the result comes two messages late',
      text: late.toString(),
      errors: [{ messageId: 'misplaced', line: 2, messageIncludes: 'its result is on line 5' }],
      output: null,
    },
    {
      name: 'an assistant message follows directly',
      text: adjacent.toString(),
      errors: [{ messageId: 'dropped', line: 2 }],
      output: file([
        ...adjacent.lines.slice(0, 2),
        interrupted(adjacent.lines[1]!, ['toolu_ADJ']),
        relinked(adjacent.lines[2]!, insertedUuid(adjacent.lines[1]!)),
        ...adjacent.lines.slice(3),
      ]),
    },
    {
      name: 'parallel calls interrupted at the tail: one result per part, last-prompt untouched',
      text: parallelTail.toString(),
      errors: [
        { messageId: 'interrupted', line: 3 },
        { messageId: 'interrupted', line: 4 },
        { messageId: 'interrupted', line: 5 },
      ],
      output: file([
        ...parallelTail.lines.slice(0, 3),
        interrupted(parallelTail.lines[2]!, ['toolu_P1']),
        parallelTail.lines[3]!,
        interrupted(parallelTail.lines[3]!, ['toolu_P2']),
        parallelTail.lines[4]!,
        interrupted(parallelTail.lines[4]!, ['toolu_P3']),
        parallelTail.lines[5]!,
      ]),
    },
    {
      name: 'a parallel result lost mid-history',
      text: parallelGap.toString(),
      errors: [{ messageId: 'dropped', line: 4 }],
      output: file([
        ...parallelGap.lines.slice(0, 4),
        interrupted(parallelGap.lines[3]!, ['toolu_G2']),
        ...parallelGap.lines.slice(4),
      ]),
    },
    {
      name: 'two calls of one entry: one inserted entry answers both',
      text: twoInOne.toString(),
      errors: [
        { messageId: 'interrupted', line: 2, blockIndex: 0 },
        { messageId: 'interrupted', line: 2, blockIndex: 1 },
      ],
      output: file([...twoInOne.lines, interrupted(twoInOne.lines[1]!, ['toolu_T1', 'toolu_T2'])]),
    },
    {
      name: 'one of two calls of an entry answered: its result stays where it is',
      text: oneOfTwo.toString(),
      errors: [{ messageId: 'dropped', line: 2, blockIndex: 0 }],
      output: file([
        ...oneOfTwo.lines.slice(0, 2),
        interrupted(oneOfTwo.lines[1]!, ['toolu_O1']),
        ...oneOfTwo.lines.slice(2),
      ]),
    },
    {
      name: 'an entry without message.id named by last-prompt: the leaf moves to the new result',
      text: noId.toString(),
      errors: [{ messageId: 'interrupted', line: 2 }],
      output: file([
        ...noId.lines.slice(0, 2),
        interrupted(noId.lines[1]!, ['toolu_N']),
        edited(noId.lines[2]!, (o) => (o.leafUuid = insertedUuid(noId.lines[1]!))),
      ]),
    },
    {
      name: 'a dangling parent bridged past the calls: the bridge is pinned, not taken over by a new result',
      text: bridgedRoot.toString(),
      errors: [
        { messageId: 'interrupted', line: 2 },
        { messageId: 'interrupted', line: 3 },
      ],
      output: file([
        ...bridgedRoot.lines.slice(0, 2),
        interrupted(bridgedRoot.lines[1]!, ['toolu_B1']),
        bridgedRoot.lines[2]!,
        interrupted(bridgedRoot.lines[2]!, ['toolu_B2']),
        edited(bridgedRoot.lines[3]!, (o) => {
          o.parentUuid = uuidOf(bridgedRoot.lines[0]!);
          o.transcriptLint = { rule: 'tool-use-has-result', originalParentUuid: 'missing' };
        }),
      ]),
    },
    {
      name: 'a parent loop through the prompt: the prompt keeps its link to the part',
      text: looped.toString(),
      target: 'api',
      errors: [
        { messageId: 'missing', line: 2 },
        { messageId: 'missing', line: 3 },
      ],
      output: file([
        ...looped.lines.slice(0, 2),
        interrupted(looped.lines[1]!, ['toolu_L1']),
        looped.lines[2]!,
        interrupted(looped.lines[2]!, ['toolu_L2']),
      ]),
    },
    {
      name: 'a result that would become the newest branch tip is not written',
      text: tipFirst.toString(),
      errors: [
        { messageId: 'interrupted', line: 2 },
        { messageId: 'interrupted', line: 3 },
      ],
      output: file([...tipFirst.lines.slice(0, 2), interrupted(tipFirst.lines[1]!, ['toolu_S2']), tipFirst.lines[2]!]),
    },
    {
      name: 'no second copy of an entry the fix already wrote',
      text: already.toString(),
      errors: [{ messageId: 'interrupted', line: 2 }],
      output: null,
    },
  ],
});

describe('tool-use-has-result details', () => {
  const fixed = (t: string, rules = [rule]): string =>
    new TextDecoder().decode(fixBytes('t.jsonl', new TextEncoder().encode(t), { rules, target: 'claude-code' }).output);
  const modelOf = (t: string): TranscriptModel => claudeCodeModel(loadText('t.jsonl', t));

  it('writes the fields Claude Code 2.1.332 writes for an interrupted call', () => {
    const out = fixed(tail.toString()).trimEnd().split('\n');
    const entry = JSON.parse(out[2]!) as Json;
    expect(entry).toMatchObject({
      parentUuid: uuidOf(tail.lines[1]!),
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_TAIL', content: INTERRUPTED_TOOL_RESULT, is_error: true }],
      },
      toolUseResult: INTERRUPTED_TOOL_RESULT,
      toolDenialKind: 'interrupted',
      sourceToolAssistantUUID: uuidOf(tail.lines[1]!),
      sessionId: (JSON.parse(tail.lines[1]!) as Json).sessionId,
      transcriptLint: { rule: 'tool-use-has-result', inserted: true },
    });
  });

  it('keeps split parts split and the chain whole, and leaves no pairing problem in the request', () => {
    // A late result is left to tool-result-has-use: run both pairing rules.
    for (const t of [parallelTail, parallelGap, partial, mid, tail, late, adjacent, twoInOne, oneOfTwo, noId]) {
      const before = modelOf(t.toString());
      const after = modelOf(fixed(t.toString(), [rule, resultHasUse]));
      // Every assistant part is unchanged (same blocks, same message.id), and parts of one response still hang off
      // each other.
      const parts = (m: TranscriptModel) => m.entries.filter((e) => e.type === 'assistant').map((e) => e.raw.message);
      const idOf = (e: { raw: Json }) => (e.raw.message as Json | undefined)?.id;
      const partLinks = (m: TranscriptModel) =>
        m.entries
          .filter(
            (e) =>
              e.type === 'assistant' &&
              m.entries.some((p) => p.uuid === e.parentUuid && p.type === 'assistant' && idOf(p) === idOf(e)),
          )
          .map((e) => e.uuid);
      expect(parts(after)).toEqual(parts(before));
      expect(partLinks(after)).toEqual(partLinks(before));
      // Every parent link resolves, and every entry of the old chain that is left is still on it.
      const uuids = new Set(after.entries.map((e) => e.uuid));
      for (const e of after.entries) if (typeof e.parentUuid === 'string') expect(uuids.has(e.parentUuid)).toBe(true);
      const activeUuids = new Set(after.chain().active.map((e) => e.uuid));
      for (const e of before.chain().active) if (uuids.has(e.uuid)) expect(activeUuids.has(e.uuid), e.uuid).toBe(true);
      // The request, as the file says it and as Claude Code sends it, pairs every call.
      expect(pairingProblems(after.apiView().merged)).toEqual([]);
      expect(pairingProblems(after.apiView().messages)).toEqual([]);
      expect(after.apiView().repairs.filter((r) => r.pass.includes('tool') || r.pass.includes('result'))).toEqual([]);
    }
  });

  it('sends the parallel results after all the parts, in file order', () => {
    const view = modelOf(fixed(parallelTail.toString())).apiView().messages;
    expect(
      view
        .filter((m) => m.role !== 'system')
        .map(
          (m) =>
            `${m.role}:${m.blocks.map((b) => String(b.block.id ?? b.block.tool_use_id ?? b.block.type)).join(',')}`,
        ),
    ).toEqual(['user:text', 'assistant:text,toolu_P1,toolu_P2,toolu_P3', 'user:toolu_P1,toolu_P2,toolu_P3']);
  });

  it('points at a result that is elsewhere in the file', () => {
    const { result } = lintWith(rule, late.toString());
    expect(result.diagnostics[0]!.related).toEqual([
      { line: 5, message: 'a tool_result for toolu_LATE is here, not in the next message' },
    ]);
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
    t.raw({
      type: 'user',
      uuid: 'u-bad2',
      parentUuid: 'u-bad',
      message: { role: 'user', content: { not: 'an array' } },
    });
    expect(() => lintWith(rule, t.toString())).not.toThrow();
    expect(lintWith(rule, t.toString()).result.diagnostics).toEqual([]);
  });
});

describe('tool-use-has-result and duplicate uuids', () => {
  it('offers no fix when the missing result is in the file, hidden behind a duplicate uuid', () => {
    const b = transcript();
    b.user('go'); // 1
    const call = b.assistant([toolUse('toolu_H')]); // 2
    const hiddenUuid = b.result('toolu_H', 'the real result', { parent: call }); // 3
    b.assistant([text('done')]); // 4
    b.user('later', { uuid: hiddenUuid, parent: b.lastUuid }); // 5: takes over line 3's uuid
    const { result, findings } = lintWith(rule, b.toString());
    expect(result.diagnostics.map((d) => d.line)).toEqual([2]);
    expect(findings[0]?.fix).toBeUndefined();
  });
});

// Issue 14, item A2, on sessions the real Claude Code 2.1.332 recorded (fixtures/sessions/claude-code/recorded).
describe('tool-use-has-result on the recorded items (A2)', () => {
  const lint = (name: string) => lintWith(rule, itemText(recordedItem(name))).result.diagnostics;
  const fixed = (name: string) => {
    const text = itemText(recordedItem(name));
    const out = fixBytes('t.jsonl', new TextEncoder().encode(text), { rules: [rule] });
    return new TextDecoder().decode(out.output);
  };
  const sent = (text: string) => exportMessages(claudeCodeModel(loadText('t.jsonl', text)).apiView().messages).messages;

  it('02a: the orphan call in the preserved tail: Claude Code drops the entry; the fix writes the result after the summary', () => {
    expect(lint('02a').map((d) => [d.messageId, d.line])).toEqual([['dropped', 111]]);
    const text = fixed('02a');
    const lines = text.split('\n');
    const inserted = JSON.parse(lines[122]!);
    expect(inserted.message.content[0]).toMatchObject({ tool_use_id: 'toolu_PT1', is_error: true });
    expect(inserted.parentUuid).toBe(JSON.parse(lines[110]!).uuid);
    const boundary = JSON.parse(lines[120]!);
    expect(boundary.compactMetadata.preservedSegment.tailUuid).toBe(inserted.uuid);
    expect(boundary.compactMetadata.preservedMessages.uuids).toContain(inserted.uuid);
    expect(callsNotSent(text, sent(text))).toEqual([]);
    expect(lintWith(rule, text).result.diagnostics).toEqual([]);
  });

  it('02b: the entry holding text and the orphan call goes whole: the message says the text is lost too', () => {
    const [d] = lint('02b');
    expect(d?.message).toContain('its text and thinking too');
  });

  it('02c: mid-history: the fix pairs the call, and every main-chain call is sent', () => {
    expect(lint('02c').map((d) => [d.messageId, d.line])).toEqual([['dropped', 168]]);
    const text = fixed('02c');
    expect(callsNotSent(text, sent(text))).toEqual([]);
  });

  it('15o: a call pulled away from its result is "misplaced", without a second result', () => {
    const ds = lint('15o');
    expect(ds.map((d) => d.messageId)).toEqual(['misplaced']);
    expect(ds[0]!.message).toContain('Tool result missing due to internal error');
  });
});

describe('a call whose result is the torn last line', () => {
  it('points at that line: the result was being written when the process died', () => {
    const t = transcript();
    t.user('list the files');
    t.assistant([toolUse('toolu_torn')]);
    t.user('never mind');
    const whole = t.toString();
    const torn = `${whole}{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_torn","content":"a.txt\\nb.t`;
    const [d] = lintWith(rule, torn).result.diagnostics;
    expect(d?.messageId).toBe('dropped');
    expect(d?.related).toEqual([
      { line: 4, message: 'the torn last line holds toolu_torn: probably its result, cut off mid-write' },
    ]);
    // A torn line that names another call says nothing about this one.
    const other = torn.replace('"tool_use_id":"toolu_torn"', '"tool_use_id":"toolu_other"');
    expect(lintWith(rule, other).result.diagnostics[0]?.related).toEqual([]);
  });
});
