import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-result-has-use.js';
import useHasResult from '../../rules/tool-use-has-result.js';
import { fixBytes } from '../../src/index.js';
import { loadText } from '../../src/loader/read-jsonl.js';
import { type Json, text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';
import { claudeCodeModel } from '../../src/formats/claude-code/model.js';

// ---- Expected fix output -------------------------------------------------------------------------------------
const file = (lines: readonly (string | undefined)[]): string => lines.filter((l) => l !== undefined).join('\n') + '\n';
const edited = (line: string, change: (o: Json) => void): string => {
  const o = JSON.parse(line) as Json;
  change(o);
  return JSON.stringify(o);
};
const parentOf = (line: string): unknown => (JSON.parse(line) as Json).parentUuid;
const relinked = (line: string, parent: unknown): string => edited(line, (o) => (o.parentUuid = parent));
const withoutBlocks = (line: string, ...indexes: number[]): string =>
  edited(line, (o) => {
    const m = o.message as { content: unknown[] };
    m.content = m.content.filter((_, i) => !indexes.includes(i));
  });

const plain = transcript();
plain.user('list files');
plain.assistant([text('Listing.'), toolUse('toolu_A')]);
plain.result('toolu_A', 'a.txt');
plain.assistant([text('One file.')]);

// 2.1.332 parallel parts: results hang off their own part and arrive in completion order.
const parallel = transcript();
parallel.user('run three');
parallel.assistant([text('Running.')], { id: 'msg_par' });
const p1 = parallel.assistant([toolUse('toolu_P1')], { id: 'msg_par' });
const p2 = parallel.assistant([toolUse('toolu_P2')], { id: 'msg_par' });
const p3 = parallel.assistant([toolUse('toolu_P3')], { id: 'msg_par' });
parallel.result('toolu_P1', 'one', { parent: p1 });
parallel.result('toolu_P3', 'three', { parent: p3 });
const r2 = parallel.result('toolu_P2', 'two', { parent: p2 });
parallel.assistant([text('Done.')], { parent: r2 });

// Legacy interleaved chain.
const legacy = transcript();
legacy.user('two calls');
legacy.assistant([toolUse('toolu_L1')], { id: 'msg_leg' });
legacy.result('toolu_L1');
legacy.assistant([toolUse('toolu_L2')], { id: 'msg_leg' });
legacy.result('toolu_L2');
legacy.assistant([text('Done.')]);

// A result with text after it in one entry, and a prompt merged after a result entry.
const withText = transcript();
withText.user('go');
withText.assistant([toolUse('toolu_W')]);
withText.user([toolResult('toolu_W'), text('and also this')]);
withText.user('one more thing');
withText.assistant([text('ok')]);

// After compaction: the summary, then the call and its result.
const compacted = transcript();
compacted.user('start');
compacted.assistant([toolUse('toolu_OLD')]);
compacted.result('toolu_OLD');
compacted.compactBoundary();
compacted.compactSummary();
compacted.user('continue');
compacted.assistant([toolUse('toolu_NEW')]);
compacted.result('toolu_NEW');

// Orphan result after compaction: the boundary cut away its tool_use (E2 at messages.0).
const afterCompact = transcript();
afterCompact.user('start'); // 1
afterCompact.assistant([toolUse('toolu_CUT')]); // 2
afterCompact.compactBoundary(); // 3
afterCompact.compactSummary(); // 4
afterCompact.user([toolResult('toolu_CUT')]); // 5
afterCompact.assistant([text('ok')]); // 6

// A result with a wrong id.
const wrongId = transcript();
wrongId.user('go'); // 1
wrongId.assistant([toolUse('toolu_RIGHT')]); // 2
wrongId.user([toolResult('toolu_WRONG')]); // 3
wrongId.assistant([text('ok')]); // 4

// A result two messages after its call.
const late = transcript();
late.user('go'); // 1
late.assistant([toolUse('toolu_LATE')]); // 2
late.user('still there?'); // 3
late.assistant([text('Yes.')]); // 4
late.user([toolResult('toolu_LATE')]); // 5
late.assistant([text('Got it.')]); // 6

const afterCompactFixed = file([
  ...afterCompact.lines.slice(0, 4),
  relinked(afterCompact.lines[5]!, parentOf(afterCompact.lines[4]!)),
]);
const wrongIdFixed = file([...wrongId.lines.slice(0, 2), relinked(wrongId.lines[3]!, parentOf(wrongId.lines[2]!))]);

// A result as the very first message (root entry).
const first = transcript();
first.user([toolResult('toolu_GONE')], { parent: null }); // 1
first.assistant([text('hm')]); // 2

// Two results in one message, one of them unanswered, and a result without an id.
const mixed = transcript();
mixed.user('go'); // 1
mixed.assistant([toolUse('toolu_M1')]); // 2
mixed.user([toolResult('toolu_M1'), toolResult('toolu_M9'), { type: 'tool_result', content: 'x' }]); // 3
mixed.assistant([text('ok')]); // 4

// A bad id on one of the parallel results (oracle "orphan tool_result (id unknown)"): the answer hangs off it.
const parallelBadId = transcript();
parallelBadId.user('run two'); // 1
const b1 = parallelBadId.assistant([toolUse('toolu_B1')], { id: 'msg_b' }); // 2
const b2 = parallelBadId.assistant([toolUse('toolu_B2')], { id: 'msg_b' }); // 3
parallelBadId.result('toolu_B1', 'one', { parent: b1 }); // 4
const bad = parallelBadId.result('toolu_BOGUS', 'two', { parent: b2 }); // 5
parallelBadId.assistant([text('Done.')], { parent: bad }); // 6

// Two orphans in one entry that holds nothing else: the entry goes in one fix.
const twoOrphans = transcript();
twoOrphans.user('go'); // 1
twoOrphans.assistant([text('nothing to call')]); // 2
twoOrphans.user([toolResult('toolu_X1'), toolResult('toolu_X2')]); // 3
twoOrphans.user('next'); // 4

runRuleTests(rule, {
  valid: [
    { name: 'a result for the previous call', text: plain.toString() },
    { name: 'parallel parts with results in completion order', text: parallel.toString() },
    { name: 'legacy interleaved parts and results', text: legacy.toString() },
    { name: 'text after the result, and a prompt merged into the result message', text: withText.toString() },
    { name: 'pairs on both sides of a compact boundary', text: compacted.toString() },
    { name: 'a result for the previous call (api target)', text: plain.toString(), target: 'api' },
  ],
  invalid: [
    {
      name: 'orphan result after compaction',
      text: afterCompact.toString(),
      errors: [{ messageId: 'dropped', line: 5, blockIndex: 0, severity: 'warn' }],
      output: afterCompactFixed,
    },
    {
      name: 'a result with a wrong id',
      text: wrongId.toString(),
      errors: [{ messageId: 'dropped', line: 3 }],
      output: wrongIdFixed,
    },
    {
      name: 'a result two messages late',
      text: late.toString(),
      errors: [{ messageId: 'dropped', line: 5 }],
      output: file([...late.lines.slice(0, 4), relinked(late.lines[5]!, parentOf(late.lines[4]!))]),
    },
    {
      name: 'a result in the first message',
      text: first.toString(),
      errors: [{ messageId: 'dropped', line: 1 }],
      // The assistant becomes the root: first-message-user then inserts a user entry before it.
      output: file([relinked(first.lines[1]!, null)]),
    },
    {
      name: 'one unanswered result among several and one without an id',
      text: mixed.toString(),
      errors: [
        { messageId: 'dropped', line: 3, blockIndex: 1 },
        { messageId: 'dropped', line: 3, blockIndex: 2 },
      ],
      output: file([...mixed.lines.slice(0, 2), withoutBlocks(mixed.lines[2]!, 1, 2), mixed.lines[3]]),
    },
    {
      name: 'api: orphan result is an error with the API text',
      text: wrongId.toString(),
      target: 'api',
      errors: [
        {
          messageId: 'unexpected',
          line: 3,
          severity: 'error',
          messageIncludes: 'unexpected `tool_use_id` found in `tool_result` blocks: toolu_WRONG',
        },
      ],
      output: wrongIdFixed,
    },
    {
      name: 'bedrock: orphan result is an error',
      text: afterCompact.toString(),
      target: 'bedrock',
      errors: [{ messageId: 'unexpected', line: 5, severity: 'error' }],
      output: afterCompactFixed,
    },
    {
      name: 'a parallel result with a bad id: its entry goes, the answer re-links to its part',
      text: parallelBadId.toString(),
      errors: [{ messageId: 'dropped', line: 5 }],
      output: file([
        ...parallelBadId.lines.slice(0, 4),
        relinked(parallelBadId.lines[5]!, parentOf(parallelBadId.lines[4]!)),
      ]),
    },
    {
      name: 'two orphans make up their entry: removed in one fix',
      text: twoOrphans.toString(),
      errors: [
        { messageId: 'dropped', line: 3, blockIndex: 0 },
        { messageId: 'dropped', line: 3, blockIndex: 1 },
      ],
      output: file([...twoOrphans.lines.slice(0, 2), relinked(twoOrphans.lines[3]!, parentOf(twoOrphans.lines[2]!))]),
    },
  ],
});

describe('tool-result-has-use details', () => {
  it('points at the tool_use with that id elsewhere in the file', () => {
    const { result } = lintWith(rule, late.toString());
    expect(result.diagnostics[0]!.related).toEqual([
      { line: 2, message: 'a tool_use with id toolu_LATE is here, not in the previous assistant message' },
    ]);
  });

  it('points at a tool_use cut away by compaction', () => {
    const { result } = lintWith(rule, afterCompact.toString());
    expect(result.diagnostics[0]!.related.map((r) => r.line)).toEqual([2]);
  });

  it('has no related line when no tool_use has the id', () => {
    const { result } = lintWith(rule, wrongId.toString());
    expect(result.diagnostics[0]!.related).toEqual([]);
  });
});

describe('tool-result-has-use fix', () => {
  const shape = (t: string): string[] =>
    claudeCodeModel(loadText('t.jsonl', t))
      .apiView()
      .messages.filter((m) => m.role !== 'system')
      .map(
        (m) => `${m.role}:${m.blocks.map((b) => String(b.block.id ?? b.block.tool_use_id ?? b.block.type)).join(',')}`,
      );

  it('with tool-use-has-result, a bad parallel result becomes an interrupted one and the parts stay split', () => {
    const out = fixBytes('t.jsonl', new TextEncoder().encode(parallelBadId.toString()), {
      rules: [rule, useHasResult],
      target: 'claude-code',
    });
    expect(out.status).toBe('fixed');
    const text = new TextDecoder().decode(out.output);
    // Results go in file order: the interrupted one sits right after its part, before B1's.
    expect(shape(text)).toEqual([
      'user:text',
      'assistant:toolu_B1,toolu_B2',
      'user:toolu_B2,toolu_B1',
      'assistant:text',
    ]);
    const model = claudeCodeModel(loadText('t.jsonl', text));
    expect(model.apiView().repairs).toEqual([]);
    // The two parts still hang one off the other, each result off its own part.
    const byUuid = new Map(model.entries.map((e) => [e.uuid, e]));
    const parts = model.entries.filter(
      (e) => e.type === 'assistant' && (e.raw.message as { id?: string }).id === 'msg_b',
    );
    expect(parts.map((p) => p.line)).toEqual([2, 3]);
    expect(parts[1]!.parentUuid).toBe(parts[0]!.uuid);
    for (const e of model.entries) if (typeof e.parentUuid === 'string') expect(byUuid.has(e.parentUuid)).toBe(true);
  });
});
