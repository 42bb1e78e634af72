// split-assistant-message: Claude Code writes one entry per content block and regroups the parts of one response by
// `message.id` on resume. When one id is used by parts that are not one response (a user prompt or another response
// between them, in the file or along the parentUuid chain, or different requestIds), resume may put them in one
// message. Measured on recordings of the real Claude Code 2.1.332 (recorded items 14a, 15a-15u), which differ from
// claude-code-observed.md's "Surprises" 1: whole groups of two turns that share an id are never merged (15a, 15b,
// 15d-15k: the request is the baseline's); a part that is off the chain resume walks is pulled into the group of its
// id that precedes it in the file, whatever its own turn (15c), or into a later turn's (15o, 15q), and a subagent's
// part mixed into the main file is pulled into the main response sharing its id (14a). A pulled call whose result is
// not in that turn gets "[Tool result missing due to internal error]" and its real result is dropped. So a finding is
// an error when the compiled request does put parts of the two groups in one message, and a warning when Claude
// Code keeps them apart today (a part of either that falls off the chain later would be pulled). The (unsafe) fix
// gives the later group (or the subagent's parts) a fresh id.
import {
  asText,
  assistantMessageId,
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  HeldReports,
  isSyntheticApiError,
  isUserPrompt,
  reachesMainConversation,
  type RelatedLine,
  shortHash,
  type TranscriptModel,
} from '../src/sdk/index.js';

const RULE_ID = 'split-assistant-message';

/** A reported group: its report waits until the loop has seen all its parts, which the fix renames together. */
interface Pending {
  id: string;
  parts: Entry[];
}

/** The assistant entries of each message.id, in file order, per model (made once, for the fix of a reported group). */
const partsById = new WeakMap<TranscriptModel, Map<string, Entry[]>>();

/**
 * Whether a part repeats a part of its id before `before` (an earlier group's: the group's own parts may repeat one
 * another): the same request, named (a missing requestId proves nothing), and the same content.
 */
function repeatsEarlierPart(model: TranscriptModel, id: string, part: Entry, before: number): boolean {
  const requestId = part.raw.requestId;
  if (typeof requestId !== 'string') return false;
  let byId = partsById.get(model);
  if (!byId) {
    byId = new Map();
    const { entries } = model;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      const eid = assistantMessageId(e);
      if (eid === undefined) continue;
      const list = byId.get(eid);
      if (list) list.push(e);
      else byId.set(eid, [e]);
    }
    partsById.set(model, byId);
  }
  // The same response: its request and content (a later version writes the message with other fields beside them).
  const content = asText((part.raw.message as { content?: unknown }).content);
  return (byId.get(id) ?? []).some(
    (e) =>
      e.index < before &&
      e.raw.requestId === requestId &&
      asText((e.raw.message as { content?: unknown }).content) === content,
  );
}

/** A fresh message.id for a later group, derived from the old id and the group's first part (deterministic). */
function freshMessageId(id: string, first: Entry): string {
  return `msg_tl_${shortHash(id, first.uuid ?? String(first.line))}`;
}

/**
 * Give every part of the later group the fresh id; the marker field on each keeps the original. Not for a group with
 * a part that repeats an earlier part of its id (the same request and content: a history written twice, as a copy of
 * the session does). That part is the same response again, and a fresh id would make its calls second copies of the
 * first ones, whose results pair with the first: tool-use-has-result then gives them the "interrupted" result, and
 * the resumed request loses the real ones (a corpus file: 45 of its 65 results).
 */
function renameFix(model: TranscriptModel, p: Pending, what = 'the later group'): FixDescriptor | undefined {
  const groupStart = p.parts.reduce((min, part) => Math.min(min, part.index), Number.POSITIVE_INFINITY);
  if (p.parts.some((part) => repeatsEarlierPart(model, p.id, part, groupStart))) return undefined;
  const fresh = freshMessageId(p.id, p.parts[0]!);
  const plan = new FixPlan(model);
  for (const part of p.parts) plan.set(part, '/message/id', fresh).mark(part, RULE_ID, { originalMessageId: p.id });
  return plan.fix(
    'unsafe',
    `give ${what} of message.id ${p.id} (${p.parts.length} part${p.parts.length === 1 ? '' : 's'}) the fresh id ${fresh}`,
  );
}

