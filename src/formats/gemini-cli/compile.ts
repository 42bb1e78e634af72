// The contents[] Gemini CLI 0.61.0 sends when it resumes a session, rebuilt from the loaded messages as the CLI
// rebuilds them (read from its bundle; packages/core/src/utils/sessionUtils.ts and core/geminiChat.ts):
// - convertSessionToClientHistory: info/error/warning records are skipped, and user records whose text starts with
//   `<session_context>`, `<hook_context>`, `/` or `?` (or is empty); a `gemini` record becomes a model turn (its
//   content, or its thoughts, content and one functionCall per `toolCalls[]` entry when the content holds no call),
//   followed by a user turn of every `toolCalls[].result`; a separate `user` record holding the same
//   functionResponse parts becomes one more user turn (so results are sent twice: upstream #29365);
// - the curated history leaves out a run of model turns when one holds an empty text part;
// - a history that ends with a function response gets the model text INTERRUPTED before the new prompt;
// - thoughts are left out (stripThoughts, for gemini-2 and newer models); consecutive turns of one role are
//   merged; call ids lose their `<tool name>__` prefix; an empty text part beside other keys is dropped;
// - calls and responses stored without an id get the ids the CLI derives for them (stable-ids.ts).
// The environment context the CLI sends first is its `<session_context>` message, made afresh on resume; here it is
// the one the file stored. Each part keeps where it was stored (line and pointer).
import { isIgnoredUserText, isObj, type Obj, SESSION_CONTEXT } from './records.js';
import type { LoadedMessage } from './session.js';
import { withStableIds } from './stable-ids.js';

export const INTERRUPTED = '[The previous response was interrupted before it completed.]';
const SYNTHETIC_SIGNATURE = 'skip_thought_signature_validator';

export interface PartOrigin {
  line: number;
  /** JSON pointer into the line's object. */
  pointer: string;
  /** The message record the part comes from (undefined for the parts the CLI adds). */
  message?: LoadedMessage;
}

export interface SentPart {
  part: Obj;
  origin?: PartOrigin;
}

export interface SentTurn {
  role: 'user' | 'model';
  /** The id the CLI's history gives the turn: its record's id, `<id>_response` for its toolCalls' results. */
  id?: string;
  parts: SentPart[];
}

/** A message's content as parts (the CLI's ensurePartArray): a string is one text part. */
export function contentParts(content: unknown): unknown[] {
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? { text: p } : p));
  if (typeof content === 'string') return [{ text: content }];
  return [content];
}

/** The CLI's partListUnionToString (verbose): how it reads a user message's text to decide whether to skip it. */
export function contentText(value: unknown): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(contentText).join('');
  if (!isObj(value)) return '';
  const name = (k: string) => (isObj(value[k]) ? (value[k] as Obj).name : undefined);
  if (value.videoMetadata !== undefined) return '[Video Metadata]';
  if (value.thought !== undefined) return `[Thought: ${value.thought}]`;
  if (value.codeExecutionResult !== undefined) return '[Code Execution Result]';
  if (value.executableCode !== undefined) return '[Executable Code]';
  if (value.fileData !== undefined) return '[File Data]';
  if (value.functionCall !== undefined) return `[Function Call: ${name('functionCall')}]`;
  if (value.functionResponse !== undefined) return `[Function Response: ${name('functionResponse')}]`;
  if (value.inlineData !== undefined) return '[Media]';
  return typeof value.text === 'string' ? value.text : '';
}

const at = (m: LoadedMessage, rest: string): PartOrigin => ({
  line: m.line,
  pointer: `${m.pointer}${rest}`,
  message: m,
});

function contentOrigins(m: LoadedMessage): SentPart[] {
  const c = m.raw.content;
  const parts = contentParts(c);
  return parts.map((p, k) => ({
    part: isObj(p) ? p : { text: String(p) },
    origin: at(m, Array.isArray(c) ? `/content/${k}` : '/content'),
  }));
}

/** The client history (convertSessionToClientHistory), one turn per record or result list, in order. */
export function clientHistory(messages: readonly LoadedMessage[]): SentTurn[] {
  const turns: SentTurn[] = [];
  for (const m of messages) {
    const type = m.raw.type;
    if (type === 'user') {
      if (isIgnoredUserText(contentText(m.raw.content).trim())) continue;
      turns.push({ role: 'user', id: m.id, parts: contentOrigins(m) });
    } else if (type === 'gemini') {
      const content = m.raw.content ? contentOrigins(m) : [];
      const toolCalls = Array.isArray(m.raw.toolCalls) ? m.raw.toolCalls : [];
      const model: SentPart[] = [];
      if (content.some((p) => p.part.functionCall || p.part.thought)) model.push(...content);
      else {
        const thoughts = Array.isArray(m.raw.thoughts) ? m.raw.thoughts : [];
        thoughts.forEach((t, k) => {
          const o = isObj(t) ? t : {};
          const text = o.subject ? `**${o.subject}** ${o.description}` : `${o.description}`;
          model.push({ part: { text, thought: true }, origin: at(m, `/thoughts/${k}`) });
        });
        model.push(...content);
        toolCalls.forEach((tc, k) => {
          const o = isObj(tc) ? tc : {};
          model.push({
            part: { functionCall: { id: o.id, name: o.name, args: o.args } },
            origin: at(m, `/toolCalls/${k}`),
          });
        });
      }
      if (model.length === 0) continue;
      turns.push({ role: 'model', id: m.id, parts: model });
      const responses: SentPart[] = [];
      toolCalls.forEach((tc, k) => {
        if (!isObj(tc) || !tc.result) return;
        const r = tc.result;
        if (typeof r === 'string')
          responses.push({
            part: { functionResponse: { id: tc.id, name: tc.name, response: { output: r } } },
            origin: at(m, `/toolCalls/${k}/result`),
          });
        else if (Array.isArray(r))
          contentParts(r).forEach((p, j) => {
            responses.push({ part: isObj(p) ? p : {}, origin: at(m, `/toolCalls/${k}/result/${j}`) });
          });
        else responses.push({ part: isObj(r) ? r : {}, origin: at(m, `/toolCalls/${k}/result`) });
      });
      if (responses.length > 0) turns.push({ role: 'user', id: `${m.id}_response`, parts: responses });
    }
  }
  return turns;
}

