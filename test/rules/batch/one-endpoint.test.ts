import rule from '../../../rules/batch/one-endpoint.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { jsonl, openaiLine } from './builders.js';

const embedding = { model: 'text-embedding-3-small', input: 'Hello world!' };

runRuleTests(rule, {
  valid: [
    { name: 'every line to chat completions', text: jsonl(openaiLine('r1'), openaiLine('r2')) },
    {
      name: 'an endpoint the Batch API does not run is line-shape’s',
      text: jsonl(openaiLine('r1'), openaiLine('r2', {}, '/v1/messages')),
    },
  ],
  invalid: [
    {
      name: 'an embeddings line among chat completions lines',
      text: jsonl(openaiLine('r1'), openaiLine('r2', embedding, '/v1/embeddings'), openaiLine('r3')),
      errors: [{ messageId: 'mismatch', line: 2, messageIncludes: '(line 1) goes to "/v1/chat/completions"' }],
    },
  ],
});
