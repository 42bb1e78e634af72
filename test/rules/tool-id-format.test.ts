import rule from '../../rules/tool-id-format.js';
import { text, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

const call = (id: string, name = 'Bash') => {
  const t = transcript();
  t.user('go'); // 1
  t.assistant([text('Running.'), toolUse(id, name)]); // 2
  t.result(id); // 3
  t.assistant([text('done')]); // 4
  return t.toString();
};

const long = 'toolu_' + 'a'.repeat(70);

runRuleTests(rule, {
  valid: [
    { name: 'an Anthropic id', text: call('toolu_01JA2mLseQCAW3MdwPE4qWEk') },
    { name: 'an id with dashes and underscores', text: call('call_abc-123_X') },
    { name: 'an MCP tool name', text: call('toolu_1', 'mcp__plugin_showcase_example__refresh_search_index') },
    { name: 'a long id is fine for the api target', text: call(long), target: 'api' },
    { name: 'an Anthropic id (bedrock target)', text: call('toolu_01JA2mLseQCAW3MdwPE4qWEk'), target: 'bedrock' },
  ],
  invalid: [
    {
      name: 'an id with a dot and a colon',
      text: call('functions.Bash:0'),
      errors: [{ messageId: 'idCharset', line: 2, blockIndex: 1, severity: 'warn' }],
    },
    { name: 'an empty id', text: call(''), errors: [{ messageId: 'idCharset', line: 2 }] },
    {
      name: 'a tool name with a dot',
      text: call('toolu_1', 'my.tool'),
      errors: [{ messageId: 'name', line: 2, messageIncludes: 'tool name my.tool' }],
    },
    {
      name: 'a tool name over 64 characters',
      text: call('toolu_1', 'a'.repeat(65)),
      errors: [{ messageId: 'name', line: 2 }],
    },
    { name: 'an empty tool name', text: call('toolu_1', ''), errors: [{ messageId: 'name', line: 2 }] },
    {
      name: 'api: still a warning',
      text: call('toolu.1'),
      target: 'api',
      errors: [{ messageId: 'idCharset', line: 2, severity: 'warn' }],
    },
    {
      name: 'bedrock: an id over 64 characters',
      text: call(long),
      target: 'bedrock',
      errors: [{ messageId: 'idLength', line: 2, severity: 'error', messageIncludes: '76 characters' }],
    },
    {
      name: 'bedrock: bad charset and name are errors',
      text: call('toolu.1', 'bad name'),
      target: 'bedrock',
      errors: [
        { messageId: 'idCharset', line: 2, severity: 'error' },
        { messageId: 'name', line: 2, severity: 'error' },
      ],
    },
  ],
});
