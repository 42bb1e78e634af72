import rule from '../../../rules/openai/content-shape.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, calls, developer, doc, examples, lineAt, tool, user } from './builders.js';

const image = { type: 'image_url', image_url: { url: 'https://example.com/logo.png' } };
const nullContent = doc([user(), assistant(null)]);
const imageInDeveloper = doc([developer([{ type: 'text', text: 'Be brief.' }, image]), user()]);
const objectContent = doc([user({ type: 'text', text: 'hi' })]);
const noContent = doc([user(), { role: 'assistant' }]);
const empty = doc([user([])]);
const refusal = doc([
  user(),
  assistant([
    { type: 'text', text: 'a' },
    { type: 'refusal', refusal: 'no' },
  ]),
]);

runRuleTests(rule, {
  valid: [
    {
      name: 'strings, text parts, an image for the user, null with tool calls',
      text: doc([
        developer(),
        user([{ type: 'text', text: 'x' }, image]),
        calls(call('c')),
        tool('c', [{ type: 'text', text: 'r' }]),
        assistant('ok'),
      ]),
    },
    {
      name: 'a tool-call message without content',
      text: doc([user(), { role: 'assistant', tool_calls: [call('c')] }, tool('c')]),
    },
    {
      name: 'one refusal part',
      text: doc([user(), assistant([{ type: 'refusal', refusal: 'I cannot help with that.' }])]),
    },
    {
      name: 'a legacy function message with null content',
      text: doc([user(), { role: 'function', name: 'f', content: null }]),
    },
  ],
  invalid: [
    {
      name: 'null content without tool calls',
      text: nullContent,
      errors: [
        {
          messageId: 'nullContent',
          line: lineAt(nullContent, '/messages/1/content'),
          messageIncludes: "Invalid value for 'content': expected a string, got null.",
        },
      ],
    },
    {
      name: 'an image in a developer message',
      text: imageInDeveloper,
      errors: [{ messageId: 'partType', line: lineAt(imageInDeveloper, '/messages/0/content/1/type') }],
    },
    {
      name: 'content that is an object',
      text: objectContent,
      errors: [
        {
          messageId: 'wrongType',
          line: lineAt(objectContent, '/messages/0/content'),
          messageIncludes:
            "Invalid type for 'messages[0].content': expected one of a string or array of objects, but got an object instead.",
        },
      ],
    },
    {
      name: 'an assistant message with no content and no calls',
      text: noContent,
      errors: [{ messageId: 'missing', line: lineAt(noContent, '/messages/1') }],
    },
    {
      name: 'an empty content array',
      text: empty,
      errors: [{ messageId: 'emptyArray', line: lineAt(empty, '/messages/0/content') }],
    },
    {
      name: 'a refusal beside text',
      text: refusal,
      errors: [{ messageId: 'refusalMix', line: lineAt(refusal, '/messages/1/content') }],
    },
    {
      name: "an empty reply in fine-tuning data (the checker's missing_content)",
      text: examples({ messages: [user('I lost my book today.'), assistant('')] }),
      inputFormat: 'openai-finetune',
      errors: [{ messageId: 'empty', line: 1, severity: 'warn' }],
    },
  ],
});