/** What resume does with two groups sharing an id: in one message (error), or kept apart (warn). */
const MERGED =
  'on resume Claude Code sends parts of both in one message (lines {{from}} and {{to}}), so calls leave their turn and lose their results to "[Tool result missing due to internal error]"';
const APART =
  'Claude Code keeps the two apart on this resume, but a part of either that falls off the chain (an interrupt, a lost link) would be pulled into the other';

interface Group {
  first: Entry;
  last: Entry;
  requestId?: string;
  requestIdLine?: number;
  /** Set when this group is a reported later group: its parts are collected for the fix. */
  pending?: Pending;
}

interface Separator {
  entry: Entry;
  kind: 'prompt' | 'response';
}

export default defineRule({
  meta: {
    id: 'split-assistant-message',
    type: 'problem',
    view: 'request',
    description: 'A message.id is used only by the parts of one response.',
    docs: {
      detects: 'one `message.id` shared by parts that are not one response',
      severity: { 'claude-code': 'error (sent in one message) / warn', api: 'error (sent in one message) / warn' },
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'unsafe',
    // Claude Code's regrouping by message.id; a plain request is sent as written.
    formats: ['claude-code'],
    messages: {
      afterPrompt:
        'message.id {{id}} was already used by an earlier response (line {{earlier}}), with the user prompt on line {{separator}} between them; {{effect}}.',
      afterResponse:
        'message.id {{id}} was already used by an earlier response (line {{earlier}}), with another response on line {{separator}} between them; {{effect}}.',
      requestId:
        'message.id {{id}} is shared by parts of different requests ({{requestId}} here, {{other}} on line {{earlier}}); {{effect}}.',
      sidechain:
        "This subagent part mixed into the main file has message.id {{id}} of the main conversation's response on line {{earlier}}; {{effect}}.",
    },
  },
  check(ctx) {
    const chain = ctx.model.chain();
    const isStop = (e: Entry): boolean =>
      !e.isSidechain && (isUserPrompt(e) || (e.type === 'assistant' && !isSyntheticApiError(e)));
    const { entries } = ctx.model;
    // The chain's parents by entry index answer without a lookup by uuid (for this model's own entries).
    const { parentIndex } = chain;
    const parentEntry =
      parentIndex !== undefined && parentIndex.length === entries.length
        ? (e: Entry): Entry | undefined => {
            const at = parentIndex[e.index]!;
            return at >= 0 ? entries[at] : undefined;
          }
        : (e: Entry): Entry | undefined => {
            const p = chain.parentOf(e);
            return typeof p === 'string' ? chain.byUuid.get(p) : undefined;
          };
    // The nearest prompt or response above an entry along the chain; memoised over the entries in between, by entry
    // index: -2 not known yet, -1 none, else the stop's index.
    const stopMemo = new Int32Array(entries.length).fill(-2);
    // The stopAbove call that last saw each entry (a loop along the chain ends the climb).
    const seenBy = new Int32Array(entries.length);
    let call = 0;
    const stopAbove = (part: Entry): Entry | undefined => {
      const path: Entry[] = [];
      call++;
      let cur = parentEntry(part);
      let found: Entry | null = null;
      while (cur) {
        if (isStop(cur)) {
          found = cur;
          break;
        }
        const memo = stopMemo[cur.index]!;
        if (memo !== -2) {
          found = memo === -1 ? null : entries[memo]!;
          break;
        }
        if (seenBy[cur.index] === call) break;
        seenBy[cur.index] = call;
        path.push(cur);
        cur = parentEntry(cur);
      }
      const memo = found === null ? -1 : found.index;
      for (const e of path) stopMemo[e.index] = memo;
      return found ?? undefined;
    };

    // Where the compiled request puts parts of one id in one message: per id, the file span of each message's parts.
    const spans = new Map<string, { min: Entry; max: Entry }[]>();
    const { merged } = ctx.model.apiView();
    for (let i = 0; i < merged.length; i++) {
      const m = merged[i]!;
      if (m.role !== 'assistant') continue;
      // Nearly every message holds one id: a map only once a second one shows up.
      let onlyId: string | undefined;
      let only: { min: Entry; max: Entry } | undefined;
      let byId: Map<string, { min: Entry; max: Entry }> | undefined;
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
        const list = spans.get(onlyId!);
        if (list) list.push(only);
        else spans.set(onlyId!, [only]);
        continue;
      }
      for (const [id, span] of byId) {
        const list = spans.get(id);
        if (list) list.push(span);
        else spans.set(id, [span]);
      }
    }
    /** The effect, and its severity: does one message hold parts from at or before `earlier` and from `later` on? */
    const effectOf = (id: string, earlier: Entry, later: Entry): { effect: string; severity: 'error' | 'warn' } => {
      const span = spans.get(id)?.find((sp) => sp.min.index <= earlier.index && sp.max.index >= later.index);
      if (!span) return { effect: APART, severity: 'warn' };
      return {
        effect: MERGED.replace('{{from}}', String(span.min.line)).replace('{{to}}', String(span.max.line)),
        severity: 'error',
      };
    };

    /** A single part between two parts of one response, linked in between them: a part with a wrong id. */
    const mislabeledPart = (between: Entry, before: Entry, after: Entry): boolean =>
      between.index === before.index + 1 &&
      after.index === between.index + 1 &&
      chain.parentOf(between) === before.uuid &&
      chain.parentOf(after) === between.uuid;

    const groups = new Map<string, Group>();
    /** The message.id of the response being written; a symbol for a response without an id. */
    let current: string | symbol | undefined;
    /** User prompts in file order, to find the first one after a group. */
    const prompts: Entry[] = [];
    const firstPromptAfter = (index: number): Entry | undefined => {
      let lo = 0;
      let hi = prompts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (prompts[mid]!.index > index) hi = mid;
        else lo = mid + 1;
      }
      return prompts[lo];
    };
    /** The response that followed a message.id's latest group, if another response came next. */
    const responseAfter = new Map<string, Entry>();
    const leave = (next: Entry | undefined): void => {
      if (typeof current === 'string' && next && !responseAfter.has(current)) responseAfter.set(current, next);
      current = undefined;
    };

    const reports = new HeldReports(ctx);
    const startGroup = (id: string, part: Entry, requestId: string | undefined, pending?: Pending): void => {
      pending?.parts.push(part);
      groups.set(id, {
        first: part,
        last: part,
        requestId,
        requestIdLine: requestId !== undefined ? part.line : undefined,
        pending,
      });
      responseAfter.delete(id);
    };
    /** Reports are held back until the loop has seen all the parts of the group they rename: the fix of a later group. */
    const laterGroup = (id: string, part: Entry, requestId: string | undefined): (() => FixDescriptor | undefined) => {
      const pending: Pending = { id, parts: [] };
      startGroup(id, part, requestId, pending);
      return () => renameFix(ctx.model, pending);
    };

    /**
     * The id of the response a single part sits in, when it is linked in between two parts of that response and
     * carries another id (15c): its own response's id is the right one, a fresh id would leave it off the chain.
     */
    const enclosingId = (part: Entry): string | undefined => {
      const prev = ctx.model.entries[part.index - 1];
      const next = ctx.model.entries[part.index + 1];
      if (prev?.type !== 'assistant' || next?.type !== 'assistant') return undefined;
      const id = assistantMessageId(prev);
      return id !== undefined && id === assistantMessageId(next) && mislabeledPart(part, prev, next) ? id : undefined;
    };

    const reportSeparated = (
      id: string,
      part: Entry,
      group: Group,
      sep: Separator,
      requestId: string | undefined,
    ): void => {
      const enclosing = enclosingId(part);
      const related: RelatedLine[] = [
        { line: group.last.line, message: `earlier part with message.id ${id}` },
        {
          line: sep.entry.line,
          message: sep.kind === 'prompt' ? 'the user prompt between them' : 'the other response between them',
        },
      ];
      const { effect, severity } = effectOf(id, group.last, part);
      reports.hold(
        {
          messageId: sep.kind === 'prompt' ? 'afterPrompt' : 'afterResponse',
          severity,
          data: { id, earlier: group.last.line, separator: sep.entry.line, effect },
          at: { entry: part },
          related,
        },
        enclosing !== undefined
          ? () =>
              new FixPlan(ctx.model)
                .set(part, '/message/id', enclosing)
                .mark(part, RULE_ID, { originalMessageId: id })
                .fix('unsafe', `give the part the message.id ${enclosing} of the response it sits in`)
          : laterGroup(id, part, requestId),
      );
    };

    // A subagent's part mixed into the main file, sharing an id with a main response (14a): its own fix.
    const mainPartsById = new Map<string, Entry>();
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      const id = assistantMessageId(e);
      if (id !== undefined && !e.isSidechain && !ctx.model.isShadowed(e) && !mainPartsById.has(id))
        mainPartsById.set(id, e);
    }
    // A main-conversation entry flagged isSidechain (its parents reach the main conversation) is not a subagent's:
    // that is main-chain-not-sidechain's.
    const sidechainParts = new Map<string, Entry[]>();
    const memo = new Map<Entry, boolean>();
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      const id = assistantMessageId(e);
      if (id === undefined || !e.isSidechain || ctx.model.isShadowed(e) || !mainPartsById.has(id)) continue;
      if (reachesMainConversation(e, chain, memo)) continue;
      const list = sidechainParts.get(id);
      if (list) list.push(e);
      else sidechainParts.set(id, [e]);
    }
    for (const [id, parts] of sidechainParts) {
      const main = mainPartsById.get(id)!;
      const pending: Pending = { id, parts };
      for (const part of parts) {
        const { effect, severity } = effectOf(id, main, part);
        reports.hold(
          {
            messageId: 'sidechain',
            severity,
            data: { id, earlier: main.line, effect },
            at: { entry: part },
            related: [{ line: main.line, message: `main-conversation part with message.id ${id}` }],
          },
          () => renameFix(ctx.model, pending, 'the subagent part'),
        );
      }
    }

    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (e.isSidechain) continue;
      // A line whose uuid a later line takes over is not loaded by Claude Code.
      if (ctx.model.isShadowed(e)) continue;
      if (isUserPrompt(e)) {
        prompts.push(e);
        leave(undefined);
        continue;
      }
      if (e.type !== 'assistant' || isSyntheticApiError(e)) continue;
      const id = assistantMessageId(e);
      if (id === undefined) {
        leave(e);
        current = Symbol('response');
        continue;
      }
      const requestId = typeof e.raw.requestId === 'string' ? e.raw.requestId : undefined;
      if (current !== id) {
        leave(e);
        current = id;
        const group = groups.get(id);
        if (!group) {
          startGroup(id, e, requestId);
          continue;
        }
        // Separated in the file only: along the chain the part hangs below a part of its own id with no prompt or
        // other response between (two terminals resuming one session interleave their lines;
        // test/two-terminals.test.ts). Claude Code regroups such parts into the one response they are.
        const up = stopAbove(e);
        if (up && up !== e && assistantMessageId(up) === id && up.index >= group.first.index) {
          group.last = e;
          group.pending?.parts.push(e);
          continue;
        }
        // Separated in the file: a prompt between the two groups says "different turns" best; else the response.
        const prompt = firstPromptAfter(group.last.index);
        const response = responseAfter.get(id);
        if (prompt) reportSeparated(id, e, group, { entry: prompt, kind: 'prompt' }, requestId);
        else if (response && !mislabeledPart(response, group.last, e))
          reportSeparated(id, e, group, { entry: response, kind: 'response' }, requestId);
        else if (response) {
          // One part between two of this response carries another id (15c: it is that part that is reported, by its
          // own id): this part continues the response.
          group.last = e;
          group.pending?.parts.push(e);
        } else startGroup(id, e, requestId, group.pending);
        continue;
      }
      // Next to the previous part in the file: check the chain and the request.
      const group = groups.get(id)!;
      const above = stopAbove(e);
      if (above && above !== e && assistantMessageId(above) !== id) {
        reportSeparated(id, e, group, { entry: above, kind: isUserPrompt(above) ? 'prompt' : 'response' }, requestId);
        continue;
      }
      if (requestId !== undefined && group.requestId !== undefined && requestId !== group.requestId) {
        const { effect, severity } = effectOf(id, group.last, e);
        reports.hold(
          {
            messageId: 'requestId',
            severity,
            data: { id, requestId, other: group.requestId, earlier: group.requestIdLine ?? group.last.line, effect },
            at: { entry: e },
            related: [
              {
                line: group.requestIdLine ?? group.last.line,
                message: `part of message.id ${id} from request ${group.requestId}`,
              },
            ],
          },
          laterGroup(id, e, requestId),
        );
        continue;
      }
      group.last = e;
      group.pending?.parts.push(e);
      if (group.requestId === undefined && requestId !== undefined) {
        group.requestId = requestId;
        group.requestIdLine = e.line;
      }
    }

    reports.send();
  },
});