/** The CLI's isValidContent, for a model turn of the history. */
function validModelTurn(t: SentTurn): boolean {
  if (t.parts.length === 0) return true;
  for (const { part } of t.parts) {
    if (Object.keys(part).length === 0) return false;
    const other = Object.keys(part).filter((k) => k !== 'text' && k !== 'thought' && k !== 'callIndex');
    if (!part.thought && part.text === '' && other.length === 0) return false;
  }
  return true;
}

/** The curated history: a run of model turns is left out when one of them is not valid. */
function curated(turns: readonly SentTurn[]): SentTurn[] {
  const out: SentTurn[] = [];
  for (let i = 0; i < turns.length; ) {
    if (turns[i]!.role === 'user') {
      out.push(turns[i++]!);
      continue;
    }
    const run: SentTurn[] = [];
    while (i < turns.length && turns[i]!.role === 'model') run.push(turns[i++]!);
    if (run.every(validModelTurn)) out.push(...run);
  }
  return out;
}

function withoutThoughts(turns: readonly SentTurn[]): SentTurn[] {
  return turns
    .map((t) => {
      if (!t.parts.some((p) => p.part.thought)) return t;
      let patched = false;
      const parts = t.parts
        .filter((p) => !p.part.thought)
        .map((p) => {
          if (t.role !== 'model' || patched || !p.part.functionCall) return p;
          patched = true;
          return p.part.thoughtSignature ? p : { ...p, part: { ...p.part, thoughtSignature: SYNTHETIC_SIGNATURE } };
        });
      return { ...t, parts };
    })
    .filter((t) => t.parts.length > 0);
}

function coalesced(turns: readonly SentTurn[]): SentTurn[] {
  const out: SentTurn[] = [];
  for (const t of turns) {
    const last = out[out.length - 1];
    if (last && last.role === t.role) last.parts = [...last.parts, ...t.parts];
    else out.push({ role: t.role, parts: [...t.parts] });
  }
  return out;
}

/** A call id without the `<tool name>__` prefix the CLI stores, as stripToolCallIdPrefixes sends it. */
function stripped(part: Obj): Obj | undefined {
  const out: Obj = { ...part };
  for (const key of ['functionCall', 'functionResponse'] as const) {
    const v = out[key];
    if (!isObj(v)) continue;
    const name = (typeof v.name === 'string' ? v.name.trim() : '') || 'generic_tool';
    if (typeof v.id === 'string' && v.id.startsWith(`${name}__`))
      out[key] =
        key === 'functionCall'
          ? { name: v.name, args: v.args, id: v.id.slice(name.length + 2) }
          : { name: v.name, response: v.response, id: v.id.slice(name.length + 2) };
  }
  const other = Object.keys(out).some((k) => k !== 'text' && k !== 'thought' && k !== 'callIndex');
  if (out.text === '' && other) delete out.text;
  if (out.text === '' && !other) return undefined;
  return out;
}

/** The session's stored environment context (its first `<session_context>` user message), if any. */
export function sessionContext(messages: readonly LoadedMessage[]): LoadedMessage | undefined {
  return messages.find((m) => m.raw.type === 'user' && contentText(m.raw.content).trim().startsWith(SESSION_CONTEXT));
}

/** The contents the CLI sends on resume, before the new prompt, each part with where it was stored. */
export function sentTurns(messages: readonly LoadedMessage[]): SentTurn[] {
  const history = curated(withStableIds(clientHistory(messages)));
  const last = history[history.length - 1];
  if (last?.role === 'user' && last.parts.some((p) => p.part.functionResponse))
    history.push({ role: 'model', parts: [{ part: { text: INTERRUPTED } }] });
  const context = sessionContext(messages);
  const withContext: SentTurn[] = context ? [{ role: 'user', parts: contentOrigins(context) }, ...history] : history;
  return coalesced(withoutThoughts(withContext)).map((t) => ({
    role: t.role,
    parts: t.parts.flatMap((p) => {
      const part = stripped(p.part);
      return part ? [{ ...p, part }] : [];
    }),
  }));
}
