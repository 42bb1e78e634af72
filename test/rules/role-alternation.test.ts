import { describe, expect, it } from 'vitest';
import rule from '../../rules/role-alternation.js';
import { text, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const plain = transcript();
plain.user('go');
plain.assistant([toolUse('toolu_A')]);
plain.result('toolu_A');
plain.assistant([text('done')]);

// Two prompts in a row are merged into one user message by Claude Code.
const twoPrompts = transcript();
twoPrompts.user('do round two');
twoPrompts.user('and also say why');
twoPrompts.assistant([text('ok')]);

// Split parts of one response are one message.
const split = transcript();
split.user('go');
split.assistant([text('Running.')], { id: 'msg_s' });
split.assistant([toolUse('toolu_S')], { id: 'msg_s' });
split.result('toolu_S');
split.assistant([text('done')]);

// Two responses with different ids in a row.
const twoAssistants = transcript();
twoAssistants.user('go'); // 1
twoAssistants.assistant([text('first')]); // 2
twoAssistants.assistant([text('second')]); // 3

// A virtual prompt between two responses is not sent.
const virtualPrompt = transcript();
virtualPrompt.user('go'); // 1
virtualPrompt.assistant([text('first')]); // 2
virtualPrompt.user('hidden', { extra: { isVirtual: true } }); // 3
virtualPrompt.assistant([text('second')]); // 4

// A system message between two responses does not separate them.
const systemBetween = transcript();
systemBetween.user('go'); // 1
systemBetween.assistant([text('first')]); // 2
systemBetween.attachment(
  { type: 'date' },
  { rendered: ['<system-reminder>date</system-reminder>'], renderedRole: 'system' },
); // 3
systemBetween.assistant([text('second')]); // 4

runRuleTests(rule, {
  valid: [
    { name: 'alternating messages', text: plain.toString(), target: 'api' },
    { name: 'two prompts are merged', text: twoPrompts.toString(), target: 'api' },
    { name: 'split parts are one message', text: split.toString(), target: 'bedrock' },
    { name: 'off for claude-code: adjacent assistants are sent as they are', text: twoAssistants.toString() },
  ],
  invalid: [
    {
      name: 'api: two assistant messages in a row',
      text: twoAssistants.toString(),
      target: 'api',
      errors: [{ messageId: 'consecutive', line: 3, severity: 'warn' }],
    },
    {
      name: 'bedrock: an error with the Bedrock text',
      text: twoAssistants.toString(),
      target: 'bedrock',
      errors: [
        {
          messageId: 'consecutive',
          line: 3,
          severity: 'error',
          messageIncludes: 'A conversation must alternate between user and assistant roles',
        },
      ],
    },
    {
      name: 'api: a virtual prompt between two responses',
      text: virtualPrompt.toString(),
      target: 'api',
      errors: [{ messageId: 'consecutive', line: 4 }],
    },
    {
      name: 'api: a system message between two responses',
      text: systemBetween.toString(),
      target: 'api',
      errors: [{ messageId: 'consecutive', line: 4 }],
    },
  ],
});

describe('role-alternation details', () => {
  it('relates the previous message', () => {
    const { result } = lintWith(rule, virtualPrompt.toString(), 'api');
    expect(result.diagnostics[0]!.related).toEqual([{ line: 2, message: 'the previous assistant message' }]);
    expect(result.diagnostics[0]!.message).toContain(
      'This assistant message directly follows another assistant message (line 2)',
    );
  });
});
