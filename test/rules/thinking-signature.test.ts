import rule from '../../rules/thinking-signature.js';
import { text, thinking, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

function session(first: Record<string, unknown>, second: Record<string, unknown> = thinking('Done.', 'sigB')): string {
  const t = transcript();
  t.user('think then run');
  t.assistant([first], { id: 'msg_a' });
  t.assistant([toolUse('toolu_1')], { id: 'msg_a' });
  t.result('toolu_1');
  t.assistant([second], { id: 'msg_b' });
  t.assistant([text('Thought and ran.')], { id: 'msg_b' });
  return t.toString();
}

const redacted = (data?: unknown): Record<string, unknown> =>
  data === undefined ? { type: 'redacted_thinking' } : { type: 'redacted_thinking', data };

// Off the active chain: an abandoned branch is never sent.
const offChain = transcript();
const root = offChain.user('first');
offChain.assistant([thinking('x', '')], { id: 'msg_old' });
offChain.assistant([text('old answer')], { id: 'msg_old' });
offChain.from(root).assistant([text('new answer')], { id: 'msg_new' });
offChain.lastPrompt();

runRuleTests(rule, {
  valid: [
    { name: 'thinking with signatures, split parts', text: session(thinking('I should run it.', 'sigA')) },
    { name: 'hidden thinking: empty text with a signature', text: session(thinking('', 'EpMCCkYIBxgCKkA'), thinking('', 'EqQBCkYIBx')) },
    { name: 'redacted_thinking with data', text: session(redacted('EqQBCgIYAhIM')) },
    { name: 'a bad block on an abandoned branch is not sent', text: offChain.toString() },
    { name: 'api target, valid signatures', text: session(thinking('a', 'sigA')), target: 'api' },
  ],
  invalid: [
    {
      name: 'signature key missing',
      text: session({ type: 'thinking', thinking: 'I should run it.' }),
      errors: [{ messageId: 'missingSignature', line: 2, blockIndex: 0, severity: 'error' }],
    },
    {
      name: 'empty signature, in the later response',
      text: session(thinking('a', 'sigA'), thinking('Done.', '')),
      errors: [{ messageId: 'emptySignature', line: 5, blockIndex: 0 }],
    },
    {
      name: 'signature that is not a string',
      text: session({ type: 'thinking', thinking: 'a', signature: null }),
      errors: [{ messageId: 'missingSignature', line: 2 }],
    },
    {
      name: 'redacted_thinking without data, and with empty data',
      text: session(redacted(), redacted('')),
      errors: [
        { messageId: 'redactedNoData', line: 2 },
        { messageId: 'redactedNoData', line: 5 },
      ],
    },
    {
      name: 'api target',
      target: 'api',
      text: session(thinking('a', '')),
      errors: [{ messageId: 'emptySignature', line: 2, severity: 'error' }],
    },
  ],
});
