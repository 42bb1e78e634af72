import rule from '../../../rules/openai/tools-declared.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, calls, doc, list, lineAt, tool, user } from './builders.js';

const undeclared = doc([user(), calls(call('c1'), call('c2', 'get_forecast')), tool('c1'), tool('c2')]);
const legacy = doc([user(), assistant(null, { function_call: { name: 'g', arguments: '{}' } })], {
  tools: undefined,
  functions: [{ name: 'f', parameters: {} }],
});

runRuleTests(rule, {
  valid: [
    { name: 'every call declared', text: doc([user(), calls(call('c1')), tool('c1')]) },
    { name: 'a bare list declares nothing', text: list([user(), calls(call('c1', 'anything')), tool('c1')]) },
  ],
  invalid: [
    {
      name: 'a call to a function not in tools',
      text: undeclared,
      errors: [
        { messageId: 'tool', line: lineAt(undeclared, '/messages/1/tool_calls/1/function/name'), severity: 'warn' },
      ],
    },
    {
      name: 'a legacy function_call not in functions',
      text: legacy,
      errors: [{ messageId: 'function', line: lineAt(legacy, '/messages/1/function_call/name') }],
    },
  ],
});
