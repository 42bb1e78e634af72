// The catalogue's request-view rules on plain Messages API inputs (a request JSON, a message list): findings at the
// line of the block, fixes written into the document with its layout. The broader matrix (every defect in every
// layout) is test/plain-inputs.test.ts.
import firstMessageUser, { MISSING_HISTORY } from '../../rules/first-message-user.js';
import roleAlternation from '../../rules/role-alternation.js';
import splitAssistantMessage from '../../rules/split-assistant-message.js';
import thinkingPlacement from '../../rules/thinking-placement.js';
import toolResultFirst from '../../rules/tool-result-first.js';
import toolUseHasResult from '../../rules/tool-use-has-result.js';
import uniqueToolUseId from '../../rules/unique-tool-use-id.js';
import { INTERRUPTED_TOOL_RESULT } from '../../src/formats/claude-code/repair-passes.js';
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

const hi = userMsg('What is the weather in Paris?');
const interrupted = (id: string) => ({
  type: 'tool_result',
  tool_use_id: id,
  content: INTERRUPTED_TOOL_RESULT,
  is_error: true,
});

const unanswered = doc(
  request([
    hi,
    assistantMsg([text('Checking.'), toolUse('toolu_01'), toolUse('toolu_02')]),
    userMsg([toolResult('toolu_02'), text('hurry')]),
  ]),
);
const unansweredString = jsonl([hi, assistantMsg([toolUse('toolu_01')]), userMsg('never mind')]);
const unansweredTail = doc(request([hi, assistantMsg([toolUse('toolu_01')])]), 'tab');

runRuleTests(toolUseHasResult, {
  valid: [
    {
      name: 'a tool loop',
      text: doc(
        request([hi, assistantMsg([toolUse('toolu_01')]), userMsg([toolResult('toolu_01')]), assistantMsg('Sunny.')]),
      ),
    },
  ],
  invalid: [
    {
      name: 'a call without a result: added first to the next user message',
      text: unanswered,
      errors: [{ messageId: 'missing', line: lineAt(unanswered, '/messages/1/content/1'), severity: 'error' }],
      output: doc(
        request([
          hi,
          assistantMsg([text('Checking.'), toolUse('toolu_01'), toolUse('toolu_02')]),
          userMsg([interrupted('toolu_01'), toolResult('toolu_02'), text('hurry')]),
        ]),
      ),
    },
    {
      name: 'a next user message with string content becomes blocks',
      text: unansweredString,
      errors: [{ messageId: 'missing', line: 2 }],
      output: jsonl([hi, assistantMsg([toolUse('toolu_01')]), userMsg([interrupted('toolu_01'), text('never mind')])]),
    },
    {
      name: 'a call at the end: a new user message',
      text: unansweredTail,
      errors: [{ messageId: 'missing', line: lineAt(unansweredTail, '/messages/1/content/0') }],
      output: doc(
        request([
          hi,
          assistantMsg([toolUse('toolu_01')]),
          userMsg([{ tool_use_id: 'toolu_01', type: 'tool_result', content: INTERRUPTED_TOOL_RESULT, is_error: true }]),
        ]),
        'tab',
      ),
    },
    {
      name: 'judged as Claude Code would resume it when asked',
      text: unansweredString,
      target: 'claude-code',
      errors: [{ messageId: 'dropped', line: 2, severity: 'error' }],
      output: jsonl([hi, assistantMsg([toolUse('toolu_01')]), userMsg([interrupted('toolu_01'), text('never mind')])]),
    },
  ],
});

const twice = doc(
  request([
    hi,
    assistantMsg([toolUse('toolu_01')]),
    userMsg([toolResult('toolu_01')]),
    assistantMsg([toolUse('toolu_01')]),
    userMsg([toolResult('toolu_01'), text('and?')]),
  ]),
  'pretty4',
);
runRuleTests(uniqueToolUseId, {
  valid: [],
  invalid: [
    {
      name: 'the later call and its result go',
      text: twice,
      errors: [
        {
          messageId: 'notUnique',
          line: lineAt(twice, '/messages/3/content/0'),
          messageIncludes: `already used on line ${lineAt(twice, '/messages/1/content/0')}`,
        },
      ],
      output: doc(
        request([hi, assistantMsg([toolUse('toolu_01')]), userMsg([toolResult('toolu_01')]), userMsg([text('and?')])]),
        'pretty4',
      ),
    },
  ],
});

