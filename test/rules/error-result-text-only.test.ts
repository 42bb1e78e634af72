import rule from '../../rules/error-result-text-only.js';
import { fixed, image, text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

/** The result entry (line 3) with its tool_result's content replaced. */
const resultContent = (source: string, content: unknown): string =>
  fixed(source, { 3: (e) => void (e.message.content[0].content = content) });

function session(content: unknown, isError: boolean): string {
  const t = transcript();
  t.user('take a screenshot');
  t.assistant([toolUse('toolu_1', 'Screenshot')]);
  t.result('toolu_1', content, { isError });
  t.assistant([text('Done.')]);
  return t.toString();
}

const imageError = session([text('capture failed'), image()], true);

const docAndRef = session(
  [
    { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } },
    { type: 'tool_reference', tool_name: 'X' },
  ],
  true,
);
const textsAround = session([text('capture failed'), image(), text('display :0 not found')], true);

// Two error results in one entry (parallel calls answered together): both are reduced in one pass.
const both = transcript();
both.user('take two screenshots');
both.assistant([toolUse('toolu_1', 'Screenshot'), toolUse('toolu_2', 'Screenshot')]);
both.user([
  toolResult('toolu_1', [image(), text('first failed')], true),
  toolResult('toolu_2', [text('second failed'), image()], true),
]);
both.assistant([text('Done.')]);
const bothText = both.toString();

runRuleTests(rule, {
  valid: [
    { name: 'claude-code target: off (Claude Code reduces it to its text)', text: imageError },
    {
      name: 'api: an error result with a string',
      text: session('<tool_use_error>Error: No such tool available: X</tool_use_error>', true),
      target: 'api',
    },
    {
      name: 'api: an error result with text blocks',
      text: session([text('failed'), text('details')], true),
      target: 'api',
    },
    { name: 'api: an image in a successful result', text: session([text('shot'), image()], false), target: 'api' },
  ],
  invalid: [
    {
      name: 'api: an image in an error result',
      target: 'api',
      text: imageError,
      errors: [
        {
          messageId: 'nonText',
          line: 3,
          blockIndex: 0,
          severity: 'error',
          messageIncludes: 'toolu_1 holds `image` content',
        },
      ],
      output: resultContent(imageError, [text('capture failed')]),
    },
    {
      name: 'api: the text blocks around an image keep their order',
      target: 'api',
      text: textsAround,
      errors: [{ messageId: 'nonText', line: 3, blockIndex: 0 }],
      output: resultContent(textsAround, [text('capture failed'), text('display :0 not found')]),
    },
    {
      name: 'api: two error results in one entry',
      target: 'api',
      text: bothText,
      errors: [
        { messageId: 'nonText', line: 3, blockIndex: 0 },
        { messageId: 'nonText', line: 3, blockIndex: 1 },
      ],
      output: fixed(bothText, {
        3: (e) => {
          e.message.content[0].content = [text('first failed')];
          e.message.content[1].content = [text('second failed')];
        },
      }),
    },
    {
      name: 'bedrock: a document and a tool_reference in an error result',
      target: 'bedrock',
      text: docAndRef,
      errors: [{ messageId: 'nonText', line: 3, messageIncludes: '`document`, `tool_reference`' }],
      // Nothing to keep: a placeholder says what was removed.
      output: resultContent(docAndRef, [
        text(
          '[transcript-lint: removed `document`, `tool_reference` content from an error result, which may hold only text]',
        ),
      ]),
    },
  ],
});
