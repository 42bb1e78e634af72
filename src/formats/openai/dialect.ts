// Whose API a request body or message list is written for, from the fields and values only one API has (each marker
// is a schema fact: openai-openapi `CreateChatCompletionRequest` and the chat message types of openai-python, the
// Messages API request types of anthropic-sdk-python). Anthropic markers win: a file that has any is an Anthropic
// input whatever else it holds (its OpenAI-shaped parts are then defects the Anthropic rules report, as recorded
// Claude Code requests with a `system` message show). Without any, OpenAI markers decide; without those, an OpenAI
// model name; and a file with none of them (`{role: user, content: "hi"}`, or only `system`/`tool` roles) stays the
// Anthropic default. Formats whose shape is OpenAI's own (fine-tuning lines) may count those roles too (`roles`).
export type Dialect = 'anthropic' | 'openai' | 'neutral';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Request fields only the Messages API has. */
const ANTHROPIC_FIELDS = [
  'system',
  'thinking',
  'top_k',
  'stop_sequences',
  'anthropic_version',
  'anthropic_beta',
  'mcp_servers',
  'context_management',
  'container',
];
/** Request fields only Chat Completions has. */
const OPENAI_FIELDS = [
  'max_completion_tokens',
  'n',
  'frequency_penalty',
  'presence_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'response_format',
  'functions',
  'function_call',
  'parallel_tool_calls',
  'store',
  'reasoning_effort',
  'seed',
  'modalities',
  'audio',
  'prediction',
  'web_search_options',
  'stream_options',
  'safety_identifier',
  'prompt_cache_key',
  'verbosity',
];
/** Content block types only the Messages API has. */
const ANTHROPIC_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'document',
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'mcp_tool_use',
  'mcp_tool_result',
  'search_result',
  'container_upload',
]);
/** Content part types only Chat Completions has. */
const OPENAI_PARTS = new Set(['image_url', 'input_audio', 'file', 'refusal']);
/** Message fields only Chat Completions has (`weight` is fine-tuning's). */
const OPENAI_MESSAGE_FIELDS = ['tool_calls', 'tool_call_id', 'function_call', 'refusal', 'weight'];
/** Roles only Chat Completions has; `system` and `tool` messages are weaker signs (seen in broken Anthropic files). */
const OPENAI_ROLES = new Set(['developer', 'function']);
const OPENAI_MODEL = /^(?:gpt-|chatgpt|o\d|ft:gpt|ft:o\d|davinci|babbage|text-)/;

export interface Evidence {
  anthropic: number;
  openai: number;
  /** An OpenAI model name: a tie-break. */
  model: number;
  /** `system` and `tool` messages: not enough on their own. */
  roles: number;
}

export const noEvidence = (): Evidence => ({ anthropic: 0, openai: 0, model: 0, roles: 0 });

export function dialectOf(e: Evidence): Dialect {
  if (e.anthropic > 0) return 'anthropic';
  if (e.openai > 0 || e.model > 0) return 'openai';
  return 'neutral';
}

/** Adds a request body's evidence (its own fields, tools and messages). */
export function requestEvidence(v: Record<string, unknown>, e: Evidence = noEvidence()): Evidence {
  for (const k of ANTHROPIC_FIELDS) if (Object.hasOwn(v, k)) e.anthropic++;
  for (const k of OPENAI_FIELDS) if (Object.hasOwn(v, k)) e.openai++;
  if (typeof v.model === 'string') {
    if (v.model.startsWith('claude')) e.anthropic++;
    else if (OPENAI_MODEL.test(v.model)) e.model++;
  }
  if (Array.isArray(v.tools)) {
    for (const t of v.tools) {
      if (!isPlainObject(t)) continue;
      if (Object.hasOwn(t, 'input_schema')) e.anthropic++;
      if ((t.type === 'function' && isPlainObject(t.function)) || (t.type === 'custom' && isPlainObject(t.custom)))
        e.openai++;
    }
  }
  if (isPlainObject(v.tool_choice) && (v.tool_choice.type === 'any' || v.tool_choice.type === 'tool')) e.anthropic++;
  if (v.tool_choice === 'required') e.openai++;
  if (Array.isArray(v.messages)) messagesEvidence(v.messages, e);
  return e;
}

/** Adds the evidence of messages. */
export function messagesEvidence(messages: readonly unknown[], e: Evidence = noEvidence()): Evidence {
  for (const m of messages) messageEvidence(m, e);
  return e;
}

export function messageEvidence(m: unknown, e: Evidence = noEvidence()): Evidence {
  if (!isPlainObject(m)) return e;
  if (typeof m.role === 'string') {
    if (OPENAI_ROLES.has(m.role)) e.openai++;
    else if (m.role === 'system' || m.role === 'tool') e.roles++;
  }
  for (const k of OPENAI_MESSAGE_FIELDS) if (Object.hasOwn(m, k)) e.openai++;
  if (m.content === null) e.openai++;
  if (Array.isArray(m.content)) {
    for (const block of m.content) {
      if (!isPlainObject(block) || typeof block.type !== 'string') continue;
      if (ANTHROPIC_BLOCKS.has(block.type)) e.anthropic++;
      else if (OPENAI_PARTS.has(block.type)) e.openai++;
      else if (block.type === 'image' && Object.hasOwn(block, 'source')) e.anthropic++;
      if (Object.hasOwn(block, 'cache_control')) e.anthropic++;
    }
  }
  return e;
}
