import rule from '../../../rules/gemini/empty-session.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { recorded, text } from './session.js';

const call = recorded('tool-call');
/** tool-call's prompt cut off at byte 130: `…"content":[{"text":"run echo hel`. */
const cut = call[2]!.slice(0, 130);
const prompt =
  '{"id":"ab8323ed-e9a4-4a7d-abf9-ca62ac64e21c","timestamp":"2026-12-07T06:57:50.863Z","type":"user","content":[{"text":"run echo hel"}]}';
const kept = (line: string, reason: string): string =>
  JSON.stringify({ type: 'transcript-lint.kept-line', reason, text: line });

runRuleTests(rule, {
  valid: [
    { name: 'a session with a conversation', text: text(call) },
    { name: 'one user prompt is enough to resume', text: text(call.slice(0, 3)) },
    {
      name: 'a cut-off prompt with a model reply after it: the CLI lists the session',
      text: text([...call.slice(0, 2), cut, ...call.slice(3)]),
    },
    {
      name: 'a prompt cut off before its text: no user text to keep',
      text: text([...call.slice(0, 2), call[2]!.slice(0, 114)]),
    },
  ],
  invalid: [
    {
      name: 'the second file Gemini CLI 0.61.0 left when it resumed tool-call.jsonl',
      text: readFileSync(
        path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'sessions', 'gemini', 'resume-leftover.jsonl'),
        'utf8',
      ),
      errors: [{ messageId: 'empty', line: 1, severity: 'error' }],
      output: null,
    },
    {
      // Recorded with Gemini CLI 0.61.0 (resume.sh, strict): "No previous sessions found for this project." and the
      // file was gone after the run; fixed, the CLI resumed it, sending "run echo hel" after the context (accepted).
      name: 'the only prompt cut off: its text written as the user message the CLI began (unsafe)',
      text: text([...call.slice(0, 2), cut]),
      errors: [{ messageId: 'stranded', line: 3, severity: 'error', messageIncludes: 'a line the CLI cannot read' }],
      output: null,
      unsafeOutput: text([
        ...call.slice(0, 2),
        prompt,
        kept(cut, 'cut off; its text up to the cut is the user message before it'),
      ]),
    },
    {
      name: 'the only prompt kept by an earlier fix: written as a user message before the kept line',
      text: text([...call.slice(0, 2), kept(cut, 'cut off')]),
      errors: [{ messageId: 'stranded', line: 3, severity: 'error', messageIncludes: 'transcript-lint.kept-line' }],
      output: null,
      unsafeOutput: text([...call.slice(0, 2), prompt, kept(cut, 'cut off')]),
    },
  ],
});
