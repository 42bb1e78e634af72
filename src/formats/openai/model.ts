// The model of an OpenAI chat input, as the openai/* rules read it: its conversations. A conversation is a messages
// array with the request around it (the `tools` and `functions` it declares): a request body or a bare message list
// (openai-chat), one fine-tuning example (openai-finetune, a line), the body of a batch line (openai-batch). Its
// messages are held in an array inside a unit (`/messages` of a request, `/body/messages` of a batch line, the
// document itself for a bare list), or one a line (a JSONL message list). Rules name places through the
// conversation (`at(i, '/tool_calls/0/id')`, `field('/tools/1/function/name')`) and edit it through ChatEdits
// (fixes.ts), so they never care which container holds it.
import { DOCUMENT_LINE, isPlainObject, type JsonContainer } from '../json-container/container.js';
import type { FormatModel } from '../types.js';

export type ChatInputKind = 'openai-chat' | 'openai-finetune' | 'openai-batch';

export type ConversationKind =
  /** A Chat Completions request body (a document, a JSONL line, or a batch line's body). */
  | 'request'
  /** A bare message list (a JSON array, or JSONL of messages). */
  | 'messages'
  /** A supervised fine-tuning example: `{messages, tools?, parallel_tool_calls?, functions?}`. */
  | 'finetune'
  /** The input of a preference (DPO) fine-tuning example: `input` of `{input, preferred_output, ...}`. */
  | 'preference';

export interface SiteRef {
  line: number;
  pointer: string;
}

export class Conversation {
  constructor(
    readonly kind: ConversationKind,
    /** 0-based position among the file's conversations (the example, or the batch line). */
    readonly index: number,
    /** The unit that holds it (its first message's line, for a JSONL message list). */
    readonly line: number,
    readonly messages: readonly unknown[],
    /**
     * Where the messages are: the array's pointer in the unit, or (a JSONL message list) the line of each message.
     */
    readonly held: { array: string } | { lines: readonly number[] },
    /** The object around the messages (`tools`, `functions` live there), and its pointer in the unit. */
    readonly request?: { value: Record<string, unknown>; pointer: string },
  ) {}

  /** The site of message i (or of the value at `rest` inside it). */
  at(i: number, rest = ''): SiteRef {
    if ('lines' in this.held) return { line: this.held.lines[i] ?? this.line, pointer: rest };
    return { line: this.line, pointer: `${this.held.array}/${i}${rest}` };
  }

  /** The site of a request-level field (`/tools/0/function/name`); the whole conversation for a bare list. */
  field(rest: string): SiteRef {
    if (this.request) return { line: this.line, pointer: this.request.pointer + rest };
    return this.site();
  }

  /** The site of the messages as a whole. */
  site(): SiteRef {
    if ('lines' in this.held) return { line: this.line, pointer: '' };
    return { line: this.line, pointer: this.held.array };
  }

  /** The field of the request, if the conversation has one. */
  get(key: string): unknown {
    return this.request?.value[key];
  }

  /** How the API names message i's value at `rest` in its errors: `messages[3].tool_calls[0].function.name`. */
  param(i: number, rest = ''): string {
    let out = `messages[${i}]`;
    for (const token of rest.split('/').slice(1)) out += /^\d+$/.test(token) ? `[${token}]` : `.${token}`;
    return out;
  }
}

export interface ChatFile extends FormatModel {
  readonly kind: ChatInputKind;
  readonly container: JsonContainer;
  readonly conversations: readonly Conversation[];
}

/**
 * The conversations of an openai-chat container: the document (a request body or a message list), or each JSONL line
 * that is a request body, or all the lines of a JSONL message list.
 */
export function chatConversations(container: JsonContainer): Conversation[] {
  if (container.kind === 'document') {
    const v = container.value(DOCUMENT_LINE);
    if (Array.isArray(v)) return [new Conversation('messages', 0, DOCUMENT_LINE, v, { array: '' })];
    if (isPlainObject(v) && Array.isArray(v.messages))
      return [
        new Conversation('request', 0, DOCUMENT_LINE, v.messages, { array: '/messages' }, { value: v, pointer: '' }),
      ];
    return [];
  }
  const units = [...container.units()] as [number, Record<string, unknown>][];
  const first = units[0]?.[1];
  if (first && !Object.hasOwn(first, 'messages') && Object.hasOwn(first, 'role')) {
    const lines = units.map(([line]) => line);
    return [
      new Conversation(
        'messages',
        0,
        lines[0]!,
        units.map(([, v]) => v),
        { lines },
      ),
    ];
  }
  const out: Conversation[] = [];
  for (const [line, v] of units) {
    if (Array.isArray(v.messages))
      out.push(
        new Conversation('request', out.length, line, v.messages, { array: '/messages' }, { value: v, pointer: '' }),
      );
  }
  return out;
}
