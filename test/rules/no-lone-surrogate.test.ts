import rule from '../../rules/no-lone-surrogate.js';
import { text, toolUse, transcript } from '../helpers/build.js';
import { doc, lineAt, request, userMsg } from '../helpers/plain.js';
import { runRuleTests } from '../helpers/rule-tester.js';

// Claude Code writes each entry with JSON.stringify, which stores a lone surrogate as an escape ("\ud83d"); the
// strings below are built the same way. Resumed by the real Claude Code 2.1.332 against the local stand-in of the
// API, a prompt ending in "\ud83d" was sent with U+FFFD in its place (so a warning there; an error for the api target).
// The fix replaces only the six bytes of each lone escape with "\ufffd" (issue 34, item 6): every other byte of the
// line stays, so each expected output below is the input with those escapes swapped, spelled out.
const HIGH = '\ud83d';
const LOW = '\ude00';

function session(answer: string, command = 'ls', output = 'done', prompt = 'list the files'): string {
  const t = transcript();
  t.user(prompt);
  t.assistant([text(answer), toolUse('toolu_1', 'Bash', { command, options: [{ flag: command }] })]);
  t.result('toolu_1', output);
  t.assistant([text('Listed.')]);
  return t.toString();
}

/** `source` with each `from` on line `line` (1-based) written as `to`, and every other byte as it was. */
function onLine(source: string, line: number, from: string, to: string): string {
  const lines = source.split('\n');
  if (!lines[line - 1]!.includes(from)) throw new Error(`line ${line} has no ${from}`);
  lines[line - 1] = lines[line - 1]!.replaceAll(from, to);
  return lines.join('\n');
}

const cut = session(`Here you go ${HIGH}`);
const inInput = session('Running it.', `echo ${HIGH}x`);
const inResult = session('Running it.', 'ls', [{ type: 'text', text: `tail ${LOW}` }] as unknown as string);
const inPrompt = session('Running it.', 'ls', 'done', `why ${HIGH}${HIGH}?`);

// One string literal holding every kind of escape, as bytes of the line: a whole emoji as an escaped pair, é and a
// slash escaped, a lone high and a lone low half (one in capitals), an escaped backslash before "ud800" (text, not
// an escape), a high half followed by an escaped backslash, and a high half ending the string. Only the four lone
// halves change, each to "\ufffd".
const MIXED = String.raw`"\ud83d\ude00 caf\u00e9 a\/b \ud800 x \uDC00 \\ud800 \ud83d\\ude00 end \ud83d"`;
const MIXED_FIXED = String.raw`"\ud83d\ude00 caf\u00e9 a\/b \ufffd x \ufffd \\ud800 \ufffd\\ude00 end \ufffd"`;
// A key holding a lone half is not checked (keys are not sent as text); its value is, and only the value changes.
const KEYED = String.raw`"k\udc00":"\udbff!"`;
const KEYED_FIXED = String.raw`"k\udc00":"\ufffd!"`;
const mixed = session('Running it.', 'MIXED').replaceAll('"MIXED"', MIXED).replace('}]}', `}],${KEYED}}`);
const mixedFixed = onLine(onLine(mixed, 2, MIXED, MIXED_FIXED), 2, KEYED, KEYED_FIXED);

// A line over 64 KiB whose tool result is a string kept as bytes (loader/lazy-strings.ts), with escapes in it.
const LONG = 'x'.repeat(70_000);
const LONG_TAIL = String.raw` caf\u00e9 \ude00 \/"`;
const long = session('Running it.', 'ls', `${LONG} TAIL`).replaceAll(' TAIL"', LONG_TAIL);
const longFixed = onLine(long, 3, LONG_TAIL, String.raw` caf\u00e9 \ufffd \/"`);

// A request written as a pretty-printed document: its system prompt and a message, each with escapes kept.
const REQUEST_SYSTEM = String.raw`"caf\u00e9 \/ \ud83d"`;
const REQUEST_PROMPT = String.raw`"\ud83d\ude00 \udfff"`;
const inRequest = doc(request([userMsg('PROMPT')], { system: 'SYSTEM' }))
  .replace('"SYSTEM"', REQUEST_SYSTEM)
  .replace('"PROMPT"', REQUEST_PROMPT);
const requestFixed = inRequest
  .replace(REQUEST_SYSTEM, String.raw`"caf\u00e9 \/ \ufffd"`)
  .replace(REQUEST_PROMPT, String.raw`"\ud83d\ude00 \ufffd"`);

runRuleTests(rule, {
  valid: [
    { name: 'a whole emoji (both halves) and plain text', text: session('Here you go \ud83d\ude00 and 日本語') },
    { name: 'api target: the same', text: session('ok \u{1f600}'), target: 'api' },
    {
      name: 'an escaped backslash before "ud800" is text, and an escaped pair is one character',
      text: session('x').replace('"x"', String.raw`"\\ud800 \ud83d\ude00 \uD83D\uDE00"`),
    },
  ],
  invalid: [
    {
      name: 'an answer cut in the middle of an emoji: the high half alone',
      text: cut,
      errors: [{ messageId: 'loneResume', line: 2, blockIndex: 0, severity: 'warn', messageIncludes: 'U+D83D' }],
      output: onLine(cut, 2, String.raw`Here you go \ud83d"`, String.raw`Here you go \ufffd"`),
    },
    {
      name: 'a tool input, every string in it fixed by one report',
      text: inInput,
      target: 'api',
      errors: [{ messageId: 'lone', line: 2, blockIndex: 1, severity: 'error', messageIncludes: 'tool use block' }],
      output: onLine(inInput, 2, String.raw`"echo \ud83dx"`, String.raw`"echo \ufffdx"`),
    },
    {
      name: 'text nested in a tool result: the low half alone',
      text: inResult,
      errors: [{ messageId: 'loneResume', line: 3, messageIncludes: 'U+DE00' }],
      output: onLine(inResult, 3, String.raw`"tail \ude00"`, String.raw`"tail \ufffd"`),
    },
    {
      name: 'a prompt stored as a string, on the api target',
      text: inPrompt,
      target: 'api',
      errors: [{ messageId: 'lone', line: 1, severity: 'error', messageIncludes: 'user message' }],
      output: onLine(inPrompt, 1, String.raw`"why \ud83d\ud83d?"`, String.raw`"why \ufffd\ufffd?"`),
    },
    {
      name: 'only the lone escapes change: a pair, \\u00e9, \\/, \\\\ud800 and a key keep their bytes',
      text: mixed,
      errors: [{ messageId: 'loneResume', line: 2, blockIndex: 1, messageIncludes: 'U+D800' }],
      output: mixedFixed,
    },
    {
      name: 'a long string kept as bytes: only its lone escape changes',
      text: long,
      errors: [{ messageId: 'loneResume', line: 3, messageIncludes: 'U+DE00' }],
      output: longFixed,
    },
    {
      name: 'a request document: the system prompt and a message keep their other escapes and layout',
      text: inRequest,
      errors: [
        { messageId: 'lone', line: lineAt(inRequest, '/system'), messageIncludes: 'system prompt' },
        { messageId: 'lone', line: lineAt(inRequest, '/messages/0'), messageIncludes: 'U+DFFF' },
      ],
      output: requestFixed,
    },
  ],
});
