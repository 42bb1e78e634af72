import rule from '../../rules/error-result-text-only.js';
import { image, text, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

function session(content: unknown, isError: boolean): string {
  const t = transcript();
  t.user('take a screenshot');
  t.assistant([toolUse('toolu_1', 'Screenshot')]);
  t.result('toolu_1', content, { isError });
  t.assistant([text('Done.')]);
  return t.toString();
}

const imageError = session([text('capture failed'), image()], true);

runRuleTests(rule, {
  valid: [
    { name: 'claude-code target: off (Claude Code reduces it to its text)', text: imageError },
    { name: 'api: an error result with a string', text: session('<tool_use_error>Error: No such tool available: X</tool_use_error>', true), target: 'api' },
    { name: 'api: an error result with text blocks', text: session([text('failed'), text('details')], true), target: 'api' },
    { name: 'api: an image in a successful result', text: session([text('shot'), image()], false), target: 'api' },
  ],
  invalid: [
    {
      name: 'api: an image in an error result',
      target: 'api',
      text: imageError,
      errors: [{ messageId: 'nonText', line: 3, blockIndex: 0, severity: 'error', messageIncludes: 'toolu_1 holds `image` content' }],
    },
    {
      name: 'bedrock: a document and a tool_reference in an error result',
      target: 'bedrock',
      text: session([{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } }, { type: 'tool_reference', tool_name: 'X' }], true),
      errors: [{ messageId: 'nonText', line: 3, messageIncludes: '`document`, `tool_reference`' }],
    },
  ],
});
