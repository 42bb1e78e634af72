import rule from '../../../rules/batch/custom-id-unique.js';
import { lineAt } from '../../helpers/plain.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { jsonl, openaiLine, params, request } from './builders.js';

const body = `${JSON.stringify({ requests: [request('a'), request('a')] }, null, 2)}\n`;

runRuleTests(rule, {
  valid: [
    { name: 'distinct ids', text: jsonl(request('a'), request('b')) },
    { name: 'distinct Batch API ids', text: jsonl(openaiLine('request-1'), openaiLine('request-2')) },
  ],
  invalid: [
    {
      name: 'two different requests under one id are left to the user',
      text: jsonl(request('my-first-request'), request('b'), request('my-first-request', params('Another'))),
      errors: [{ messageId: 'duplicate', line: 3, messageIncludes: 'on line 1' }],
      output: null,
    },
    {
      name: 'an exact copy is dropped',
      text: jsonl(request('a'), request('b'), request('a'), request('a')),
      errors: [
        { messageId: 'duplicate', line: 3 },
        { messageId: 'duplicate', line: 4 },
      ],
      output: jsonl(request('a'), request('b')),
    },
    {
      name: 'an exact copy in the create body is dropped from its requests',
      text: body,
      errors: [{ messageId: 'duplicate', line: lineAt(body, '/requests/1/custom_id') }],
      output: `${JSON.stringify({ requests: [request('a')] }, null, 2)}\n`,
    },
    {
      name: 'a Batch API id used twice',
      text: jsonl(
        openaiLine('request-1'),
        openaiLine('request-2'),
        openaiLine('request-1', { model: 'gpt-4o-mini', messages: [] }),
      ),
      errors: [{ messageId: 'openaiDuplicate', line: 3 }],
      output: null,
    },
  ],
});
