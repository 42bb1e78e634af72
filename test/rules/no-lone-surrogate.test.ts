import rule from '../../rules/no-lone-surrogate.js';
import { type EditableEntry, fixed, text, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

// Claude Code writes each entry with JSON.stringify, which stores a lone surrogate as an escape ("\ud83d"); the
// strings below are built the same way. Resumed by the real Claude Code 2.1.332 against the local stand-in of the
// API, a prompt ending in "\ud83d" was sent with U+FFFD in its place (so a warning there; an error for the api target).
const HIGH = '\ud83d';
const LOW = '\ude00';
const REPLACED = '\ufffd';

function session(answer: string, command = 'ls', output = 'done', prompt = 'list the files'): string {
  const t = transcript();
  t.user(prompt);
  t.assistant([text(answer), toolUse('toolu_1', 'Bash', { command, options: [{ flag: command }] })]);
  t.result('toolu_1', output);
  t.assistant([text('Listed.')]);
  return t.toString();
}

const cut = session(`Here you go ${HIGH}`);
const inInput = session('Running it.', `echo ${HIGH}x`);
const inResult = session('Running it.', 'ls', [{ type: 'text', text: `tail ${LOW}` }] as unknown as string);
const inPrompt = session('Running it.', 'ls', 'done', `why ${HIGH}${HIGH}?`);

runRuleTests(rule, {
  valid: [
    { name: 'a whole emoji (both halves) and plain text', text: session('Here you go \ud83d\ude00 and 日本語') },
    { name: 'api target: the same', text: session('ok \u{1f600}'), target: 'api' },
  ],
  invalid: [
    {
      name: 'an answer cut in the middle of an emoji: the high half alone',
      text: cut,
      errors: [{ messageId: 'loneResume', line: 2, blockIndex: 0, severity: 'warn', messageIncludes: 'U+D83D' }],
      output: fixed(cut, {
        2: (e: EditableEntry) => void (e.message.content[0].text = `Here you go ${REPLACED}`),
      }),
    },
    {
      name: 'a tool input, every string in it fixed by one report',
      text: inInput,
      target: 'api',
      errors: [{ messageId: 'lone', line: 2, blockIndex: 1, severity: 'error', messageIncludes: 'tool use block' }],
      output: fixed(inInput, {
        2: (e: EditableEntry) => {
          e.message.content[1].input.command = `echo ${REPLACED}x`;
          e.message.content[1].input.options[0].flag = `echo ${REPLACED}x`;
        },
      }),
    },
    {
      name: 'text nested in a tool result: the low half alone',
      text: inResult,
      errors: [{ messageId: 'loneResume', line: 3, messageIncludes: 'U+DE00' }],
      output: fixed(inResult, {
        3: (e: EditableEntry) => void (e.message.content[0].content[0].text = `tail ${REPLACED}`),
      }),
    },
    {
      name: 'a prompt stored as a string, on the api target',
      text: inPrompt,
      target: 'api',
      errors: [{ messageId: 'lone', line: 1, severity: 'error', messageIncludes: 'user message' }],
      output: fixed(inPrompt, { 1: (e: EditableEntry) => void (e.message.content = `why ${REPLACED}${REPLACED}?`) }),
    },
  ],
});
