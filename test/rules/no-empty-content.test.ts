import rule from '../../rules/no-empty-content.js';
import { text, thinking, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

function session(assistantContent: Record<string, unknown>[], prompt: string | Record<string, unknown>[] = 'run it'): string {
  const t = transcript();
  t.user(prompt);
  t.assistant(assistantContent, { id: 'msg_a' });
  t.result('toolu_1', '');
  t.assistant([text('Done.')], { id: 'msg_b' });
  return t.toString();
}

const clean = transcript();
clean.user('say hello');
clean.attachment({ type: 'date', date: '2026-11-01' }, { rendered: ['<system-reminder>today</system-reminder>'] });
clean.attachment({ type: 'environment' }, { rendered: ['<system-reminder>\n\n</system-reminder>'], renderedRole: 'system' });
clean.assistant([thinking('', 'sigA')], { id: 'msg_a' });
clean.assistant([text(' Hello there. ')], { id: 'msg_a' });

const emptyFinal = transcript();
emptyFinal.user('hi');
emptyFinal.assistant([], { id: 'msg_a' });

const twoPrompts = transcript();
twoPrompts.user('');
twoPrompts.user('do round two');
twoPrompts.assistant([text('OK.')]);

const emptyMid = transcript();
emptyMid.user('hi');
emptyMid.assistant([], { id: 'msg_a' });
emptyMid.user('hello?');
emptyMid.assistant([text('Hi.')], { id: 'msg_b' });

const emptyUser = transcript();
emptyUser.user([]);
emptyUser.assistant([text('Hi.')]);

const blankAttachment = transcript();
blankAttachment.user('hi');
blankAttachment.attachment({ type: 'date' }, { rendered: ['   '] });
blankAttachment.assistant([text('Hi.')]);

runRuleTests(rule, {
  valid: [
    { name: 'text with surrounding spaces, hidden thinking, attachments', text: clean.toString() },
    { name: 'an empty tool_result content string is not a text block', text: session([text('Running.'), toolUse('toolu_1')]) },
    { name: 'api target: an empty final assistant message is a valid prefill', text: emptyFinal.toString(), target: 'api' },
  ],
  invalid: [
    {
      name: 'empty text block before a tool_use',
      text: session([text(''), toolUse('toolu_1')]),
      errors: [{ messageId: 'emptyText', line: 2, blockIndex: 0, severity: 'warn', messageIncludes: 'must be non-empty' }],
    },
    {
      name: 'whitespace-only text block',
      text: session([text('\n\n'), toolUse('toolu_1')]),
      errors: [{ messageId: 'emptyText', line: 2, blockIndex: 0, messageIncludes: 'must contain non-whitespace text' }],
    },
    {
      name: 'empty user prompt',
      text: session([toolUse('toolu_1')], ''),
      errors: [{ messageId: 'emptyPrompt', line: 1, messageIncludes: '(no content)' }],
    },
    {
      name: 'empty prompt merged with the next prompt is still reported as empty',
      text: twoPrompts.toString(),
      errors: [{ messageId: 'emptyPrompt', line: 1, messageIncludes: 'is empty' }],
    },
    {
      name: 'empty text block in a user prompt given as blocks',
      text: session([toolUse('toolu_1')], [text('look'), text(' ')]),
      errors: [{ messageId: 'emptyText', line: 1, blockIndex: 1 }],
    },
    {
      name: 'assistant entry with no content mid-history',
      text: emptyMid.toString(),
      errors: [{ messageId: 'noContent', line: 2, severity: 'warn', messageIncludes: 'Assistant message' }],
    },
    {
      name: 'user entry with no content',
      text: emptyUser.toString(),
      errors: [{ messageId: 'noContent', line: 1, messageIncludes: 'User message' }],
    },
    {
      name: 'claude-code: an empty final assistant message is dropped',
      text: emptyFinal.toString(),
      errors: [{ messageId: 'noContent', line: 2 }],
    },
    {
      name: 'a blank rendered attachment',
      text: blankAttachment.toString(),
      errors: [{ messageId: 'emptyText', line: 2 }],
    },
    {
      name: 'api target',
      target: 'api',
      text: session([text(' '), toolUse('toolu_1')]),
      errors: [{ messageId: 'emptyText', line: 2, severity: 'error' }],
    },
  ],
});
