import rule from '../../../rules/copilot/one-event-per-line.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recording } from './recorded.js';

const parallel = recording('parallel');
const newline = recording('newline-text');
const unicode = recording('unicode-sep');

// The raw line break that splits an event, where the recording holds its escape.
const split = (text: string, at: string, times = 1): string => {
  let out = text;
  for (let i = 0; i < times; i++) out = out.replace(at, at.replace('\\n', '\n'));
  return out;
};

runRuleTests(rule, {
  valid: [
    { name: 'a recorded session', text: parallel.text },
    { name: 'escaped newlines in text and tool output', text: newline.text },
    { name: 'escaped separators', text: unicode.text },
  ],
  invalid: [
    {
      name: 'the first prompt split by a raw newline (the request would open with the assistant)',
      text: newline.with(2, newline.lines[1]!.replace('answer on two lines', 'answer on\ntwo lines')),
      errors: [{ messageId: 'split', line: 2, messageIncludes: 'user.message event is spread over lines 2-3' }],
      output: newline.with(2, newline.lines[1]!.replace('answer on two lines', 'answer on\\ntwo lines')),
    },
    {
      name: 'a tool result split by the raw newline that was escaped in it (github/copilot-cli #2649)',
      text: parallel.with(11, split(parallel.lines[10]!, 'one\\n<shellId')),
      errors: [
        { messageId: 'split', line: 11, messageIncludes: 'tool.execution_complete event is spread over lines 11-12' },
      ],
      output: parallel.text,
    },
    {
      name: 'an assistant message over three lines, two breaks in its text',
      text: newline.with(6, split(newline.lines[5]!, 'answer.\\nSecond')),
      errors: [{ messageId: 'split', line: 6 }],
      output: newline.text,
    },
    {
      name: 'a raw CR LF inside a string: both escaped again',
      text: parallel.with(11, parallel.lines[10]!.replace('one\\n<shellId', 'one\r\n<shellId')),
      errors: [{ messageId: 'split', line: 11 }],
      output: parallel.with(11, parallel.lines[10]!.replace('one\\n<shellId', 'one\\r\\n<shellId')),
    },
    {
      name: 'a pretty-printed event: the breaks between tokens dropped',
      text: parallel.with(13, JSON.stringify(parallel.event(13), null, 1)),
      errors: [{ messageId: 'split', line: 13 }],
      output: parallel.with(13, JSON.stringify(parallel.event(13), null, 1).replace(/\n/g, '')),
    },
    {
      name: 'two complete events on one line',
      text: parallel.with(10, parallel.lines[9]! + parallel.lines[10]!).replace(`${parallel.lines[10]}\n`, ''),
      errors: [{ messageId: 'glued', line: 10, messageIncludes: '2 complete events' }],
      output: parallel.text,
    },
    {
      name: 'two events separated by a lone CR, which Copilot does not split on',
      text: parallel.with(10, `${parallel.lines[9]}\r${parallel.lines[10]}`).replace(`${parallel.lines[10]}\n`, ''),
      errors: [{ messageId: 'glued', line: 10 }],
      output: parallel.text,
    },
  ],
});
