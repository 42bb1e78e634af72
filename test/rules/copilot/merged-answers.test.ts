import { readFileSync } from 'node:fs';
import path from 'node:path';
import rule from '../../../rules/copilot/merged-answers.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recording } from './recorded.js';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', '..', 'fixtures', 'rules', 'copilot', 'merged-answers');
// The recorded `plain` session resumed by two terminals at once (Copilot 1.0.102, its lines as written, the system
// prompts scrubbed): terminal A's events chain from line 9, terminal B's from line 11.
const interleaved = readFileSync(path.join(FIXTURES, 'invalid-two-terminals.jsonl'), 'utf8');
const lines = interleaved.slice(0, -1).split('\n');
const A = [9, 10, 12, 13, 14, 18, 19, 20, 22, 26, 27, 28, 29, 30];
const B = [11, 15, 16, 17, 21, 23, 24, 25];
const lastOfA = JSON.parse(lines[30 - 1]!).id as string;
const firstOfB = JSON.parse(lines[11 - 1]!).parentId as string;
// The fix: A's events, then B's, whose first event now follows A's last.
const regrouped = `${[
  ...lines.slice(0, 8),
  ...A.map((n) => lines[n - 1]!),
  ...B.map((n) =>
    n === 11 ? lines[n - 1]!.replace(`"parentId":"${firstOfB}"`, `"parentId":"${lastOfA}"`) : lines[n - 1]!,
  ),
].join('\n')}\n`;

const multi = recording('multi-turn');
const third = multi.lines.findIndex((l) => l.includes('"content":"third: just answer"')) + 1;

runRuleTests(rule, {
  valid: [
    { name: 'a recorded session over three runs', text: multi.text },
    { name: 'a recorded session with parallel calls', text: recording('parallel').text },
    { name: 'two terminals, one after the other', text: regrouped },
  ],
  invalid: [
    {
      name: "two terminals' lines interleaved: B's answer is sent inside A's last reply",
      text: interleaved,
      errors: [{ messageId: 'merged', line: 28, messageIncludes: 'follows the one on line 23' }],
      output: null,
      unsafeOutput: regrouped,
    },
    {
      name: 'the third prompt deleted: its answer is sent inside the reply before it, nothing to regroup',
      text: multi.with(third),
      errors: [{ messageId: 'merged', line: 33, messageIncludes: 'follows the one on line 27' }],
      output: null,
    },
  ],
});
