import rule from '../../../rules/batch/custom-id-format.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { jsonl, request } from './builders.js';

const a64 = 'a'.repeat(64);

runRuleTests(rule, {
  valid: [
    {
      name: 'ids of 1 to 64 allowed characters',
      text: jsonl(request('x'), request('my-first_request-2'), request(a64)),
    },
  ],
  invalid: [
    {
      name: 'a space and a dot (renamed as an unsafe fix)',
      text: jsonl(request('my-first-request'), request('doc 2.txt')),
      errors: [{ messageId: 'pattern', line: 2 }],
      output: null,
      unsafeOutput: jsonl(request('my-first-request'), request('doc_2_txt')),
    },
    {
      name: '65 characters, in the API’s own words (requests.<index>)',
      text: jsonl(request('first'), request(`${a64}a`)),
      errors: [
        {
          messageId: 'tooLong',
          line: 2,
          messageIncludes: 'requests.1.custom_id: String should have at most 64 characters',
        },
      ],
      output: null,
      unsafeOutput: jsonl(request('first'), request(a64)),
    },
    {
      name: 'a rename that would collide is not offered',
      text: jsonl(request('doc_2'), request('doc.2')),
      errors: [{ messageId: 'pattern', line: 2 }],
      output: null,
    },
    {
      name: 'an empty id and one that is not a string',
      text: jsonl(request(''), request(42)),
      errors: [
        { messageId: 'empty', line: 1 },
        { messageId: 'notString', line: 2 },
      ],
      output: null,
    },
  ],
});
