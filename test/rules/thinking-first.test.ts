import rule from '../../rules/thinking-first.js';
import { text, thinking, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

/** user prompt, one assistant entry with `content`, its tool result, a final answer. */
function oneEntry(content: Record<string, unknown>[]): string {
  const t = transcript();
  t.user('think then run');
  t.assistant(content, { id: 'msg_a' });
  t.result('toolu_1', 'one');
  t.assistant([text('Done.')], { id: 'msg_b' });
  return t.toString();
}

const split = transcript();
split.user('think then run');
split.assistant([thinking('I should run it.', 'sigA')], { id: 'msg_a' });
split.assistant([text('Running.')], { id: 'msg_a' });
split.assistant([toolUse('toolu_1')], { id: 'msg_a' });
split.result('toolu_1');
split.assistant([thinking('Done now.', 'sigB')], { id: 'msg_b' });
split.assistant([text('Thought and ran.')], { id: 'msg_b' });

// The thinking part written after the tool_use part: Claude Code still sends thinking first.
const late = transcript();
late.user('think then run');
late.assistant([toolUse('toolu_1')], { id: 'msg_a' });
late.assistant([thinking('I should run it.', 'sigA')], { id: 'msg_a' });
late.result('toolu_1');
late.assistant([text('Done.')], { id: 'msg_b' });

runRuleTests(rule, {
  valid: [
    { name: 'thinking first in one entry', text: oneEntry([thinking(), toolUse('toolu_1')]) },
    { name: 'split parts with signatures (think.jsonl shape)', text: split.toString() },
    { name: 'thinking part written after the tool_use part', text: late.toString() },
    { name: 'redacted_thinking first', text: oneEntry([{ type: 'redacted_thinking', data: 'EqQBCgIYAh' }, toolUse('toolu_1')]) },
    { name: 'hidden thinking (empty text with a signature)', text: oneEntry([thinking('', 'EpMCCkYIBxgCKkA'), text('Running.'), toolUse('toolu_1')]) },
    { name: 'no thinking at all', text: oneEntry([text('Running.'), toolUse('toolu_1')]) },
    { name: 'an empty text block before thinking is dropped, not first', text: oneEntry([text(''), thinking(), toolUse('toolu_1')]) },
    { name: 'api target, thinking first', text: oneEntry([thinking(), toolUse('toolu_1')]), target: 'api' },
  ],
  invalid: [
    {
      name: 'one entry written as text, thinking, tool_use',
      text: oneEntry([text('Running.'), thinking(), toolUse('toolu_1')]),
      errors: [{ messageId: 'notFirst', line: 2, blockIndex: 1, severity: 'error', messageIncludes: 'Found text.' }],
    },
    {
      name: 'tool_use before thinking in one entry',
      text: oneEntry([toolUse('toolu_1'), { type: 'redacted_thinking', data: 'EqQBCgIYAh' }]),
      errors: [{ messageId: 'notFirst', line: 2, blockIndex: 1, messageIncludes: 'Found tool_use.' }],
    },
    {
      name: 'api target',
      target: 'api',
      text: oneEntry([text('Running.'), thinking(), toolUse('toolu_1')]),
      errors: [{ messageId: 'notFirst', line: 2, severity: 'error' }],
    },
  ],
});
