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
const SESSION_ID = (JSON.parse(lines[1]!) as { sessionId: string }).sessionId;
const tornMid = lines[3]!.slice(0, 120);
/** Line 5 as another session would have written it. */
const other = lines[4]!.replace(SESSION_ID, '00000000-0000-4000-8000-000000000000');

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
      // Qwen 0.24.4 reads the session's sessionId and cwd from the file's first JSON object: without them a kept
      // first line made `qwen --resume` fail (rc 123, a TypeError); with them it resumed (generated Qwen seed 36).
      name: "a first line torn by NUL bytes is kept with the session's sessionId and cwd",
      text: text([`${lines[0]!.slice(0, 40)}${NUL.repeat(8)}`, ...lines.slice(1)]),
      errors: [{ messageId: 'lost', line: 1, severity: 'error' }],
      output: text([
        JSON.stringify({
          type: 'transcript-lint.kept-line',
          reason: 'not JSON, with NUL bytes',
          sessionId: SESSION_ID,
          cwd: '/tmp/qwen-proj',
          text: `${lines[0]!.slice(0, 40)}${NUL.repeat(8)}`,
        }),
        ...lines.slice(1),
      ]),
    },
    {
      name: 'garbage on line 2 is kept without them: line 1 is the first object',
      text: text([lines[0]!, 'garbage{', ...lines.slice(1)]),
      errors: [{ messageId: 'lost', line: 2, severity: 'error' }],
      output: text([lines[0]!, kept('garbage{', 'not JSON'), ...lines.slice(1)]),
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
      // Generated Qwen seed 59: a crash cut line 3 (a system record) off, the next record was written right after it
      // on the same line, and a restored backup appended lines 1-3 again. Qwen read neither record of line 3 and
      // resumed from the appended copy, leaving out the call; with the cut record written whole again from its copy
      // and the next one on a line of its own, the copy is a plain duplicate (qwen/duplicate-record drops it).
      name: 'a cut record with the next record glued to it, whole again on a later line',
      text: text([...lines.slice(0, 2), `${lines[2]!.slice(0, 460)}${lines[3]}`, ...lines.slice(4), lines[2]!]),
      errors: [{ messageId: 'tornThenRecords', line: 3, severity: 'error' }],
      output: text([...lines, lines[2]!]),
    },
    {
      name: 'a cut record with the next record glued to it: the cut text kept, the record on its own line',
      text: text([...lines.slice(0, 2), `${lines[2]!.slice(0, 460)}${lines[3]}`, ...lines.slice(4)]),
      errors: [{ messageId: 'tornThenRecords', line: 3, severity: 'error' }],
      output: text([...lines.slice(0, 2), kept(lines[2]!.slice(0, 460), 'cut off'), ...lines.slice(3)]),
    },
    {
      // The damage of generated Qwen seed 10 (a line written inside line 4): Qwen read neither line.
      name: 'a line written inside a record: both records written whole again',
      text: text([
        ...lines.slice(0, 3),
        `${lines[3]!.slice(0, 200)}${lines[4]}`,
        lines[3]!.slice(200),
        ...lines.slice(5),
      ]),
      errors: [{ messageId: 'interleaved', line: 4, severity: 'error' }],
      output: text(lines),
    },
    {
      name: 'a line of another session written inside a record: that one kept in an object Qwen skips',
      text: text([...lines.slice(0, 3), `${lines[3]!.slice(0, 200)}${other}`, lines[3]!.slice(200), ...lines.slice(5)]),
      errors: [{ messageId: 'interleaved', line: 4, severity: 'error' }],
      output: text([
        ...lines.slice(0, 4),
        JSON.stringify({
          type: 'transcript-lint.kept-line',
          reason: 'written inside line 4 by another session',
          text: other,
        }),
        ...lines.slice(5),
      ]),
    },
    {
      // Generated Qwen seed 82: the cut record was another session's; written whole, it gave the fixed file a second
      // sessionId, and Qwen refused it (rc 123).
      name: "another session's record cut by a line of this session: the cut one kept in an object Qwen skips",
      text: text([...lines.slice(0, 3), `${other.slice(0, 200)}${lines[3]}`, other.slice(200), ...lines.slice(5)]),
      errors: [{ messageId: 'interleaved', line: 4, severity: 'error' }],
      output: text([
        ...lines.slice(0, 3),
        JSON.stringify({
          type: 'transcript-lint.kept-line',
          reason: 'cut in two on line 4 and written by another session',
          text: other,
        }),
        lines[3]!,
        ...lines.slice(5),
      ]),
    },
    {
      name: 'a cut record written whole on a later line: the whole record written where it was cut',
      text: text([...lines.slice(0, 3), lines[3]!.slice(0, 300), ...lines.slice(4), lines[3]!]),
      errors: [{ messageId: 'tornCopy', line: 4, severity: 'warn' }],
      output: text([...lines, lines[3]!]),
    },
    {
      name: 'a cut system record (telemetry, no part of the conversation) is only a warning',
      text: text([...lines.slice(0, 2), lines[2]!.slice(0, 300), ...lines.slice(3)]),
      errors: [{ messageId: 'lost', line: 3, severity: 'warn' }],
      output: text([...lines.slice(0, 2), kept(lines[2]!.slice(0, 300), 'not JSON'), ...lines.slice(3)]),
    },
    {
      // Generated Qwen seed 27: Qwen 0.24.4 failed to resume the file (rc 123), and again once --fix kept the line.
      name: 'a file of one torn record: no line gives the sessionId',
      text: `${lines[0]!.slice(0, 79)}${NUL.repeat(30)}`,
      errors: [
        { messageId: 'noHead', line: 1, severity: 'error' },
        { messageId: 'lost', line: 1, severity: 'error' },
      ],
      output: `${kept(`${lines[0]!.slice(0, 79)}${NUL.repeat(30)}`, 'not JSON, with NUL bytes')}\n`,
    },
    {
      name: 'a whole record and a torn rest: the record on its line, the rest kept after it',
      text: text([...lines.slice(0, 3), `${lines[3]}${tornMid}`, ...lines.slice(4)]),
      errors: [{ messageId: 'partly', line: 4, severity: 'error' }],
      output: text([...lines.slice(0, 4), kept(tornMid, 'beside whole records'), ...lines.slice(4)]),
    },
  ],
});
