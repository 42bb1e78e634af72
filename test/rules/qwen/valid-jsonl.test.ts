// qwen/valid-jsonl on the one-tool session Qwen Code 0.24.4 recorded (fixtures/sessions/qwen/one-tool): what
// Qwen cannot read is kept on its line in a transcript-lint.kept-line object, never deleted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import rule from '../../../rules/qwen/valid-jsonl.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

const lines = readFileSync(
  path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'sessions', 'qwen', 'one-tool', 'session.jsonl'),
  'utf8',
)
  .replace(/\n$/, '')
  .split('\n');
const text = (ls: readonly string[]): string => `${ls.join('\n')}\n`;
const NUL = '\u0000';
/** The object --fix writes in place of what Qwen cannot read. */
const kept = (t: string, reason: string): string =>
  JSON.stringify({ type: 'transcript-lint.kept-line', reason, text: t });
const tornLast = lines[7]!.slice(0, 150);
const tornMid = lines[3]!.slice(0, 120);

runRuleTests(rule, {
  valid: [{ name: 'a recorded session', text: text(lines) }],
  invalid: [
    {
      name: 'a torn last line (no line break) is kept, with its line break',
      text: `${lines.slice(0, 7).join('\n')}\n${tornLast}`,
      errors: [{ messageId: 'lost', line: 8, severity: 'error' }],
      output: text([...lines.slice(0, 7), kept(tornLast, 'cut off')]),
    },
    {
      name: 'garbage mid-file is kept on its line',
      text: text([...lines.slice(0, 3), 'garbage{', ...lines.slice(3)]),
      errors: [{ messageId: 'lost', line: 4, severity: 'error' }],
      output: text([...lines.slice(0, 3), kept('garbage{', 'not JSON'), ...lines.slice(3)]),
    },
    {
      name: 'a line of NUL padding only is dropped (it holds nothing)',
      text: text([...lines.slice(0, 3), NUL.repeat(16), ...lines.slice(3)]),
      errors: [{ messageId: 'padding', line: 4, severity: 'warn' }],
      output: text(lines),
    },
    {
      name: 'a whole record and a torn rest: the record on its line, the rest kept after it',
      text: text([...lines.slice(0, 3), `${lines[3]}${tornMid}`, ...lines.slice(4)]),
      errors: [{ messageId: 'partly', line: 4, severity: 'error' }],
      output: text([...lines.slice(0, 4), kept(tornMid, 'beside whole records'), ...lines.slice(4)]),
    },
  ],
});