const startsWithAssistant = doc(request([assistantMsg('Hello.'), hi]), 'compact');
runRuleTests(firstMessageUser, {
  valid: [{ name: 'a request starting with a user message', text: doc(request([hi, assistantMsg('Sunny.')])) }],
  invalid: [
    {
      name: 'a request starting with an assistant message',
      text: startsWithAssistant,
      errors: [{ messageId: 'assistantFirst', line: 1, severity: 'error' }],
      output: doc(request([userMsg(MISSING_HISTORY), assistantMsg('Hello.'), hi]), 'compact'),
    },
    {
      name: 'a message list starting with an assistant message after a blank line',
      text: '\n' + jsonl([assistantMsg('Hello.'), hi]),
      errors: [{ messageId: 'assistantFirst', line: 2 }],
      output: '\n' + jsonl([userMsg(MISSING_HISTORY), assistantMsg('Hello.'), hi]),
    },
  ],
});

const twoUsers = doc([hi, userMsg('And in Rome?'), assistantMsg('Both sunny.')]);
runRuleTests(roleAlternation, {
  valid: [
    { name: 'alternating messages', text: jsonl([hi, assistantMsg('Sunny.'), userMsg('thanks')]), target: 'bedrock' },
  ],
  invalid: [
    {
      name: 'two user messages: a warning for the API',
      text: twoUsers,
      errors: [
        {
          messageId: 'consecutive',
          line: lineAt(twoUsers, '/1'),
          severity: 'warn',
          messageIncludes: `(line ${lineAt(twoUsers, '/0')})`,
        },
      ],
    },
    {
      name: 'two user messages: an error for Bedrock',
      text: twoUsers,
      target: 'bedrock',
      errors: [{ messageId: 'consecutive', line: lineAt(twoUsers, '/1'), severity: 'error' }],
    },
    {
      name: 'two assistant messages in JSONL',
      text: jsonl([hi, assistantMsg('Sunny.'), assistantMsg('Warm, too.')]),
      target: 'bedrock',
      errors: [{ messageId: 'consecutive', line: 3, severity: 'error' }],
    },
  ],
});

const misplaced = doc(
  request([hi, assistantMsg([toolUse('toolu_01')]), userMsg([text('here:'), toolResult('toolu_01')])]),
);
runRuleTests(toolResultFirst, {
  valid: [],
  invalid: [
    {
      name: 'a result after text moves first',
      text: misplaced,
      errors: [{ messageId: 'notFirst', line: lineAt(misplaced, '/messages/2/content/1') }],
      output: doc(request([hi, assistantMsg([toolUse('toolu_01')]), userMsg([toolResult('toolu_01'), text('here:')])])),
    },
  ],
});

const endsWithThinking = jsonl([hi, assistantMsg([text('It is'), thinking()])]);
runRuleTests(thinkingPlacement, {
  valid: [
    {
      name: 'thinking in an earlier assistant message of thinking alone is accepted by the API',
      text: jsonl([hi, assistantMsg([thinking()]), userMsg('go on'), assistantMsg('ok')]),
    },
  ],
  invalid: [
    {
      name: 'a request ending with thinking',
      text: endsWithThinking,
      errors: [{ messageId: 'trailingThinking', line: 2 }],
      output: jsonl([hi, assistantMsg([text('It is')])]),
    },
  ],
});

runRuleTests(splitAssistantMessage, {
  valid: [
    {
      name: 'message ids in a plain request are not Claude Code parts (the rule does not run)',
      text: jsonl([
        hi,
        { role: 'assistant', id: 'msg_1', content: [text('a')] },
        userMsg('b'),
        { role: 'assistant', id: 'msg_1', content: [text('c')] },
      ]),
    },
  ],
  invalid: [],
});
