// openai/finetune-tokens: no fine-tuning example is longer than a training example may be. The cookbook checker
// counts tokens the way the chat format spends them (3 per message, the tokens of each value, 1 more per `name`, 3
// for the reply) and warns: "{n} examples may be over the 16,385 token limit, they will be truncated during
// fine-tuning". The limit depends on the model, which the file does not name: 65,536 tokens per example for
// gpt-4o-2024-08-06 and gpt-4o-mini-2024-07-18, 16,385 for gpt-3.5-turbo-0125 (the fine-tuning guide's table, as
// copied in NOTES §2.4); the largest known one is the limit here, so an example over it is too long for every model.
// transcript-lint has no tokenizer: a value's tokens are estimated at one per 4 bytes of its UTF-8 (OpenAI's rule of
// thumb for English; the notebook marks its own count "not exact!" too), the tools' JSON included. A warning; no fix.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

export const TRAINING_EXAMPLE_LIMIT = 65_536;
const BYTES_PER_TOKEN = 4;

const tokensOf = (value: unknown): number => {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return Math.ceil(Buffer.byteLength(text, 'utf8') / BYTES_PER_TOKEN);
};

/** The estimated tokens of an example, as the cookbook notebook counts them (with estimated value tokens). */
export function estimateTokens(messages: readonly unknown[], tools: unknown): number {
  let n = 3;
  for (const m of messages) {
    n += 3;
    if (!OpenAI.isJsonObject(m)) continue;
    for (const [key, value] of Object.entries(m)) {
      if (key === 'weight') continue;
      n += tokensOf(value);
      if (key === 'name') n += 1;
    }
  }
  if (tools !== undefined) n += tokensOf(tools);
  return n;
}

export default defineRule({
  meta: {
    id: 'openai/finetune-tokens',
    type: 'suggestion',
    view: 'openai-chat',
    description: 'No fine-tuning example is over the largest known training example limit (65,536 tokens, estimated).',
    docs: { detects: 'a fine-tuning example of about more than 65,536 tokens (estimated at 4 bytes a token)' },
    severity: { openai: 'warn' },
    formats: ['openai-finetune'],
    messages: {
      tooLong:
        'Example is about {{tokens}} tokens (estimated), over the 65,536-token training example limit of gpt-4o and gpt-4o-mini (16,385 for gpt-3.5-turbo); "they will be truncated during fine-tuning".',
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      const tokens = estimateTokens(c.messages, c.get('tools'));
      if (tokens > TRAINING_EXAMPLE_LIMIT) ctx.report({ messageId: 'tooLong', at: c.site(), data: { tokens } });
    }
  },
});
