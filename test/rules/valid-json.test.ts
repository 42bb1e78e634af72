import rule from '../../rules/valid-json.js';
import { transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { assistantMsg, doc, jsonl, request, userMsg } from '../helpers/plain.js';

const clean = transcript();
clean.user('hello');
clean.assistant([{ type: 'text', text: 'hi' }]);

const good = clean.toString();
const [first, second] = clean.lines as [string, string];

// Plain message lists (JSONL) and requests (one JSON document).
const list = jsonl([userMsg('hello'), assistantMsg('hi')]);
const [m1, m2] = list.trimEnd().split('\n') as [string, string];

runRuleTests(rule, {
  valid: [
    { name: 'a clean session', text: good },
    { name: 'CRLF line endings and a BOM', text: '\uFEFF' + good.replace(/\n/g, '\r\n') },
    { name: 'no final newline', text: good.trimEnd() },
    { name: 'blank lines are not entries', text: good + '\n\n' },
    { name: 'a message list', text: list },
    { name: 'a request', text: doc(request([userMsg('hello')])) },
  ],
  invalid: [
    {
      name: 'torn last line',
      text: good + '{"type":"assistant","mess',
      errors: [{ messageId: 'torn', line: 3, severity: 'error' }],
      output: good,
    },
    {
      name: 'torn last line in a CRLF file with a BOM keeps both',
      text: '\uFEFF' + good.replace(/\n/g, '\r\n') + '{"type":"assist',
      errors: [{ messageId: 'torn', line: 3 }],
      output: '\uFEFF' + good.replace(/\n/g, '\r\n'),
    },
    {
      name: 'garbage mid-file',
      text: `${first}\nnot json at all\n${second}\n`,
      errors: [{ messageId: 'parse', line: 2 }],
      output: null,
      unsafeOutput: good,
    },
    {
      name: 'a terminated bad last line is a parse error, not a torn line',
      text: good + '{"oops"\n',
      errors: [{ messageId: 'parse', line: 3 }],
      output: null,
      unsafeOutput: good,
    },
    {
      name: 'NUL byte inside a string: it may have overwritten a character, so stripping it is unsafe',
      text: good.replace('hello', 'hel\u0000lo'),
      errors: [{ messageId: 'nul', line: 1 }],
      output: null,
      unsafeOutput: good,
    },
    {
      name: 'NUL bytes between the tokens (a crash padding the line): stripped, safe, the rest kept byte for byte',
      text: `\u0000\u0000${first.slice(0, -1)}\u0000\u0000}\n${second}\n`,
      errors: [{ messageId: 'nul', line: 1 }],
      output: good,
    },
    {
      name: 'NUL bytes padding a line that is still not JSON without them',
      text: `${first}\n\u0000\u0000{"x"\n${second}\n`,
      errors: [{ messageId: 'nul', line: 2 }],
      output: null,
      unsafeOutput: good,
    },
    {
      name: 'JSON that is not an object',
      text: good + '[1,2]\n42\n',
      errors: [
        { messageId: 'notObject', line: 3 },
        { messageId: 'notObject', line: 4 },
      ],
      output: null,
      unsafeOutput: good,
    },
    {
      name: 'a message list: torn last line',
      text: list + '{"role":"us',
      errors: [{ messageId: 'messageTorn', line: 3, severity: 'error' }],
      output: list,
    },
    {
      name: 'a message list: a line that is not JSON, one with a NUL byte, one that is not an object',
      text: `${m1}\nnot json\n{"role":"user",\u0000"content":"x"}\n[1]\n${m2}\n`,
      errors: [
        { messageId: 'messageParse', line: 2 },
        { messageId: 'messageNul', line: 3 },
        { messageId: 'messageNotObject', line: 4 },
      ],
      output: `${m1}\nnot json\n{"role":"user","content":"x"}\n[1]\n${m2}\n`,
      unsafeOutput: `${m1}\n{"role":"user","content":"x"}\n${m2}\n`,
    },
    {
      name: 'a request that is not JSON: one finding at the error, no fix',
      text: '{\n  "model": "claude-opus-5-5",\n  "messages": [\n    {"role": "user" "content": "hello"}\n  ]\n}\n',
      errors: [{ messageId: 'document', line: 4, messageIncludes: `Expected ',' or '}' but found '"' at column 21` }],
      output: null,
    },
    {
      name: 'a message array cut off',
      text: '[\n  {"role": "user", "content": "hello"},\n  {"role": "assis',
      errors: [{ messageId: 'document', line: 3, messageIncludes: 'cannot be read as a message list' }],
      output: null,
    },
  ],
});
