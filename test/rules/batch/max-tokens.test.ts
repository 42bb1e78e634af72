import rule from '../../../rules/batch/max-tokens.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { jsonl, params, request } from './builders.js';

runRuleTests(rule, {
  valid: [
    { name: 'max_tokens of 1 and more', text: jsonl(request('a', params('x', { max_tokens: 1 })), request('b')) },
  ],
  invalid: [
    {
      name: 'max_tokens 0 (cache pre-warming)',
      text: jsonl(request('a'), request('warm', params('x', { max_tokens: 0 }))),
      errors: [{ messageId: 'tooLow', line: 2 }],
    },
  ],
});
