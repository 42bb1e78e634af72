import rule from '../../../rules/gemini/valid-jsonl.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recorded, text, without } from './session.js';

const call = recorded('tool-call');
const NUL = '\u0000';
const torn = call[9]!.slice(0, 80);
const par = recorded('parallel');
/** Line 2 of parallel with its last 139 bytes zeroed (it is ASCII: a byte is a character). */
/** Lines 2 and 3 of parallel with the bytes from 500 to 50 past their line break zeroed (seed 124). */
const across = `${par[1]!.slice(0, 500)}${'\u0000'.repeat(par[1]!.length - 500 + 1 + 50)}${par[2]!.slice(50)}`;
const zeroed = `${par[1]!.slice(0, 500)}${'\u0000'.repeat(par[1]!.length - 500)}`;
/** The record --fix writes in place of an unreadable line: its text kept, which the CLI skips. */
const kept = (line: string, reason: string): string =>
  JSON.stringify({ type: 'transcript-lint.kept-line', reason, text: line });

runRuleTests(rule, {
  valid: [{ name: 'a recorded session', text: text(call) }],
  invalid: [
    {
      name: 'the last message record torn (a crash mid-write)',
      text: `${[...call.slice(0, 9), torn].join('\n')}`,
      errors: [{ messageId: 'torn', line: 10, severity: 'error' }],
      output: text([...call.slice(0, 9), kept(torn, 'cut off')]),
    },
    {
      name: 'a torn lastUpdated update is only a warning',
      text: `${call.join('\n')}\n{"$set":{"lastUpdated":"2026-12-0`,
      errors: [{ messageId: 'torn', line: 12, severity: 'warn' }],
      output: text([...call, kept('{"$set":{"lastUpdated":"2026-12-0', 'cut off')]),
    },
    {
      // Generated Gemini seed 163: a lastUpdated update cut at byte 13 and the next one written after it on the same
      // line. Gemini CLI 0.61.0 resumed the file under strict and sent every message and call.
      name: 'a cut lastUpdated update with the next one glued to it is only a warning',
      text: text([...call.slice(0, 3), `${call[3]!.slice(0, 13)}${call[5]!}`, ...call.slice(4)]),
      errors: [{ messageId: 'tornThenRecord', line: 4, severity: 'warn' }],
      output: text([...call.slice(0, 3), kept(call[3]!.slice(0, 13), 'cut off'), call[5]!, ...call.slice(4)]),
    },
    {
      // Generated Gemini seed 151's kind: the glued record is also whole on a later line, which the CLI loads.
      name: 'a cut lastUpdated update with a record glued to it that is whole on another line is only a warning',
      text: text([...call.slice(0, 3), `${call[3]!.slice(0, 30)}${call[9]!}`, ...call.slice(4)]),
      errors: [{ messageId: 'tornThenRecord', line: 4, severity: 'warn' }],
      output: text([...call.slice(0, 3), kept(call[3]!.slice(0, 30), 'cut off'), call[9]!, ...call.slice(4)]),
    },
    {
      // The prompt on that line is lost: the CLI sends no user text before the model's turn; the fix writes it on a line
      // of its own again (generated seed 111: the last gemini record glued to a cut update, the file then listed none).
      name: 'a cut lastUpdated update with the prompt glued to it is an error',
      text: text([...call.slice(0, 2), `${call[3]!.slice(0, 13)}${call[2]!}`, ...call.slice(3)]),
      errors: [{ messageId: 'tornThenRecord', line: 3, severity: 'error', messageIncludes: 'a user message' }],
      output: text([...call.slice(0, 2), kept(call[3]!.slice(0, 13), 'cut off'), call[2]!, ...call.slice(3)]),
    },
    {
      name: 'a line of NUL padding after the last record',
      text: `${text(call)}${NUL.repeat(16)}\n`,
      errors: [{ messageId: 'nulOnly', line: 12, severity: 'warn' }],
      output: text(call),
    },
    {
      name: 'NUL padding glued to the front of a record',
      text: text(call.map((l, i) => (i === 9 ? `${NUL.repeat(8)}${l}` : l))),
      errors: [{ messageId: 'nulRecord', line: 10 }],
      output: text(call),
    },
    {
      name: 'garbage in the middle',
      text: text([...call.slice(0, 3), 'garbage{', ...call.slice(3)]),
      errors: [{ messageId: 'parse', line: 4 }],
      output: text([...call.slice(0, 3), kept('garbage{', 'not JSON'), ...call.slice(3)]),
    },
    {
      name: 'a JSON array line',
      text: text([...without(call, 11), '[1,2]']),
      errors: [{ messageId: 'notObject', line: 11, severity: 'warn' }],
      output: text([...without(call, 11), kept('[1,2]', 'not an object')]),
    },
    {
      // Generated Gemini seed 27: the CLI (0.61.0) found no session to resume ("No previous sessions found for this
      // project.") and its session cleanup deleted the file.
      name: 'the header torn in its sessionId, with NUL bytes after it: no fix, the id is not known',
      text: `${call[0]!.slice(0, 43)}${NUL.repeat(17)}`,
      errors: [{ messageId: 'headerLost', line: 1, severity: 'error' }],
      output: null,
    },
    {
      // Recorded with Gemini CLI 0.61.0 (resume.sh, strict): the file with this header lists no session ("No
      // previous sessions found for this project.") and was gone after the run; with the header written again
      // the CLI resumed it and sent every message and the call.
      name: 'the header torn after its projectHash: written again, the cut text kept after it',
      text: text([call[0]!.slice(0, 140), ...call.slice(1)]),
      errors: [{ messageId: 'header', line: 1, severity: 'error' }],
      output: text([
        JSON.stringify({
          sessionId: 'd90bfb6e-0143-44d0-9c0c-71c5b7b03061',
          projectHash: '884648df34ad2e662cba78b154371f464ed0fc81c7962d3c50f9c5cb3d0dcf2f',
        }),
        kept(call[0]!.slice(0, 140), 'the header, cut off'),
        ...call.slice(1),
      ]),
    },
    {
      name: 'the header torn in its projectHash, and no folder to read the project from: no fix',
      text: text([call[0]!.slice(0, 100), ...call.slice(1)]),
      errors: [{ messageId: 'headerLost', line: 1, severity: 'error' }],
      output: null,
    },
    {
      // Generated Gemini seed 62: a $set line written inside the header at byte 187. The CLI could parse neither line,
      // so the file had no header (no session to resume; its session cleanup deletes such a file).
      name: 'a line written inside the header: both records written whole again',
      text: text([`${call[0]!.slice(0, 187)}${call[3]!}`, call[0]!.slice(187), ...call.slice(1)]),
      errors: [{ messageId: 'interleaved', line: 1, severity: 'error' }],
      output: text([call[0]!, call[3]!, ...call.slice(1)]),
    },
    {
      // Generated Gemini seed 21's first step: parallel's last gemini record (another session) written inside line 4
      // of tool-call. Written back as a line, Gemini CLI 0.61.0 (resume.sh, strict) sent its text as this session's
      // model turn ("Both commands ran: alpha and beta." before "I will run a command."); kept, the request held
      // only this session's turns, accepted.
      name: "another session's record written inside a line: the cut record written whole, the inner one kept",
      text: text([...call.slice(0, 3), `${call[3]!.slice(0, 44)}${par[9]!}`, call[3]!.slice(44), ...call.slice(4)]),
      errors: [{ messageId: 'interleavedKept', line: 4, severity: 'error' }],
      output: text([
        ...call.slice(0, 4),
        kept(par[9]!, "written inside line 4, not known to be this session's"),
        ...call.slice(4),
      ]),
    },
    {
      // The same record written inside a line of parallel itself, where line 10 holds it whole: it is this session's.
      name: 'a record of this session written inside a line (its id on another line): both written whole',
      text: text([...par.slice(0, 3), `${par[3]!.slice(0, 30)}${par[9]!}`, par[3]!.slice(30), ...par.slice(4)]),
      errors: [{ messageId: 'interleaved', line: 4, severity: 'error' }],
      output: text([...par.slice(0, 4), par[9]!, ...par.slice(4)]),
    },
    {
      // Generated Gemini seed 124 (parallel: lines 1-3 written again after line 4, then a block zeroed inside line 2):
      // Gemini CLI 0.61.0 resumed it under strict and sent everything, reading the context from line 6.
      name: 'a line zeroed in part whose intact copy is another line: a warning, nothing is lost',
      text: text([par[0]!, zeroed, par[2]!, par[3]!, par[0]!, par[1]!, par[2]!]),
      errors: [{ messageId: 'zeroedCopy', line: 2, severity: 'warn', messageIncludes: 'from line 6' }],
      output: text([
        par[0]!,
        kept(zeroed, 'a copy of another line, with NUL bytes'),
        par[2]!,
        par[3]!,
        par[0]!,
        par[1]!,
        par[2]!,
      ]),
    },
    {
      // Seed 124 itself: the zeroed block covers the line break between the context snapshot and the prompt.
      name: 'two lines zeroed across their line break, both copied intact later: a warning',
      text: text([par[0]!, across, par[0]!, par[1]!, par[2]!]),
      errors: [{ messageId: 'zeroedCopy', line: 2, severity: 'warn', messageIncludes: 'from line 4 on' }],
      output: text([par[0]!, kept(across, 'a copy of another line, with NUL bytes'), par[0]!, par[1]!, par[2]!]),
    },
    {
      // The file's only prompt cut off: kept, it would still be in a file the CLI deletes (gemini/empty-session).
      name: 'the only prompt cut off: no safe fix',
      text: text([...call.slice(0, 2), call[2]!.slice(0, 130)]),
      errors: [{ messageId: 'strandedPrompt', line: 3, severity: 'error' }],
      output: null,
    },
    {
      name: 'garbage with NUL bytes in it',
      text: text([...call.slice(0, 3), `garb${NUL}age`, ...call.slice(3)]),
      errors: [{ messageId: 'parse', line: 4 }],
      output: text([...call.slice(0, 3), kept(`garb${NUL}age`, 'not JSON, with NUL bytes'), ...call.slice(3)]),
    },
  ],
});
