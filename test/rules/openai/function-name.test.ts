import rule from '../../../rules/openai/function-name.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { call, calls, doc, lineAt, TOOLS, tool, user } from './builders.js';

const dotted = 'weather.get_current';
const long = 'mcp__plugin_chrome-devtools-mcp_chrome-devtools__performance_analyze_insight';
const rename = (name: string) => [{ type: 'function', function: { ...(TOOLS[0]!.function as object), name } }];
const pattern = doc([user(), calls(call('call_1', dotted)), tool('call_1')], { tools: rename(dotted) });
const tooLong = doc([user(), calls(call('call_1', long)), tool('call_1')], { tools: rename(long) });
const noName = doc([user()], { tools: undefined, functions: [{ description: 'x' }] });
const participant = doc([{ role: 'user', name: 'Jane Doe', content: 'hi' }]);

runRuleTests(rule, {
  valid: [
    {
      name: 'names of the pattern, 64 characters at most',
      text: doc([user(), calls(call('call_1', 'get_current_weather')), tool('call_1')]),
    },
    { name: 'a participant name', text: doc([{ role: 'user', name: 'jane_doe', content: 'hi' }]) },
  ],
  invalid: [
    {
      name: 'a dot, in tools and in both calls',
      text: pattern,
      errors: [
        {
          messageId: 'pattern',
          line: lineAt(pattern, '/messages/1/tool_calls/0/function/name'),
          messageIncludes: "Invalid 'messages[1].tool_calls[0].function.name': string does not match pattern.",
        },
        {
          messageId: 'pattern',
          line: lineAt(pattern, '/tools/0/function/name'),
          messageIncludes: "Invalid 'tools[0].function.name'",
        },
      ],
    },
    {
      name: 'a 76-character MCP tool name',
      text: tooLong,
      errors: [
        {
          messageId: 'tooLong',
          line: lineAt(tooLong, '/messages/1/tool_calls/0/function/name'),
          messageIncludes: 'got a string with length 76 instead.',
        },
        { messageId: 'tooLong', line: lineAt(tooLong, '/tools/0/function/name') },
      ],
    },
    {
      name: 'a participant name with a space',
      text: participant,
      errors: [
        {
          messageId: 'pattern',
          line: lineAt(participant, '/messages/0/name'),
          messageIncludes: "Invalid 'messages[0].name'",
        },
      ],
    },
    {
      name: 'a legacy function without a name',
      text: noName,
      errors: [{ messageId: 'missing', line: lineAt(noName, '/functions/0/name'.replace('/name', '')) }],
    },
  ],
});
