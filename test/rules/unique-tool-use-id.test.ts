import { describe, expect, it } from 'vitest';
import rule from '../../rules/unique-tool-use-id.js';
import { text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

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

// Three uses: two reports, each pointing at the first.
const three = transcript();
three.user('go'); // 1
three.assistant([toolUse('toolu_3')]); // 2
three.result('toolu_3'); // 3
three.assistant([toolUse('toolu_3')]); // 4
three.result('toolu_3'); // 5
three.assistant([toolUse('toolu_3')]); // 6
three.result('toolu_3'); // 7

runRuleTests(rule, {
  valid: [
    { name: 'distinct ids', text: plain.toString() },
    { name: 'split parallel parts', text: parallel.toString() },
    { name: 'an id reused on a branch that is not resumed', text: branch.toString() },
    { name: 'distinct ids (api target)', text: plain.toString(), target: 'api' },
  ],
  invalid: [
    { name: 'twice in one response', text: sameMessage.toString(), errors: [{ messageId: 'dropped', line: 2, blockIndex: 1, severity: 'warn' }] },
    { name: 'in two turns', text: acrossTurns.toString(), errors: [{ messageId: 'dropped', line: 6, blockIndex: 1 }] },
    { name: 'three times', text: three.toString(), errors: [{ messageId: 'dropped', line: 4 }, { messageId: 'dropped', line: 6 }] },
    {
      name: 'api: a repeated id is an error with the API text',
      text: acrossTurns.toString(),
      target: 'api',
      errors: [{ messageId: 'notUnique', line: 6, severity: 'error', messageIncludes: '`tool_use` ids must be unique' }],
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
