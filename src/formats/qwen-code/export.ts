// `transcript-lint export` for a Qwen Code session: the chat messages Qwen Code 0.24.4 sends when it resumes the
// file, after its system message and before the new prompt. The system prompt and the `<system-reminder>` text
// parts Qwen puts before the first prompt and the new one are made at run time, not read from the file, and are
// not part of it. A file Qwen refuses (records of two sessions) exports `refused` and no messages.
import type { QwenModel } from './model.js';
import type { ChatMessage } from './openai.js';

export interface QwenExport {
  refused?: string;
  messages: ChatMessage[];
}

export function exportChat(model: QwenModel): QwenExport {
  const mixed = model.chain().mixedSessions;
  if (mixed) return { refused: 'Transcript records contain multiple session ids.', messages: [] };
  return { messages: model.sent() };
}
