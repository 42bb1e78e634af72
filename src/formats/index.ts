// The built-in formats, in the order detection prefers them on a tie. One line per format; the unknown format is
// the fallback for files none of them recognises, and never detected.
import { anthropicBatch, anthropicBatchResults } from './anthropic-batch/index.js';
import { claudeCode } from './claude-code/index.js';
import { codexRollout } from './codex-rollout/index.js';
import { cline, roo } from './cline/index.js';
import { copilotEvents } from './copilot-events/index.js';
import { geminiCli } from './gemini-cli/index.js';
import { messages } from './messages/index.js';
import { openaiBatch, openaiBatchOutput, openaiChat, openaiFinetune } from './openai/index.js';
import { qwenCode } from './qwen-code/index.js';
import { request } from './request/index.js';
import type { Format } from './types.js';
import { unknown } from './unknown/index.js';

export const formats: readonly Format[] = [
  claudeCode,
  request,
  messages,
  copilotEvents,
  cline,
  roo,
  anthropicBatch,
  anthropicBatchResults,
  openaiChat,
  openaiFinetune,
  openaiBatch,
  openaiBatchOutput,
  codexRollout,
  geminiCli,
  qwenCode,
] as Format[];

export const fallbackFormat: Format = unknown as Format;
