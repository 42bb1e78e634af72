// Tool calls and their responses as Gemini CLI 0.61.0 resumes them, for the pairing rules:
// - a `user` record holding only functionResponse parts whose calls the `toolCalls[].result` of the model record
//   before it (or an earlier such record) already answers is a doubled result: the CLI sends it once more
//   (upstream #29365), and the Gemini API rejects the count;
// - in the contents sent, each model turn's functionCall parts and the functionResponse parts of the turn after it.
// And the edits that keep a loaded message in the file where the loader skips it (every line of it the loader reads:
// the record lines after the last `$set messages` snapshot, and its entry in that snapshot).
import type { Edit } from '../../fixer/edits.js';
import { keptEntry, keptLineText } from './kept-line.js';
import { isObj, type Obj } from './records.js';
import type { GeminiModel } from './model.js';
import type { LoadedMessage } from './session.js';
import type { SentPart } from './compile.js';

const responseOf = (p: unknown): Obj | undefined =>
  isObj(p) && isObj(p.functionResponse) ? (p.functionResponse as Obj) : undefined;

/**
 * How a stored response is matched with another copy of it: its id, or, stored without one, its name (`(no id)
 * <name>`; the CLI derives an id for it on resume, stable-ids.ts, that no copy shares).
 */
const keyOf = (fr: Obj): string | undefined =>
  typeof fr.id === 'string' && fr.id !== '' ? fr.id : typeof fr.name === 'string' ? `(no id) ${fr.name}` : undefined;

/** The functionResponse ids (keyOf) of a user record that holds nothing else, or undefined. */
export function responseOnlyIds(m: LoadedMessage): string[] | undefined {
  if (m.raw.type !== 'user' || !Array.isArray(m.raw.content) || m.raw.content.length === 0) return undefined;
  const ids: string[] = [];
  for (const p of m.raw.content) {
    const r = responseOf(p);
    const key = r ? keyOf(r) : undefined;
    if (key === undefined) return undefined;
    ids.push(key);
  }
  return ids;
}

/** The ids (keyOf) a model record's toolCalls answer with a stored result. */
function answeredBy(m: LoadedMessage): Set<string> {
  const ids = new Set<string>();
  const calls = Array.isArray(m.raw.toolCalls) ? m.raw.toolCalls : [];
  for (const tc of calls) {
    if (!isObj(tc) || !tc.result) continue;
    const results = Array.isArray(tc.result) ? tc.result : [tc.result];
    for (const r of results) {
      const fr = responseOf(r);
      const key = fr ? keyOf(fr) : undefined;
      if (key !== undefined) ids.add(key);
      else if (typeof tc.id === 'string') ids.add(tc.id);
    }
  }
  return ids;
}

export interface DoubledResult {
  message: LoadedMessage;
  ids: string[];
  /** The message whose results it repeats. */
  answeredIn: LoadedMessage;
}

/** The user records that repeat results already stored, in load order. */
export function doubledResults(messages: readonly LoadedMessage[]): DoubledResult[] {
  const out: DoubledResult[] = [];
  let answered = new Set<string>();
  let model: LoadedMessage | undefined;
  for (const m of messages) {
    if (m.raw.type === 'gemini') {
      model = m;
      answered = answeredBy(m);
      continue;
    }
    if (m.raw.type !== 'user') continue;
    const ids = responseOnlyIds(m);
    if (!ids) {
      answered = new Set();
      model = undefined;
      continue;
    }
    if (model && ids.every((id) => answered.has(id))) out.push({ message: m, ids, answeredIn: model });
    else for (const id of ids) answered.add(id);
  }
  return out;
}

/**
 * The edits that keep a loaded message in the file where the CLI no longer loads it: each of its record lines after
 * the last `$set messages` snapshot becomes a KEPT_LINE record holding the line's text, and its entry in that
 * snapshot a KEPT_LINE entry in its place (kept-line.ts). Nothing is deleted.
 */
export function keepingEdits(model: GeminiModel, m: LoadedMessage, reason: string): Edit[] {
  const from = model.session.lastSnapshot ?? 0;
  const edits: Edit[] = [];
  for (const line of model.file.lines)
    if (line.lineNo > from && line.json && line.json.id === m.id && typeof line.json.$set !== 'object')
      edits.push({ kind: 'replaceText', line: line.lineNo, text: keptLineText(model.file, line, reason) });
  const snapshot = from > 0 ? model.file.lines[from - 1] : undefined;
  const set = snapshot?.json?.$set;
  const list = isObj(set) && Array.isArray(set.messages) ? set.messages : [];
  const k = list.findIndex((x) => isObj(x) && x.id === m.id);
  if (snapshot && k !== -1) {
    const pointer = `/$set/messages/${k}`;
    edits.push({ kind: 'set', line: from, pointer, value: keptEntry(snapshot, pointer, reason) });
  }
  return edits;
}

export interface CallPairing {
  /** The model turn's index in the contents sent. */
  turn: number;
  call: SentPart;
  id: string | undefined;
  name: string | undefined;
  /** How many functionResponse parts of the next turn answer it. */
  responses: number;
}

/** Every functionCall sent, with how many responses the next turn gives it. */
export function callPairings(model: GeminiModel): CallPairing[] {
  const sent = model.sent;
  const out: CallPairing[] = [];
  sent.forEach((t, i) => {
    if (t.role !== 'model') return;
    const next = sent[i + 1];
    const responses = next?.role === 'user' ? next.parts.map((p) => responseOf(p.part)).filter((r) => r) : [];
    for (const p of t.parts) {
      const fc = isObj(p.part.functionCall) ? (p.part.functionCall as Obj) : undefined;
      if (!fc) continue;
      const id = typeof fc.id === 'string' ? fc.id : undefined;
      const name = typeof fc.name === 'string' ? fc.name : undefined;
      const n = responses.filter((r) => (id !== undefined ? r!.id === id : r!.name === name)).length;
      out.push({ turn: i, call: p, id, name, responses: n });
    }
  });
  return out;
}

/** functionResponse parts sent that answer no call of the model turn right before them. */
export function orphanResponses(model: GeminiModel): { turn: number; part: SentPart }[] {
  const sent = model.sent;
  const out: { turn: number; part: SentPart }[] = [];
  sent.forEach((t, i) => {
    if (t.role !== 'user') return;
    const prev = sent[i - 1];
    const calls = new Set<string>();
    if (prev?.role === 'model')
      for (const p of prev.parts) {
        const fc = isObj(p.part.functionCall) ? (p.part.functionCall as Obj) : undefined;
        if (fc) calls.add(String(fc.id ?? fc.name));
      }
    for (const p of t.parts) {
      const r = responseOf(p.part);
      if (r && !calls.has(String(r.id ?? r.name))) out.push({ turn: i, part: p });
    }
  });
  return out;
}
