// split-assistant-message's measure of harm: where the compiled request puts parts of one message.id in one message.
// Two groups of an id whose parts share a message are an error; kept apart, a warning.
import { appendTo, assistantMessageId, type Entry, type TranscriptModel } from '../../src/sdk/index.js';

/** What resume does with two groups sharing an id: in one message (error), or kept apart (warn). */
const MERGED =
  'on resume Claude Code sends parts of both in one message (lines {{from}} and {{to}}), so calls leave their turn and lose their results to "[Tool result missing due to internal error]"';
const APART =
  'Claude Code keeps the two apart on this resume, but a part of either that falls off the chain (an interrupt, a lost link) would be pulled into the other';

interface Span {
  min: Entry;
  max: Entry;
}

export type EffectOf = (id: string, earlier: Entry, later: Entry) => { effect: string; severity: 'error' | 'warn' };

/** Per id, the file span of each assistant message's parts of that id in the compiled request. */
function mergedSpans(model: TranscriptModel): Map<string, Span[]> {
  const spans = new Map<string, Span[]>();
  const { merged } = model.apiView();
  for (let i = 0; i < merged.length; i++) {
    const m = merged[i]!;
    if (m.role !== 'assistant') continue;
    // Nearly every message holds one id: a map only once a second one shows up.
    let onlyId: string | undefined;
    let only: Span | undefined;
    let byId: Map<string, Span> | undefined;
    for (let j = 0; j < m.entries.length; j++) {
      const e = m.entries[j]!;
      const id = assistantMessageId(e);
      if (id === undefined) continue;
      if (byId === undefined) {
        if (only === undefined) {
          onlyId = id;
          only = { min: e, max: e };
          continue;
        }
        if (id === onlyId) {
          if (e.index < only.min.index) only.min = e;
          if (e.index > only.max.index) only.max = e;
          continue;
        }
        byId = new Map([[onlyId!, only]]);
      }
      const span = byId.get(id);
      if (!span) byId.set(id, { min: e, max: e });
      else {
        if (e.index < span.min.index) span.min = e;
        if (e.index > span.max.index) span.max = e;
      }
    }
    if (byId === undefined) {
      if (only === undefined) continue;
      appendTo(spans, onlyId!, only);
      continue;
    }
    for (const [id, span] of byId) {
      appendTo(spans, id, span);
    }
  }
  return spans;
}

/** The effect, and its severity: does one message hold parts from at or before `earlier` and from `later` on? */
export function effects(model: TranscriptModel): EffectOf {
  const spans = mergedSpans(model);
  return (id, earlier, later) => {
    const span = spans.get(id)?.find((sp) => sp.min.index <= earlier.index && sp.max.index >= later.index);
    if (!span) return { effect: APART, severity: 'warn' };
    return {
      effect: MERGED.replace('{{from}}', String(span.min.line)).replace('{{to}}', String(span.max.line)),
      severity: 'error',
    };
  };
}
