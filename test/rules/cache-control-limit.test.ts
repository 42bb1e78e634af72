import rule from '../../rules/cache-control-limit.js';
import { transcript } from '../helpers/build.js';
import {
  assistantMsg,
  doc,
  jsonl,
  lineAt,
  type Message,
  request,
  text,
  thinking,
  toolResult,
  toolUse,
  TOOLS,
  userMsg,
} from '../helpers/plain.js';
import { runRuleTests } from '../helpers/rule-tester.js';

const cc = { type: 'ephemeral' };
const cached = (t: string) => text(t, { cache_control: cc });
const tool = (name: string, withCache = true) => ({ ...TOOLS[0], name, ...(withCache ? { cache_control: cc } : {}) });

/** Turns of a conversation, each user message with a breakpoint (the pattern that goes over the limit). */
function turns(n: number, cachedTurns = n): Message[] {
  const out: Message[] = [];
  for (let i = 0; i < n; i++) {
    out.push(userMsg([i < n - cachedTurns ? text(`question ${i}`) : cached(`question ${i}`)]));
    if (i < n - 1) out.push(assistantMsg(`answer ${i}`));
  }
  return out;
}
/** The same turns with the breakpoints of turns `dropped` removed. */
function without(messages: Message[], dropped: number[]): Message[] {
  return messages.map((m, k) =>
    dropped.includes(k / 2) && m.role === 'user' ? userMsg([text(`question ${k / 2}`)]) : m,
  );
}

const session = transcript();
session.user([cached('a'), cached('b'), cached('c'), cached('d'), cached('e')]);
session.assistant([{ type: 'text', text: 'ok' }]);

const five = turns(5);
const mixed = request(turns(3), { tools: [tool('get_weather')], system: [cached('You are helpful.')] });
const mixedText = doc(mixed);
const six = turns(6);
const sixText = doc(request(six), 'pretty4');
const toolsHeavy = request(turns(1), { tools: [tool('a'), tool('b'), tool('c')], system: [cached('s')] });
const nested = [
  userMsg([cached('q1')]),
  assistantMsg([toolUse('toolu_01')]),
  userMsg([toolResult('toolu_01', [cached('r1'), cached('r2')]), cached('q2')]),
  assistantMsg('ok'),
  userMsg([cached('q3')]),
];
const onThinking = [userMsg('hi'), assistantMsg([{ ...thinking(), cache_control: cc }, text('ok')]), userMsg('thanks')];
const onThinkingText = doc(request(onThinking));

runRuleTests(rule, {
  valid: [
    {
      name: 'four breakpoints over tools, system and messages',
      text: doc(request(turns(2), { tools: [tool('get_weather')], system: [cached('s')] })),
    },
    { name: 'four in a message list', text: jsonl(turns(4)) },
    {
      name: 'cache_control null does not count',
      text: doc(request([userMsg([text('a', { cache_control: null }), cached('b')])])),
    },
    {
      name: 'a string system prompt and tools without breakpoints',
      text: doc(request(turns(4), { system: 'be brief', tools: [tool('x', false)] })),
    },
    { name: 'a Claude Code session is never judged', text: session.toString() },
  ],
  invalid: [
    {
      name: 'five breakpoints in a JSONL message list',
      text: jsonl(five),
      errors: [{ messageId: 'tooMany', line: 9, severity: 'error', messageIncludes: 'Found 5.' }],
      output: null,
      unsafeOutput: jsonl(without(five, [0])),
    },
    {
      name: 'counted over tools, system and messages',
      text: mixedText,
      errors: [{ messageId: 'tooMany', line: lineAt(mixedText, '/messages/4/content/0') }],
      output: null,
      unsafeOutput: doc({ ...mixed, messages: without(turns(3), [0]) }),
    },
    {
      name: 'six: the two oldest message breakpoints go',
      text: sixText,
      errors: [{ messageId: 'tooMany', line: lineAt(sixText, '/messages/8/content/0'), messageIncludes: 'Found 6.' }],
      output: null,
      unsafeOutput: doc(request(without(six, [0, 1])), 'pretty4'),
    },
    {
      name: 'tools and system give up theirs when the messages hold only the last one',
      text: doc(toolsHeavy, 'compact'),
      errors: [{ messageId: 'tooMany', line: 1 }],
      output: null,
      unsafeOutput: doc({ ...toolsHeavy, tools: [tool('a', false), tool('b'), tool('c')] }, 'compact'),
    },
    {
      name: 'blocks inside a tool_result count',
      text: jsonl(nested),
      errors: [{ messageId: 'tooMany', line: 5 }],
      output: null,
      unsafeOutput: jsonl([userMsg([text('q1')]), ...nested.slice(1)]),
    },
    {
      name: 'cache_control on a thinking block',
      text: onThinkingText,
      errors: [{ messageId: 'onThinking', line: lineAt(onThinkingText, '/messages/1/content/0') }],
      output: doc(request([userMsg('hi'), assistantMsg([thinking(), text('ok')]), userMsg('thanks')])),
    },
  ],
});
