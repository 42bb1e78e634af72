import rule from '../../../rules/gemini/empty-session.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { recorded, text } from './session.js';

const call = recorded('tool-call');

runRuleTests(rule, {
  valid: [
    { name: 'a session with a conversation', text: text(call) },
    { name: 'one user prompt is enough to resume', text: text(call.slice(0, 3)) },
  ],
  invalid: [
    {
      name: 'the second file Gemini CLI 0.61.0 left when it resumed tool-call.jsonl',
      text: readFileSync(
        path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'sessions', 'gemini', 'resume-leftover.jsonl'),
        'utf8',
      ),
      errors: [{ messageId: 'empty', line: 1, severity: 'warn' }],
    },
  ],
});
