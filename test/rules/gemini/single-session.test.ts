import rule from '../../../rules/gemini/single-session.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { keptLine, recorded, text } from './session.js';

const parallel = recorded('parallel');
const otherId = recorded('resumed')[11]!;

runRuleTests(rule, {
  valid: [
    { name: 'one session', text: text(recorded('tool-call')) },
    { name: 'a resumed session ($set sessionId of the same id)', text: text(recorded('resumed')) },
  ],
  invalid: [
    {
      name: "two sessions' files joined",
      text: text([...recorded('tool-call'), ...recorded('parallel')]),
      errors: [{ messageId: 'joined', line: 12 }],
      output: null,
    },
    {
      // Recorded: resumed by its header's id, Gemini CLI 0.61.0 failed with "Invalid session identifier" (rc 123);
      // the fixed file resumed under the strict stand-in with both calls sent.
      name: "a $set of another session's id (the resumed session's line 12) inside a session file",
      text: text([...parallel.slice(0, 4), otherId, ...parallel.slice(4)]),
      errors: [
        { messageId: 'setsOther', line: 5, messageIncludes: 'gemini --resume f9c4b80d-15eb-4c6c-8f72-7887934150fb' },
      ],
      output: null,
      unsafeOutput: text([
        ...parallel.slice(0, 4),
        keptLine(otherId, "sets another session's id"),
        ...parallel.slice(4),
      ]),
    },
    {
      // Generated Gemini seed 3: tool-call torn in its prompt record, then the parallel session appended. split used to
      // leave the file with its header, context and the torn line only; Gemini CLI 0.61.0, started beside it, deleted
      // it (session cleanup). Left joined and fixed, the CLI resumed it under strict as session f9c4b80d with both
      // calls sent, and kept it when a new session started beside it.
      name: "another session's file joined to a session with nothing to resume: a warning, split leaves it",
      text: text([...recorded('tool-call').slice(0, 2), recorded('tool-call')[2]!.slice(0, 114), ...parallel]),
      errors: [{ messageId: 'joinedToEmpty', line: 4, severity: 'warn' }],
      output: null,
    },
    {
      // Its $set messages snapshot replaces the first session's history when the CLI reads the file.
      name: 'the header and context of a session with nothing to resume appended to a session',
      text: text([...recorded('tool-call'), ...parallel.slice(0, 2)]),
      errors: [{ messageId: 'joinedEmpty', line: 12, severity: 'error' }],
      output: null,
      unsafeOutput: text([
        ...recorded('tool-call'),
        keptLine(parallel[0]!, "another session's header, with nothing to resume"),
        keptLine(parallel[1]!, "another session's $set line, with nothing to resume"),
      ]),
    },
  ],
});
