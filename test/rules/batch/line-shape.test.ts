import rule from '../../../rules/batch/line-shape.js';
import { lineAt } from '../../helpers/plain.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { body, jsonl, openaiLine, params, request } from './builders.js';

const good = jsonl(request('a'), request('b', params('Hi again, friend')));
const notObject = `${JSON.stringify({ requests: [request('a'), 'b'] }, null, 2)}\n`;

runRuleTests(rule, {
  valid: [
    { name: 'Message Batches requests', text: good },
    { name: 'the create body', text: `${JSON.stringify({ requests: [request('a')] }, null, 2)}\n` },
    {
      name: 'Batch API lines',
      text: jsonl(openaiLine('r1'), openaiLine('r2', { model: 'x', input: 'hi' }, '/v1/embeddings')),
    },
  ],
  invalid: [
    {
      name: 'a torn last line is dropped',
      text: `${good}{"custom_id": "c", "params": {"model": "claude`,
      errors: [{ messageId: 'torn', line: 3 }],
      output: good,
    },
    {
      name: 'a line that is not JSON (dropped only as an unsafe fix)',
      text: jsonl(request('a'), 'custom_id,params', request('b')),
      errors: [{ messageId: 'parse', line: 2 }],
      output: null,
      unsafeOutput: jsonl(request('a'), request('b')),
    },
    {
      name: 'a line that is an array',
      text: jsonl(request('a'), '[1, 2]'),
      errors: [{ messageId: 'notObject', line: 2 }],
      output: null,
      unsafeOutput: jsonl(request('a')),
    },
    {
      name: 'a request without params, one with params of the wrong type, one with an extra field',
      text: jsonl({ custom_id: 'a' }, request('b', 'hello'), { ...request('c'), stream: true }),
      errors: [
        { messageId: 'missing', line: 1, messageIncludes: '`params`' },
        { messageId: 'paramsType', line: 2 },
        { messageId: 'extra', line: 3, messageIncludes: '`stream`' },
      ],
      output: null,
    },
    {
      name: 'a create body without requests',
      text: '{\n  "batch": []\n}\n',
      inputFormat: 'anthropic-batch',
      errors: [{ messageId: 'noRequests', line: 1 }],
      output: null,
    },
    {
      name: 'a create body with a request that is not an object',
      text: notObject,
      errors: [{ messageId: 'requestNotObject', line: lineAt(notObject, '/requests/1') }],
      output: null,
    },
    {
      name: 'Batch API lines: a GET, an endpoint the Batch API does not run, a body that is a string, no url',
      text: jsonl(
        openaiLine('r1', body(), '/v1/chat/completions', 'GET'),
        openaiLine('r2', body(), '/v1/messages'),
        openaiLine('r3', 'hello'),
        { custom_id: 'r4', method: 'POST', body: body() },
      ),
      errors: [
        { messageId: 'openaiMethod', line: 1 },
        { messageId: 'openaiUrl', line: 2 },
        { messageId: 'openaiBody', line: 3 },
        { messageId: 'openaiMissing', line: 4, messageIncludes: '`url`' },
      ],
      output: null,
    },
  ],
});
