// The OpenAI chat messages Qwen Code 0.24.4 sends for a Content history (openaiContentGenerator/converter.ts
// `convertLlmRequestToOpenAI`, without the system message): a model turn becomes one assistant message (its texts
// joined, `content: null` when it holds only calls, thoughts as `reasoning_content`, each call once as a
// `tool_calls` entry with its args JSON-encoded), a user turn one `tool` message per response (its text `output`,
// else `error`, else the response as JSON) and then one user message of its text parts. Consecutive assistant
// messages are merged; calls without an adjacent response and responses without their call are left out
// (`cleanOrphanedToolCalls`). Media parts are not converted here (none in the recordings).
import { isObj, type Obj } from './lines.js';
import type { Content } from './compile.js';
import type { Part } from './records.js';

export type ChatMessage = Obj & { role: string };

function responseText(response: unknown): string {
  if (response === null || response === undefined) return '';
  if (typeof response === 'string') return response;
  if (isObj(response)) {
    if (typeof response.output === 'string') return response.output;
    if (typeof response.error === 'string') return response.error;
  }
  try {
    return JSON.stringify(response) ?? String(response);
  } catch {
    return String(response);
  }
}

function toolMessage(fr: NonNullable<Part['functionResponse']>): ChatMessage {
  const content: Obj[] = [];
  const text = responseText(fr.response);
  if (text) content.push({ type: 'text', text });
  if (Array.isArray(fr.parts))
    for (const p of fr.parts)
      if (isObj(p) && typeof p.text === 'string' && p.text.length > 0) content.push({ type: 'text', text: p.text });
  const id = typeof fr.id === 'string' ? fr.id : '';
  return { role: 'tool', tool_call_id: id, content: content.length === 0 ? '' : content };
}

function convertContent(content: Content, out: ChatMessage[]): void {
  const role = content.role === 'model' ? 'assistant' : 'user';
  const texts: Obj[] = [];
  const reasoning: string[] = [];
  const toolCalls: Obj[] = [];
  const callIds = new Set<string>();
  const responseIds = new Set<string>();
  for (const { part } of content.parts) {
    if (typeof part === 'string') {
      texts.push({ type: 'text', text: part });
      continue;
    }
    if ('text' in part && part.thought && role === 'assistant' && part.text) reasoning.push(String(part.text));
    if ('text' in part && part.text && !part.thought) texts.push({ type: 'text', text: part.text });
    const call = isObj(part.functionCall) ? part.functionCall : undefined;
    if (call && role === 'assistant') {
      const id = typeof call.id === 'string' ? call.id : '';
      if (id) {
        if (callIds.has(id)) continue;
        callIds.add(id);
      }
      toolCalls.push({
        id: id || `call_${toolCalls.length}`,
        type: 'function',
        function: { name: typeof call.name === 'string' ? call.name : '', arguments: JSON.stringify(call.args || {}) },
      });
    }
    const fr = isObj(part.functionResponse) ? part.functionResponse : undefined;
    if (fr && role === 'user') {
      const id = typeof fr.id === 'string' ? fr.id : '';
      if (id) {
        if (responseIds.has(id)) continue;
        responseIds.add(id);
      }
      out.push(toolMessage(fr));
    }
  }
  if (role === 'assistant') {
    if (texts.length === 0 && toolCalls.length === 0 && reasoning.length === 0) return;
    const text = texts.map((t) => t.text).join('');
    const message: ChatMessage = { role: 'assistant', content: text || (reasoning.length > 0 ? '' : null) };
    if (toolCalls.length > 0) message.tool_calls = toolCalls;
    if (reasoning.length > 0 && reasoning.join('')) message.reasoning_content = reasoning.join('');
    out.push(message);
    return;
  }
  if (texts.length > 0) out.push({ role: 'user', content: texts });
}

const callsOf = (m: ChatMessage): Obj[] =>
  m.role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length > 0 ? (m.tool_calls as Obj[]) : [];

function mergeAssistants(messages: ChatMessage[]): ChatMessage[] {
  const merged: ChatMessage[] = [];
  for (const m of messages) {
    const last = merged.at(-1);
    if (m.role !== 'assistant' || last?.role !== 'assistant') {
      merged.push(m);
      continue;
    }
    const asParts = (c: unknown): Obj[] =>
      Array.isArray(c) ? (c as Obj[]) : typeof c === 'string' && c ? [{ type: 'text', text: c }] : [];
    const content =
      Array.isArray(last.content) || Array.isArray(m.content)
        ? [...asParts(last.content), ...asParts(m.content)]
        : [last.content, m.content].filter((c) => typeof c === 'string' && c).join('');
    last.content = Array.isArray(content) ? content : content || null;
    const calls = [...callsOf(last), ...callsOf(m)];
    if (calls.length > 0) last.tool_calls = calls;
    const reasoning = [last.reasoning_content, m.reasoning_content].filter(Boolean).join('');
    if (reasoning) last.reasoning_content = reasoning;
  }
  return merged;
}

/** Port of `cleanOrphanedToolCalls` (split tool media messages left out: none are made here). */
function cleanOrphans(messages: ChatMessage[]): ChatMessage[] {
  const valid = new Map<number, { calls: Obj[]; responses: number[] }>();
  const surviving = new Set<string>();
  messages.forEach((m, index) => {
    const calls = callsOf(m);
    if (calls.length === 0) return;
    const candidates: Obj[] = [];
    const ids = new Set<string>();
    for (const c of calls) {
      const id = c.id as string;
      if (!id || surviving.has(id) || ids.has(id)) continue;
      ids.add(id);
      candidates.push(c);
    }
    const answered = new Set<string>();
    const responses: number[] = [];
    for (let n = index + 1; n < messages.length; n++) {
      const next = messages[n]!;
      if (next.role === 'tool' && 'tool_call_id' in next) {
        const id = next.tool_call_id as string;
        if (id && ids.has(id) && !answered.has(id)) {
          answered.add(id);
          responses.push(n);
        }
        continue;
      }
      if (next.role === 'assistant' && callsOf(next).length === 0) continue;
      break;
    }
    const kept = candidates.filter((c) => answered.has(c.id as string));
    for (const c of kept) surviving.add(c.id as string);
    valid.set(index, { calls: kept, responses });
  });
  const cleaned: ChatMessage[] = [];
  const emitted = new Set<number>();
  messages.forEach((m, index) => {
    if (emitted.has(index)) return;
    if (callsOf(m).length > 0) {
      const v = valid.get(index)!;
      if (v.calls.length > 0) {
        cleaned.push({ ...m, tool_calls: v.calls });
        for (const r of v.responses) {
          cleaned.push(messages[r]!);
          emitted.add(r);
        }
      } else if ((typeof m.content === 'string' && m.content.trim()) || m.reasoning_content) {
        const { tool_calls: _dropped, ...rest } = m;
        cleaned.push(rest as ChatMessage);
      }
    } else if (!(m.role === 'tool' && 'tool_call_id' in m)) cleaned.push(m);
  });
  return cleaned;
}

export function toOpenAIMessages(history: readonly Content[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const c of history) convertContent(c, messages);
  return mergeAssistants(cleanOrphans(mergeAssistants(messages)));
}
