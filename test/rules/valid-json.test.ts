import rule from '../../rules/valid-json.js';
import { toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { assistantMsg, doc, jsonl, request, userMsg } from '../helpers/plain.js';

const clean = transcript();
clean.user('hello');
clean.assistant([{ type: 'text', text: 'hi' }]);

const good = clean.toString();

// A call (line 2), a later assistant entry (line 3), and the call's result torn on the last line (4).
const withCall = transcript();
withCall.user('list the files');
withCall.assistant([toolUse('toolu_01A')]);
withCall.assistant([{ type: 'text', text: 'Waiting.' }], { parent: withCall.lastUuid });
const tornResult = `${withCall.toString()}{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_01A","ty`;
// The shape of differential seed 23 (Claude Code 2.1.332 resumed it clean): one response split across three entries
// sharing one message.id (text, call K3, call K4), then metadata, the last line torn. Claude Code appends an
// interrupted result for both calls.
const split = transcript();
split.user('now run a slow command');
split.assistant([{ type: 'text', text: 'Starting the slow one.' }], { id: 'msg_1' });
split.assistant([toolUse('toolu_K3')], { id: 'msg_1', parent: split.lastUuid });
split.assistant([toolUse('toolu_K4')], { id: 'msg_1', parent: split.lastUuid });
split.lastPrompt();
const splitHead = split.toString();
const tornMeta = `${splitHead}{"type":"cost-state","sessionId":"s","totalCostUSD":0.00042,"totalAPIDurati`;
// The same response with K4 answered and K3's result torn (the README's crashed session): K3 is in the last
// response, not in the last assistant entry.
split.result('toolu_K4', 'fast');
const answeredOne = split.toString();
const tornSecond = `${answeredOne}{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_K3","ty`;
// A call of an earlier response (msg_0) and the torn result below a later response (msg_1): the call is dropped.
const earlier = transcript();
earlier.user('list the files');
earlier.assistant([toolUse('toolu_01A')], { id: 'msg_0' });
earlier.assistant([{ type: 'text', text: 'Waiting.' }], { id: 'msg_1', parent: earlier.lastUuid });
earlier.assistant([toolUse('toolu_01B')], { id: 'msg_1', parent: earlier.lastUuid });
const tornEarlier = `${earlier.toString()}{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_01A","ty`;
const [first, second] = clean.lines as [string, string];
// A line another writer appends: a metadata line of the same session.
const queued = '{"type":"queue-operation","operation":"enqueue","timestamp":"2026-11-01T12:00:09.000Z"}';

/** A session's unreadable line as the fix keeps it: in an entry Claude Code ignores, on its own line. */
const kept = (reason: string, text: string, eol = '\n') =>
  `${JSON.stringify({ type: 'transcript-lint.kept-line', reason, text })}${eol}`;
const tail = (text: string) => text.slice(text.lastIndexOf('\n') + 1);

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
    { name: 'a response split across entries, its calls unanswered, nothing torn', text: splitHead },
  ],
  invalid: [
    {
      name: 'torn last line: Claude Code resumes from the entry before it, a warning',
      text: good + '{"type":"assistant","mess',
      errors: [{ messageId: 'torn', line: 3, severity: 'warn', messageIncludes: 'resumes from the entry before it' }],
      output: good + kept('torn', '{"type":"assistant","mess'),
    },
    {
      name: 'torn only line: nothing is left to resume, an error',
      text: '{"parentUuid":null,"type":"user","mess',
      errors: [{ messageId: 'torn', line: 1, severity: 'error', messageIncludes: 'no other entry' }],
      output: kept('torn', '{"parentUuid":null,"type":"user","mess'),
    },
    {
      name: 'torn last line that held the result of a call above the last assistant entry: the call is dropped, an error',
      text: tornResult,
      errors: [{ messageId: 'torn', line: 4, severity: 'error', messageIncludes: 'the tool call on line 2' }],
      output: tornResult.slice(0, tornResult.lastIndexOf('\n') + 1) + kept('torn', tail(tornResult)),
    },
    {
      name: 'torn last line below a split response whose calls have no result (seed 23): interrupted results, a warning',
      text: tornMeta,
      errors: [{ messageId: 'torn', line: 6, severity: 'warn', messageIncludes: 'resumes from the entry before it' }],
      output: splitHead + kept('torn', tail(tornMeta)),
    },
    {
      name: 'torn result of a call in the last response, another call of it answered: a warning',
      text: tornSecond,
      errors: [{ messageId: 'torn', line: 7, severity: 'warn', messageIncludes: 'resumes from the entry before it' }],
      output: answeredOne + kept('torn', tail(tornSecond)),
    },
    {
      name: 'torn result of a call in an earlier response than the split last one: the call is dropped, an error',
      text: tornEarlier,
      errors: [{ messageId: 'torn', line: 5, severity: 'error', messageIncludes: 'the tool call on line 2' }],
      output: earlier.toString() + kept('torn', tail(tornEarlier)),
    },
    {
      name: 'torn last line in a CRLF file with a BOM keeps both',
      text: '\uFEFF' + good.replace(/\n/g, '\r\n') + '{"type":"assist',
      errors: [{ messageId: 'torn', line: 3 }],
      output: '\uFEFF' + good.replace(/\n/g, '\r\n') + kept('torn', '{"type":"assist', '\r\n'),
    },
    {
      name: 'a whole line written inside an entry by a second writer: both entries put back, safe',
      text: `${first}\n${second.slice(0, 40)}${queued}\n${second.slice(40)}\n`,
      errors: [{ messageId: 'split', line: 2, severity: 'warn', messageIncludes: 'end is on line 3' }],
      output: `${first}\n${second}\n${queued}\n`,
    },
    {
      name: 'garbage mid-file',
      text: `${first}\nnot json at all\n${second}\n`,
      errors: [{ messageId: 'parse', line: 2 }],
      output: null,
      unsafeOutput: `${first}\n${kept('parse', 'not json at all')}${second}\n`,
    },
    {
      name: 'a terminated bad last line is a parse error, not a torn line',
      text: good + '{"oops"\n',
      errors: [{ messageId: 'parse', line: 3 }],
      output: null,
      unsafeOutput: good + kept('parse', '{"oops"'),
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
      unsafeOutput: `${first}\n${kept('nul', '\u0000\u0000{"x"')}${second}\n`,
    },
    {
      name: 'JSON that is not an object',
      text: good + '[1,2]\n42\n',
      errors: [
        { messageId: 'notObject', line: 3 },
        { messageId: 'notObject', line: 4 },
      ],
      output: null,
      unsafeOutput: good + kept('not-object', '[1,2]') + kept('not-object', '42'),
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
