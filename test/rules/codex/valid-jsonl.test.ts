import rule from '../../../rules/codex/valid-jsonl.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, event, head, output, rollout } from './rollout.js';

const clean = rollout(...head(), call(), output(), assistant(), event('task_complete'));
const lines = clean.trimEnd().split('\n');
const join = (ls: string[], end = '\n') => `${ls.join('\n')}${end}`;
const mark = (line: string, repaired: string) =>
  line.replace(/\}$/, `,"transcript_lint":{"rule":"codex/valid-jsonl","repaired":"${repaired}"}}`);
/** The record a fix keeps an unreadable line in, after the record `before` (whose timestamp it takes). */
const kept = (text: string, reason: string, before: string) =>
  JSON.stringify({
    timestamp: JSON.parse(before).timestamp,
    type: 'transcript_lint_kept_line',
    payload: { reason, text },
    transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
  });

runRuleTests(rule, {
  valid: [
    { name: 'recorded shell turn', text: clean },
    { name: 'no newline after the last record', text: clean.trimEnd() },
    { name: 'CRLF line ends', text: clean.replaceAll('\n', '\r\n') },
  ],
  invalid: [
    {
      name: 'BOM at the start: resume fails',
      text: `\ufeff${clean}`,
      errors: [{ messageId: 'bom', line: 1, severity: 'error' }],
      output: clean,
    },
    {
      name: 'torn last line (an event cut in half)',
      text: join([...lines.slice(0, -1), lines[lines.length - 1]!.slice(0, 60)], ''),
      errors: [{ messageId: 'torn', line: 10, severity: 'warn' }],
      // Kept in a record Codex skips, with no ordinal: Codex numbers on from the last record it reads.
      output: join([...lines.slice(0, -1), kept(lines[9]!.slice(0, 60), 'torn', lines[8]!)], ''),
    },
    {
      name: 'garbage first line: resume fails',
      text: join(['garbage, not json', ...lines]),
      errors: [{ messageId: 'firstLine', line: 1, severity: 'error' }],
      // Moved after the session_meta, which Codex wants first.
      output: join([lines[0]!, kept('garbage, not json', 'not JSON', lines[0]!), ...lines.slice(1)]),
    },
    {
      name: 'garbage line mid-file, where an event was',
      text: join([...lines.slice(0, 9), 'xx garbage xx', ...lines.slice(9)]),
      errors: [{ messageId: 'parse', line: 10, severity: 'warn' }],
      // The line stays, kept in a record Codex skips; the ordinals around it are as they were.
      output: join([...lines.slice(0, 9), kept('xx garbage xx', 'not JSON', lines[8]!), ...lines.slice(9)]),
    },
    {
      name: 'NUL bytes inside a tool output: stripped, the record reads again',
      text: join([...lines.slice(0, 7), lines[7]!.replace('one', 'o\u0000\u0000ne'), ...lines.slice(8)]),
      errors: [{ messageId: 'nulRecord', line: 8, severity: 'warn' }],
      output: join([...lines.slice(0, 7), mark(lines[7]!, 'nul'), ...lines.slice(8)]),
    },
    {
      name: 'NUL padding after the last line',
      text: `${clean}\u0000\u0000\u0000\u0000`,
      errors: [{ messageId: 'nulOnly', line: 11 }],
      output: clean,
    },
    {
      name: 'two records written into each other: split back (unsafe)',
      text: join([
        ...lines.slice(0, 6),
        `${lines[6]!.slice(0, 50)}${lines[7]!}${lines[6]!.slice(50)}`,
        ...lines.slice(8),
      ]),
      errors: [{ messageId: 'interleaved', line: 7, severity: 'error' }],
      output: null,
      unsafeOutput: join([
        ...lines.slice(0, 6),
        mark(lines[6]!, 'interleaved'),
        mark(lines[7]!, 'interleaved'),
        ...lines.slice(8),
      ]),
    },
    {
      name: 'JSON that is not a record',
      text: join([...lines.slice(0, 9), '[1,2,3]', ...lines.slice(9)]),
      errors: [{ messageId: 'notObject', line: 10 }],
      output: join([...lines.slice(0, 9), kept('[1,2,3]', 'not a record', lines[8]!), ...lines.slice(9)]),
    },
  ],
});
