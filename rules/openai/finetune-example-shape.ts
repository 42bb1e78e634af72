// openai/finetune-example-shape: every line of a fine-tuning file is an example the API takes. A supervised example is
// `{messages, tools?, parallel_tool_calls?, functions?}` with at least one message (openai-openapi
// `FineTuneChatRequestInput`, the last spec that has it: 498c71dd); the cookbook checker calls a line without the list
// `missing_messages_list`. A preference (DPO) example is `{input: {messages, ...}, preferred_output: [...],
// non_preferred_output: [...]}` (`FineTunePreferenceRequestInput` spells them `preferred_completion`; either is
// recognised). Another key at the top of an example is outside the schema; whether the API refuses it was not
// verified: a warning. A `message` list in place of `messages` is renamed (unsafe: it guesses the intent).
import { defineRule, OpenAI } from '../../src/sdk/index.js';

const SFT_KEYS = ['messages', 'tools', 'parallel_tool_calls', 'functions'];
const MISSPELLINGS = ['message', 'Messages', 'conversation', 'conversations'];
const PREFERENCE_KEYS = [
  'input',
  'preferred_output',
  'non_preferred_output',
  'preferred_completion',
  'non_preferred_completion',
];

export default defineRule({
  meta: {
    id: 'openai/finetune-example-shape',
    type: 'problem',
    view: 'openai-chat',
    description:
      'Every line of a fine-tuning file is an example: a non-empty `messages` list (or a preference input with its preferred and non-preferred outputs), and only the fields of an example.',
    docs: {
      detects:
        'a fine-tuning line without a `messages` list (`missing_messages_list`), with an empty one, an incomplete preference example, or an unknown top-level key',
      severity: { openai: 'error (unknown key: warn)' },
      fix: 'unsafe (rename `message` to `messages`)',
    },
    severity: { openai: 'error' },
    fixable: 'unsafe',
    formats: ['openai-finetune'],
    messages: {
      missingMessages:
        'Example has no `messages` list (the cookbook checker\'s `missing_messages_list`); every line of a fine-tuning file is `{"messages": [...]}`.',
      misspelt:
        "Example has `{{key}}` but no `messages` list (the cookbook checker's `missing_messages_list`); the API reads only `messages`.",
      notArray: '`messages` is {{detail}}, not a list of messages.',
      empty: '`messages` is empty; an example needs at least one message ("minItems: 1").',
      preference:
        'Preference example has no `{{key}}`; a preference example is `{input, preferred_output, non_preferred_output}`, each output a list holding one assistant message.',
      unknownKey: 'Example has `{{key}}`, which is not a field of a fine-tuning example ({{allowed}}).',
    },
  },
  check(ctx) {
    for (const line of ctx.model.file.lines) {
      const v = line.json;
      if (!v) continue;
      const at = (pointer = '') => ({ line: line.lineNo, pointer });
      const isPreference = OpenAI.isJsonObject(v.input) && PREFERENCE_KEYS.slice(1).some((k) => Object.hasOwn(v, k));
      if (isPreference) {
        const input = v.input as Record<string, unknown>;
        if (!Array.isArray(input.messages)) ctx.report({ messageId: 'missingMessages', at: at('/input') });
        for (const [a, b] of [
          ['preferred_output', 'preferred_completion'],
          ['non_preferred_output', 'non_preferred_completion'],
        ] as const)
          if (!Object.hasOwn(v, a) && !Object.hasOwn(v, b))
            ctx.report({ messageId: 'preference', at: at(), data: { key: a } });
        for (const key of Object.keys(v))
          if (!PREFERENCE_KEYS.includes(key))
            ctx.report({
              messageId: 'unknownKey',
              at: at(`/${OpenAI.pointerToken(key)}`),
              data: { key, allowed: PREFERENCE_KEYS.map((k) => `\`${k}\``).join(', ') },
              severity: 'warn',
            });
        continue;
      }
      // A list under a near name, reported (and renamed) as the missing `messages`, not as an unknown key.
      const similar = Object.hasOwn(v, 'messages') ? undefined : MISSPELLINGS.find((k) => Array.isArray(v[k]));
      if (!Object.hasOwn(v, 'messages')) {
        if (similar)
          ctx.report({
            messageId: 'misspelt',
            at: at(`/${similar}`),
            data: { key: similar },
            fix: {
              applicability: 'unsafe',
              description: `rename \`${similar}\` to \`messages\``,
              edits: [
                { kind: 'remove', line: line.lineNo, pointer: `/${similar}` },
                { kind: 'set', line: line.lineNo, pointer: '/messages', value: v[similar] },
              ],
            },
          });
        else ctx.report({ messageId: 'missingMessages', at: at() });
      } else if (!Array.isArray(v.messages)) {
        ctx.report({ messageId: 'notArray', at: at('/messages'), data: { detail: OpenAI.describeJson(v.messages) } });
      } else if (v.messages.length === 0) {
        ctx.report({ messageId: 'empty', at: at('/messages') });
      }
      for (const key of Object.keys(v)) {
        if (SFT_KEYS.includes(key) || key === similar) continue;
        ctx.report({
          messageId: 'unknownKey',
          at: at(`/${OpenAI.pointerToken(key)}`),
          data: { key, allowed: SFT_KEYS.map((k) => `\`${k}\``).join(', ') },
          severity: 'warn',
        });
      }
    }
  },
});
