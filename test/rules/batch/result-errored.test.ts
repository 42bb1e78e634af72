import rule from '../../../rules/batch/result-errored.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { jsonl } from './builders.js';

const succeeded = { custom_id: 'ok', result: { type: 'succeeded', message: { role: 'assistant', content: [] } } };
const errored = {
  custom_id: 'weather-paris_003',
  result: {
    type: 'errored',
    error: {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'messages.1: `tool_use` ids were found without `tool_result` blocks',
      },
      request_id: 'req_011',
    },
  },
};

runRuleTests(rule, {
  valid: [
    {
      name: 'succeeded and canceled results',
      text: jsonl(succeeded, { custom_id: 'c', result: { type: 'canceled' } }),
    },
    {
      name: 'a 200 output line',
      text: jsonl({ id: 'batch_req_1', custom_id: 'r', response: { status_code: 200, body: {} }, error: null }),
    },
  ],
  invalid: [
    {
      name: 'an errored and an expired result',
      text: jsonl(succeeded, errored, { custom_id: 'late', result: { type: 'expired' } }),
      errors: [
        {
          messageId: 'errored',
          line: 2,
          severity: 'error',
          messageIncludes: 'Request "weather-paris_003" failed with invalid_request_error',
        },
        { messageId: 'expired', line: 3, severity: 'warn' },
      ],
    },
    {
      name: 'an output line with a 400 response and one with an error',
      text: jsonl(
        {
          id: 'batch_req_2',
          custom_id: 'request-3',
          response: {
            status_code: 400,
            body: { error: { message: "An assistant message with 'tool_calls' must be followed by tool messages" } },
          },
          error: null,
        },
        {
          id: 'batch_req_3',
          custom_id: 'request-4',
          response: null,
          error: {
            code: 'batch_expired',
            message: 'This request could not be executed before the completion window expired.',
          },
        },
      ),
      errors: [
        { messageId: 'failed', line: 1, messageIncludes: 'HTTP 400' },
        { messageId: 'openaiError', line: 2, messageIncludes: 'batch_expired' },
      ],
    },
  ],
});
