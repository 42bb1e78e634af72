import rule from '../../../rules/batch/one-model.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { body, jsonl, openaiLine } from './builders.js';

runRuleTests(rule, {
  valid: [{ name: 'one model', text: jsonl(openaiLine('r1'), openaiLine('r2')) }],
  invalid: [
    {
      name: 'a line with another model',
      text: jsonl(openaiLine('r1'), openaiLine('r2', body('x', { model: 'gpt-4.1-mini' })), openaiLine('r3')),
      errors: [{ messageId: 'mismatch', line: 2, severity: 'warn' }],
    },
  ],
});
