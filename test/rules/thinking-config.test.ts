import rule from '../../rules/thinking-config.js';
import { transcript } from '../helpers/build.js';
import {
  assistantMsg,
  doc,
  jsonl,
  lineAt,
  request,
  text,
  thinking,
  toolResult,
  toolUse,
  userMsg,
} from '../helpers/plain.js';
import { runRuleTests } from '../helpers/rule-tester.js';

const enabled = { thinking: { type: 'enabled', budget_tokens: 2048 } };
const adaptive = { thinking: { type: 'adaptive' } };
const disabled = { thinking: { type: 'disabled' } };
const hi = userMsg('What is the weather in Paris and in Rome?');
const redacted = { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' };

/** A tool loop of two steps; thinking only at the start of the turn, as without interleaved thinking. */
const loop = [
  hi,
  assistantMsg([thinking(), toolUse('toolu_01')]),
  userMsg([toolResult('toolu_01')]),
  assistantMsg([toolUse('toolu_02', 'get_weather', { city: 'Rome' })]),
  userMsg([toolResult('toolu_02', '24°C')]),
];
const noThinkingLoop = [
  hi,
  assistantMsg([text('Let me check.'), toolUse('toolu_01')]),
  userMsg([toolResult('toolu_01')]),
];

const session = transcript();
session.user('hi');
session.assistant([
  { type: 'text', text: 'hello' },
  { type: 'thinking', thinking: 'x', signature: 's' },
]);

const texts = {
  loopNoThinking: doc(request(noThinkingLoop, enabled)),
  prefill: doc(request([hi, assistantMsg('In Paris it is')], adaptive), 'tab'),
  laterThinking: doc(
    request(
      [
        hi,
        assistantMsg([toolUse('toolu_01')]),
        userMsg([toolResult('toolu_01')]),
        assistantMsg([thinking(), toolUse('toolu_02')]),
        userMsg([toolResult('toolu_02')]),
      ],
      enabled,
    ),
  ),
  disabledFinal: doc(request([hi, assistantMsg([thinking(), text('In Paris it is')])], disabled)),
  absentFinal: doc(request([hi, assistantMsg([redacted, thinking(), text('In Paris it is')])]), 'pretty4'),
  onlyThinking: doc(request([hi, assistantMsg([thinking()])])),
};

runRuleTests(rule, {
  valid: [
    { name: 'enabled: the tool loop starts with thinking, later steps need none', text: doc(request(loop, enabled)) },
    {
      name: 'enabled: a new prompt after a turn without thinking',
      text: doc(request([hi, assistantMsg('Sunny.'), userMsg('And Rome?')], enabled)),
    },
    {
      name: 'enabled: redacted thinking first',
      text: doc(
        request([hi, assistantMsg([redacted, toolUse('toolu_01')]), userMsg([toolResult('toolu_01')])], enabled),
      ),
    },
    {
      name: 'adaptive: thinking first in a prefill',
      text: doc(request([hi, assistantMsg([thinking(), text('In Paris')])], adaptive)),
    },
    {
      name: 'disabled: thinking in earlier turns is fine',
      text: doc(request([hi, assistantMsg([thinking(), text('Sunny.')]), userMsg('thanks')], disabled)),
    },
    { name: 'not set: a final assistant without thinking', text: doc(request([hi, assistantMsg('In Paris it is')])) },
    {
      name: 'an unknown setting is not judged',
      text: doc(request(noThinkingLoop, { thinking: { type: 'sometimes' } })),
    },
    {
      name: "enabled: thinking that is not first is thinking-first's finding",
      text: doc(
        request(
          [hi, assistantMsg([text('x'), thinking(), toolUse('toolu_01')]), userMsg([toolResult('toolu_01')])],
          enabled,
        ),
      ),
    },
    { name: 'a message list has no setting', text: jsonl([hi, assistantMsg([thinking(), text('In Paris')])]) },
    { name: 'a Claude Code session has no setting', text: session.toString() },
  ],
  invalid: [
    {
      name: 'enabled: the tool loop starts with text',
      text: texts.loopNoThinking,
      errors: [
        {
          messageId: 'notThinkingFirst',
          line: lineAt(texts.loopNoThinking, '/messages/1/content/0'),
          severity: 'error',
          messageIncludes: 'but found `text`',
        },
      ],
      output: null,
    },
    {
      name: 'adaptive: a prefill without thinking',
      text: texts.prefill,
      errors: [{ messageId: 'notThinkingFirst', line: lineAt(texts.prefill, '/messages/1') }],
      output: null,
    },
    {
      name: "enabled: the turn's first assistant message has none, a later one has",
      text: texts.laterThinking,
      errors: [
        {
          messageId: 'notThinkingFirst',
          line: lineAt(texts.laterThinking, '/messages/1/content/0'),
          messageIncludes: 'but found `tool_use`',
        },
      ],
      output: null,
    },
    {
      name: 'disabled: the final assistant message holds thinking',
      text: texts.disabledFinal,
      errors: [
        {
          messageId: 'thinkingWhileDisabled',
          line: lineAt(texts.disabledFinal, '/messages/1/content/0'),
          messageIncludes: 'Thinking is disabled',
        },
      ],
      output: doc(request([hi, assistantMsg([text('In Paris it is')])], disabled)),
    },
    {
      name: 'not set: redacted and plain thinking in the final assistant message, one finding',
      text: texts.absentFinal,
      errors: [
        {
          messageId: 'thinkingWhileDisabled',
          line: lineAt(texts.absentFinal, '/messages/1/content/0'),
          messageIncludes: 'does not enable thinking',
        },
      ],
      output: doc(request([hi, assistantMsg([text('In Paris it is')])]), 'pretty4'),
    },
    {
      name: 'not set: a final assistant message of thinking alone goes',
      text: texts.onlyThinking,
      errors: [{ messageId: 'thinkingWhileDisabled', line: lineAt(texts.onlyThinking, '/messages/1/content/0') }],
      output: doc(request([hi])),
    },
  ],
});
