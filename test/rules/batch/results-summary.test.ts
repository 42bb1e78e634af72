import rule from '../../../rules/batch/results-summary.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { jsonl } from './builders.js';

const result = (id: string, type: string) => ({ custom_id: id, result: { type } });
const output = (id: string, status: number) => ({
  id: `batch_req_${id}`,
  custom_id: id,
  response: { status_code: status, request_id: 'req_1', body: {} },
  error: null,
});

// A results file is always summarised: it has no valid case of its own. A requests file never is.
runRuleTests(rule, {
  valid: [{ name: 'a requests file is not summarised', text: jsonl({ custom_id: 'a', params: { messages: [] } }) }],
  invalid: [
    {
      name: 'the counts of a Message Batches results file',
      text: jsonl(
        result('a', 'succeeded'),
        result('b', 'succeeded'),
        result('c', 'errored'),
        result('d', 'canceled'),
        'torn {',
      ),
      errors: [
        {
          messageId: 'anthropic',
          line: 1,
          severity: 'warn',
          messageIncludes: '4 results (2 succeeded, 1 errored, 1 canceled, 1 line is not JSON)',
        },
      ],
    },
    {
      name: 'the counts of an OpenAI batch output file',
      text: jsonl(output('a', 200), output('b', 400), output('c', 200)),
      errors: [{ messageId: 'openai', line: 1, messageIncludes: '3 results (1 failed (400), 2 succeeded (200))' }],
    },
  ],
});
