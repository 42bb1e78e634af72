import rule from '../../rules/tool-names.js';
import { transcript } from '../helpers/build.js';
import { assistantMsg, doc, jsonl, lineAt, request, TOOLS, userMsg } from '../helpers/plain.js';
import { runRuleTests } from '../helpers/rule-tester.js';

const messages = [userMsg('What is the weather in Paris?'), assistantMsg('Sunny.'), userMsg('thanks')];
const weather = TOOLS[0]!;
const search = { type: 'web_search_20250305', name: 'web_search', max_uses: 3 };
const other = { name: 'get_weather', description: 'Another tool with the same name', input_schema: { type: 'object' } };

const session = transcript();
session.user('hi');
session.assistant([{ type: 'text', text: 'hello' }]);

const cases = {
  badName: doc(
    request(messages, { tools: [weather, { name: 'mcp.server/get weather', input_schema: { type: 'object' } }] }),
  ),
  longName: doc(request(messages, { tools: [{ name: 'x'.repeat(65), input_schema: { type: 'object' } }] }), 'pretty4'),
  noName: doc(request(messages, { tools: [{ input_schema: { type: 'object' } }] })),
  copy: doc(request(messages, { tools: [weather, search, weather] })),
  twoCopies: doc(request(messages, { tools: [weather, weather, search, weather] }), 'compact'),
  different: doc(request(messages, { tools: [weather, other] }), 'tab'),
};

runRuleTests(rule, {
  valid: [
    { name: 'a request without tools', text: doc(request(messages)) },
    {
      name: 'custom and server tools with good names',
      text: doc(
        request(messages, { tools: [weather, search, { name: 'A-b_9'.repeat(12) + 'abcd', input_schema: {} }] }),
      ),
    },
    { name: 'an empty tools list', text: doc(request(messages, { tools: [] })) },
    { name: 'a message list has no tools', text: jsonl(messages) },
    { name: 'a Claude Code session has no tools', text: session.toString() },
  ],
  invalid: [
    {
      name: 'a name with a dot, a slash and a space',
      text: cases.badName,
      errors: [{ messageId: 'pattern', line: lineAt(cases.badName, '/tools/1/name'), severity: 'error' }],
      output: null,
    },
    {
      name: 'a name over 64 characters',
      text: cases.longName,
      errors: [{ messageId: 'pattern', line: lineAt(cases.longName, '/tools/0/name') }],
      output: null,
    },
    {
      name: 'a tool without a name',
      text: cases.noName,
      errors: [{ messageId: 'missing', line: lineAt(cases.noName, '/tools/0') }],
      output: null,
    },
    {
      name: 'an exact copy of a definition is removed',
      text: cases.copy,
      errors: [
        {
          messageId: 'duplicate',
          line: lineAt(cases.copy, '/tools/2/name'),
          messageIncludes: `tools[0] on line ${lineAt(cases.copy, '/tools/0')}`,
        },
      ],
      output: doc(request(messages, { tools: [weather, search] })),
    },
    {
      name: 'two copies go in one fix, in a compact request',
      text: cases.twoCopies,
      errors: [
        { messageId: 'duplicate', line: 1 },
        { messageId: 'duplicate', line: 1 },
      ],
      output: doc(request(messages, { tools: [weather, search] }), 'compact'),
    },
    {
      name: 'a different definition under the same name is left to the user',
      text: cases.different,
      errors: [{ messageId: 'duplicate', line: lineAt(cases.different, '/tools/1/name') }],
      output: null,
    },
    {
      name: 'a bad name is an error for bedrock too',
      text: cases.badName,
      target: 'bedrock',
      errors: [{ messageId: 'pattern', line: lineAt(cases.badName, '/tools/1/name'), severity: 'error' }],
      output: null,
    },
  ],
});
