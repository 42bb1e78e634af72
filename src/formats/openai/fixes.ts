// Edits of an OpenAI conversation in its own container's terms (model.ts): removing and inserting messages becomes
// one new messages array that reuses the parsed messages it keeps (the fixer's splice matches them by identity, so
// their bytes stay as written and only the new messages are written fresh), or, for a JSONL message list, deleted
// lines and new lines; a change inside a message is a set or remove at its pointer. The openai/* rules build their
// fixes with it.
import type { Edit } from '../../fixer/edits.js';
import type { Conversation } from './model.js';
import { pushAll } from '../../model/arrays.js';

export type ChatMessage = Record<string, unknown>;

export class ChatEdits {
  constructor(private readonly conversation: Conversation) {}

  /** The messages without those in `remove`, with `insertAfter.get(i)` after message i (indices of today's list). */
  restructure(
    remove: ReadonlySet<number>,
    insertAfter: ReadonlyMap<number, readonly ChatMessage[]> = new Map(),
  ): Edit[] {
    const c = this.conversation;
    if ('lines' in c.held) {
      const lines = c.held.lines;
      const edits: Edit[] = [];
      lines.forEach((line, i) => {
        if (remove.has(i)) edits.push({ kind: 'delete', line });
        for (const value of insertAfter.get(i) ?? []) edits.push({ kind: 'insertAfter', line, value });
      });
      return edits;
    }
    const next: unknown[] = [];
    c.messages.forEach((m, i) => {
      if (!remove.has(i)) next.push(m);
      pushAll(next, insertAfter.get(i) ?? []);
    });
    if (c.held.array === '')
      return [{ kind: 'replace', line: c.line, value: next as unknown as Record<string, unknown> }];
    return [{ kind: 'set', line: c.line, pointer: c.held.array, value: next }];
  }

  /** Sets the value at `rest` (a pointer inside message i). */
  set(i: number, rest: string, value: unknown): Edit {
    const at = this.conversation.at(i, rest);
    return { kind: 'set', line: at.line, pointer: at.pointer, value };
  }

  /** Removes the value at `rest` (a pointer inside message i). */
  remove(i: number, rest: string): Edit {
    const at = this.conversation.at(i, rest);
    return { kind: 'remove', line: at.line, pointer: at.pointer };
  }
}
