// `transcript-lint export` for a Qwen Code session: the chat messages Qwen Code 0.24.4 sends when it resumes the
// file, after its system message and before the new prompt. The system prompt and the `<system-reminder>` text
// parts Qwen puts before the first prompt and the new one are made at run time, not read from the file, and are
// not part of it. A file Qwen refuses (records of two sessions) exports `refused` and no messages.
// For a qwen3 model Qwen's default OpenAI-compatible provider also sends each assistant's non-empty
// `reasoning_content` as `reasoning` (mirrorReasoningContentToReasoning, provider/default.ts; recorded with
// qwen3-coder-plus). The model of the resume is not in the file: export takes the one the session's last
// assistant record names.
import type { QwenModel } from './model.js';
import type { ChatMessage } from './openai.js';

export interface QwenExport {
  refused?: string;
  messages: ChatMessage[];
}

/** The model the session's last assistant record names, if any. */
function recordedModel(model: QwenModel): string | undefined {
  for (let i = model.read.records.length - 1; i >= 0; i--) {
    const r = model.read.records[i]!;
    if (r.type === 'assistant' && typeof r.raw.model === 'string') return r.raw.model;
  }
  return undefined;
}

/** An assistant message with its `reasoning_content` mirrored as `reasoning`, as the default provider sends it. */
function mirrored(m: ChatMessage): ChatMessage {
  if (m.role !== 'assistant' || typeof m.reasoning_content !== 'string' || m.reasoning_content === '') return m;
  return typeof m.reasoning === 'string' ? m : { ...m, reasoning: m.reasoning_content };
}

export function exportChat(model: QwenModel): QwenExport {
  const mixed = model.chain().mixedSessions;
  if (mixed) return { refused: 'Transcript records contain multiple session ids.', messages: [] };
  const qwen3 = recordedModel(model)?.toLowerCase().includes('qwen3') ?? false;
  return { messages: qwen3 ? model.sent().map(mirrored) : model.sent() };
}
