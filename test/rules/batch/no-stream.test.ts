import rule from '../../../rules/batch/no-stream.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { body, jsonl, openaiLine, params, request } from './builders.js';

runRuleTests(rule, {
  valid: [
    { name: 'no stream, and stream false', text: jsonl(request('a'), request('b', params('x', { stream: false }))) },
    { name: 'a Batch API body without stream', text: jsonl(openaiLine('r1')) },
  ],
  invalid: [
    {
      name: 'stream true is removed',
      text: jsonl(request('a'), request('b', params('Hi again, friend', { stream: true }))),
      errors: [{ messageId: 'stream', line: 2, severity: 'error' }],
      output: jsonl(request('a'), request('b', params('Hi again, friend'))),
    },
    {
      name: 'a Batch API body with stream true (a warning)',
      text: jsonl(openaiLine('r1', body('Hello world!', { stream: true }))),
      errors: [{ messageId: 'openaiStream', line: 1, severity: 'warn' }],
      output: jsonl(openaiLine('r1', body('Hello world!'))),
    },
  ],
});
