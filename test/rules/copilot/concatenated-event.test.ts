import rule from '../../../rules/copilot/concatenated-event.js';
import { derivedUuid } from '../../../src/fixer/chain-edits.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { type Recording, recording } from './recorded.js';

const parallel = recording('parallel');
const plain = recording('plain');
/** The event the fix keeps a cut-off prefix on line n in: chained to line n-1's event, with its timestamp. */
const kept = (file: Recording, n: number, prefix: string): string =>
  JSON.stringify({
    type: 'transcript-lint.kept-line',
    data: { reason: 'cut-off event', text: prefix },
    id: derivedUuid('copilot', '', 'kept-prefix', String(n)),
    timestamp: file.event(n - 1).timestamp,
    parentId: file.event(n - 1).id,
  });
const multi = recording('multi-turn');
// Differential seed 98: parallel's prompt (line 2) cut at byte 160, inside transformedContent, and the next write, the
// system.message, glued to it. Copilot 1.0.102 drops the line; the fix writes the prompt again from its text.
const cutPrompt = parallel.lines[1]!.slice(0, 160);
const prompt = parallel.event(2);
const rebuilt = JSON.stringify({
  type: 'user.message',
  data: { content: prompt.data.content },
  id: prompt.id,
  timestamp: parallel.event(3).timestamp,
  parentId: parallel.event(1).id,
});

// Differential seed 165: a copy of plain's answer (line 6) written inside its prompt (line 2) at byte 465, so line 2
// is the prompt's first 465 bytes and the answer, line 3 the prompt's rest. Copilot 1.0.102 dropped both lines and
// the strict API rejected the request (first message not the user's); the fix rejoins the prompt.
const inside = (n: number, at: number, written: string, file = plain): string =>
  file.with(n, `${file.lines[n - 1]!.slice(0, at)}${written}\n${file.lines[n - 1]!.slice(at)}`);

runRuleTests(rule, {
  valid: [
    { name: 'a recorded session', text: parallel.text },
    { name: 'a recorded session over three runs', text: multi.text },
  ],
  invalid: [
    {
      name: 'a copy of a line written inside a prompt: the prompt is rejoined, the copy left to its line (seed 165)',
      text: inside(2, 465, plain.lines[5]!),
      errors: [
        {
          messageId: 'inside',
          line: 2,
          messageIncludes: 'complete assistant.message event was written inside a user.message event',
        },
      ],
      output: plain.text,
    },
    {
      name: "another session's line written inside a completion: both events kept",
      text: inside(11, 300, plain.lines[2]!, parallel),
      errors: [{ messageId: 'inside', line: 11, messageIncludes: 'its rest is line 12' }],
      output: parallel.with(11, `${parallel.lines[10]}\n${plain.lines[2]}`),
    },
    {
      name: 'a cut-off event, a complete one glued to it, and a next line that is not its rest: the prefix kept in an event Copilot skips',
      text: parallel.with(
        11,
        `${parallel.lines[10]!.slice(0, 300)}${plain.lines[2]}\n${parallel.lines[11]!.slice(0, 200)}`,
      ),
      errors: [{ messageId: 'prefixed', line: 11 }],
      output: parallel.with(
        11,
        `${kept(parallel, 11, parallel.lines[10]!.slice(0, 300))}\n${plain.lines[2]}\n${parallel.lines[11]!.slice(0, 200)}`,
      ),
    },
    {
      name: 'a cut-off copy of a completion glued in front of it (github/copilot-cli #4098)',
      text: parallel.with(11, parallel.lines[10]!.slice(0, 497) + parallel.lines[10]),
      errors: [{ messageId: 'prefixed', line: 11, messageIncludes: 'complete tool.execution_complete event' }],
      output: parallel.with(11, `${kept(parallel, 11, parallel.lines[10]!.slice(0, 497))}\n${parallel.lines[10]}`),
    },
    {
      name: 'a cut-off event glued in front of an assistant message with two calls',
      text: multi.with(19, multi.lines[17]!.slice(0, 416) + multi.lines[18]),
      errors: [{ messageId: 'prefixed', line: 19, messageIncludes: '416 characters' }],
      output: multi.with(19, `${kept(multi, 19, multi.lines[17]!.slice(0, 416))}\n${multi.lines[18]}`),
    },
    {
      name: 'a cut-off event glued in front of two complete ones: both kept',
      text: parallel
        .with(10, parallel.lines[9]!.slice(0, 100) + parallel.lines[9] + parallel.lines[10])
        .replace(`${parallel.lines[10]}\n`, ''),
      errors: [{ messageId: 'prefixed', line: 10 }],
      output: parallel.with(10, `${kept(parallel, 10, parallel.lines[9]!.slice(0, 100))}\n${parallel.lines[9]}`),
    },
    {
      name: 'a cut-off prompt glued in front of the next event: the prompt is written again from its text (seed 98)',
      text: parallel.with(2, cutPrompt + parallel.lines[2]).replace(`${parallel.lines[2]}\n`, ''),
      errors: [{ messageId: 'prefixed', line: 2, messageIncludes: 'complete system.message event' }],
      output: parallel.with(2, `${kept(parallel, 2, cutPrompt)}\n${rebuilt}`),
    },
    {
      name: 'a prompt cut inside its content: the prefix kept in an event Copilot skips',
      text: parallel.with(2, parallel.lines[1]!.slice(0, 50) + parallel.lines[2]).replace(`${parallel.lines[2]}\n`, ''),
      errors: [{ messageId: 'prefixed', line: 2 }],
      output: parallel.with(2, kept(parallel, 2, parallel.lines[1]!.slice(0, 50))),
    },
  ],
});
