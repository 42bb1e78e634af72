// The ids of the built-in formats and targets, for the argument parser and the config file's schema, which run
// before (or without) loading the formats themselves. test/formats.test.ts checks this list against the registry.
export const FORMAT_IDS = [
  'claude-code',
  'request',
  'messages',
  'copilot-events',
  'cline',
  'roo',
  'anthropic-batch',
  'anthropic-batch-results',
  'openai-chat',
  'openai-finetune',
  'openai-batch',
  'openai-batch-output',
  'codex-rollout',
] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

export const TARGET_IDS = [
  'claude-code',
  'api',
  'bedrock',
  'copilot',
  'cline',
  'roo',
  'openai',
  'codex',
  'openai-responses',
] as const;
