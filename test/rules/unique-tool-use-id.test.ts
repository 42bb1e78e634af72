import { describe, expect, it } from 'vitest';
import rule from '../../rules/unique-tool-use-id.js';
import { loadText } from '../../src/loader/read-jsonl.js';
import { fixBytes } from '../../src/index.js';
import { type Json, text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';
import { claudeCodeModel } from '../../src/formats/claude-code/model.js';

// ---- Expected fix output -------------------------------------------------------------------------------------
const file = (lines: readonly string[]): string => lines.join('\n') + '\n';
const edited = (line: string, change: (o: Json) => void): string => {
  const o = JSON.parse(line) as Json;
  change(o);
  return JSON.stringify(o);
};
const field = (line: string, key: string): unknown => (JSON.parse(line) as Json)[key];
const withoutBlocks = (line: string, ...indexes: number[]): string =>
  edited(line, (o) => {
    const m = o.message as { content: unknown[] };
    m.content = m.content.filter((_, i) => !indexes.includes(i));
  });

const plain = transcript();
plain.user('go');
plain.assistant([toolUse('toolu_A')]);
plain.result('toolu_A');
plain.assistant([toolUse('toolu_B')]);
plain.result('toolu_B');
plain.assistant([text('done')]);

// Split parallel parts of one response: each part holds a different id.
const parallel = transcript();
parallel.user('run');
const p1 = parallel.assistant([toolUse('toolu_P1')], { id: 'msg_par' });
const p2 = parallel.assistant([toolUse('toolu_P2')], { id: 'msg_par' });
parallel.result('toolu_P1', 'one', { parent: p1 });
const r2 = parallel.result('toolu_P2', 'two', { parent: p2 });
parallel.assistant([text('done')], { parent: r2 });

// An id reused on another branch (not resumed) is not in the request.
const branch = transcript();
const root = branch.user('go');
branch.assistant([toolUse('toolu_X')]);
branch.result('toolu_X');
branch.from(root);
branch.assistant([toolUse('toolu_X')]);
branch.result('toolu_X');
branch.assistant([text('done')]);

// The same id twice in one response.
const sameMessage = transcript();
sameMessage.user('go'); // 1
sameMessage.assistant([toolUse('toolu_D'), toolUse('toolu_D')]); // 2
sameMessage.user([toolResult('toolu_D'), toolResult('toolu_D')]); // 3

// The same id in two turns.
const acrossTurns = transcript();
acrossTurns.user('go'); // 1
acrossTurns.assistant([toolUse('toolu_T')]); // 2
acrossTurns.result('toolu_T'); // 3
acrossTurns.assistant([text('first done')]); // 4
acrossTurns.user('again'); // 5
acrossTurns.assistant([text('Again.'), toolUse('toolu_T')]); // 6
acrossTurns.result('toolu_T'); // 7

const acrossTurnsFixed = file([...acrossTurns.lines.slice(0, 5), withoutBlocks(acrossTurns.lines[5]!, 1)]);

// Three uses: two reports, each pointing at the first.
const three = transcript();
three.user('go'); // 1
three.assistant([toolUse('toolu_3')]); // 2
three.result('toolu_3'); // 3
three.assistant([toolUse('toolu_3')]); // 4
three.result('toolu_3'); // 5
three.assistant([toolUse('toolu_3')]); // 6
three.result('toolu_3'); // 7

// Parallel parts sharing an id, each result off its own part, the answer off the later result.
const parallelDup = transcript();
parallelDup.user('run'); // 1
const d1 = parallelDup.assistant([toolUse('toolu_PD')], { id: 'msg_pd' }); // 2
const d2 = parallelDup.assistant([toolUse('toolu_PD')], { id: 'msg_pd' }); // 3
parallelDup.result('toolu_PD', 'one', { parent: d1 }); // 4
const rd2 = parallelDup.result('toolu_PD', 'two', { parent: d2 }); // 5
parallelDup.assistant([text('done')], { parent: rd2 }); // 6

// The same id twice in one response, with one result: it answers the first use, only the later use goes.
const oneResult = transcript();
oneResult.user('go'); // 1
oneResult.assistant([toolUse('toolu_OR'), text('and'), toolUse('toolu_OR')]); // 2
oneResult.user([toolResult('toolu_OR')]); // 3

runRuleTests(rule, {
  valid: [
    { name: 'distinct ids', text: plain.toString() },
    { name: 'split parallel parts', text: parallel.toString() },
    { name: 'an id reused on a branch that is not resumed', text: branch.toString() },
    { name: 'distinct ids (api target)', text: plain.toString(), target: 'api' },
  ],
  invalid: [
    {
      name: 'twice in one response',
      text: sameMessage.toString(),
      errors: [{ messageId: 'dropped', line: 2, blockIndex: 1, severity: 'warn' }],
      output: file([
        sameMessage.lines[0]!,
        withoutBlocks(sameMessage.lines[1]!, 1),
        withoutBlocks(sameMessage.lines[2]!, 1),
      ]),
    },
    {
      name: 'in two turns',
      text: acrossTurns.toString(),
      errors: [{ messageId: 'dropped', line: 6, blockIndex: 1 }],
      output: acrossTurnsFixed,
    },
    {
      name: 'three times',
      text: three.toString(),
      errors: [
        { messageId: 'dropped', line: 4 },
        { messageId: 'dropped', line: 6 },
      ],
      // Two passes: the second fix touches a line the first one re-links.
      output: file(three.lines.slice(0, 3)),
    },
    {
      name: 'api: a repeated id is an error with the API text',
      text: acrossTurns.toString(),
      target: 'api',
      errors: [
        { messageId: 'notUnique', line: 6, severity: 'error', messageIncludes: '`tool_use` ids must be unique' },
      ],
      output: acrossTurnsFixed,
    },
    {
      name: 'parallel parts: the later part and its result go, the answer re-links past both',
      text: parallelDup.toString(),
      errors: [{ messageId: 'dropped', line: 3 }],
      output: file([
        ...parallelDup.lines.slice(0, 2),
        parallelDup.lines[3]!,
        edited(parallelDup.lines[5]!, (o) => (o.parentUuid = field(parallelDup.lines[1]!, 'uuid'))),
      ]),
    },
    {
      name: 'one result for two uses: it stays with the first',
      text: oneResult.toString(),
      errors: [{ messageId: 'dropped', line: 2, blockIndex: 2 }],
      output: file([oneResult.lines[0]!, withoutBlocks(oneResult.lines[1]!, 2), oneResult.lines[2]!]),
    },
  ],
});

describe('unique-tool-use-id details', () => {
  it('relates the later use to the first one', () => {
    const { result } = lintWith(rule, three.toString());
    expect(result.diagnostics.map((d) => d.related)).toEqual([
      [{ line: 2, message: 'first tool_use with id toolu_3' }],
      [{ line: 2, message: 'first tool_use with id toolu_3' }],
    ]);
    expect(result.diagnostics[0]!.message).toContain('already used on line 2');
  });
});

describe('unique-tool-use-id fix', () => {
  it('leaves a request in which every call is answered once', () => {
    for (const t of [sameMessage, acrossTurns, three, parallelDup, oneResult]) {
      const out = fixBytes('t.jsonl', new TextEncoder().encode(t.toString()), {
        rules: [rule],
        target: 'claude-code',
      }).output;
      const model = claudeCodeModel(loadText('t.jsonl', new TextDecoder().decode(out)));
      for (const view of [model.apiView().merged, model.apiView().messages]) {
        const uses = view.flatMap((m) => m.blocks.filter((b) => b.block.type === 'tool_use').map((b) => b.block.id));
        const results = view.flatMap((m) =>
          m.blocks.filter((b) => b.block.type === 'tool_result').map((b) => b.block.tool_use_id),
        );
        expect(new Set(uses).size).toBe(uses.length);
        expect(results.sort()).toEqual([...uses].sort());
      }
      expect(model.apiView().repairs).toEqual([]);
    }
  });
});
