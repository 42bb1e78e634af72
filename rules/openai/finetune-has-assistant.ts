// openai/finetune-has-assistant: every supervised fine-tuning example has an assistant message to learn from. The
// model is trained on the example's assistant messages only ("The default behavior during fine-tuning is to train on
// all assistant messages within a single example"); the cookbook checker counts an example without one as
// `example_missing_assistant_message`. An example whose assistant messages all have weight 0 teaches nothing either
// (a warning: it is valid, only useless). The unsafe fix drops the example (its line): nothing is lost for training,
// but the file's examples are the user's.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'openai/finetune-has-assistant',
    type: 'problem',
    view: 'openai-chat',
    description: 'Every supervised fine-tuning example has an assistant message that is trained on (weight not 0).',
    docs: {
      detects:
        'a fine-tuning example with no assistant message (`example_missing_assistant_message`), or only ones of weight 0',
      severity: { openai: 'error (all weight 0: warn)' },
      fix: 'unsafe (drop the example)',
    },
    severity: { openai: 'error' },
    fixable: 'unsafe',
    formats: ['openai-finetune'],
    messages: {
      none: "Example has no assistant message to learn from (the cookbook checker's `example_missing_assistant_message`).",
      allWeightZero: 'Every assistant message of this example has weight 0, so the example teaches nothing.',
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      if (c.kind !== 'finetune' || c.messages.length === 0) continue;
      const assistants = c.messages.filter((m) => OpenAI.roleOf(m) === 'assistant') as OpenAI.Json[];
      const fix = {
        applicability: 'unsafe' as const,
        description: 'drop the example',
        edits: [{ kind: 'delete' as const, line: c.line }],
      };
      if (assistants.length === 0) ctx.report({ messageId: 'none', at: c.site(), fix });
      else if (assistants.every((m) => m.weight === 0))
        ctx.report({ messageId: 'allWeightZero', at: c.site(), severity: 'warn', fix });
    }
  },
});
