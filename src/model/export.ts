// `transcript-lint export`: the compiled request as plain JSON, the way Claude Code would send it.
import { asText } from './entries.js';
import type { ApiMessage } from './types.js';

export interface ExportedMessage {
  role: ApiMessage['role'];
  content: string | Record<string, unknown>[];
}

export function exportMessages(messages: readonly ApiMessage[]): { messages: ExportedMessage[] } {
  return {
    messages: messages.map((m) => ({
      role: m.role,
      content:
        m.stringContent && m.blocks.length === 1 && m.blocks[0]!.block.type === 'text'
          ? asText(m.blocks[0]!.block.text)
          : m.blocks.map((b) => b.block),
    })),
  };
}
