// split-assistant-message: Claude Code writes one entry per content block and regroups the parts of one response by
// `message.id` on resume. When one id is used by parts that are not one response (a user prompt or another
// response between them, in the file or along the parentUuid chain, or different requestIds), the regrouping
// merges tool_uses from different turns into one message and invents error results for them (observed with
// 2.1.332, claude-code-observed.md "Surprises" 1). The rule reasons on the file's entries; sidechain entries are
// left out (a subagent's parts are judged in its own file). The (unsafe) fix gives the later group a fresh id.
import {
  assistantMessageId,
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  HeldReports,
  isSyntheticApiError,
  isUserPrompt,
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

/** A fresh message.id for a later group, derived from the old id and the group's first part (deterministic). */
function freshMessageId(id: string, first: Entry): string {
  return `msg_tl_${shortHash(id, first.uuid ?? String(first.line))}`;
}

/** Give every part of the later group the fresh id; the marker field on each keeps the original. */
function renameFix(model: TranscriptModel, p: Pending): FixDescriptor | undefined {
  const fresh = freshMessageId(p.id, p.parts[0]!);
  const plan = new FixPlan(model);
  for (const part of p.parts) plan.set(part, '/message/id', fresh).mark(part, RULE_ID, { originalMessageId: p.id });
  return plan.fix(
    'unsafe',
    `give the later group of message.id ${p.id} (${p.parts.length} part${p.parts.length === 1 ? '' : 's'}) the fresh id ${fresh}`,
  );
}

const REGROUPED =
  'on resume Claude Code regroups parts by message.id, so it merges tool_uses from different turns into one message and invents error results for them';

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
    docs: { detects: 'one `message.id` shared by parts that are not one response' },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'unsafe',
    // Claude Code's regrouping by message.id; a plain request is sent as written.
    formats: ['claude-code'],
    messages: {
      afterPrompt: `message.id {{id}} was already used by an earlier response (line {{earlier}}), with the user prompt on line {{separator}} between them; ${REGROUPED}.`,
      afterResponse: `message.id {{id}} was already used by an earlier response (line {{earlier}}), with another response on line {{separator}} between them; ${REGROUPED}.`,
      requestId: `message.id {{id}} is shared by parts of different requests ({{requestId}} here, {{other}} on line {{earlier}}); ${REGROUPED}.`,
    },
  },
  check(ctx) {
    const chain = ctx.model.chain();
    const isStop = (e: Entry): boolean =>
      !e.isSidechain && (isUserPrompt(e) || (e.type === 'assistant' && !isSyntheticApiError(e)));
    const parentEntry = (e: Entry): Entry | undefined => {
      const p = chain.parentOf(e);
      return typeof p === 'string' ? chain.byUuid.get(p) : undefined;
    };
    // The nearest prompt or response above an entry along the chain; memoised over the entries in between.
    const stopMemo = new Map<Entry, Entry | null>();
    const stopAbove = (part: Entry): Entry | undefined => {
      const path: Entry[] = [];
      const seen = new Set<Entry>();
      let cur = parentEntry(part);
      let found: Entry | null = null;
      while (cur) {
        if (isStop(cur)) {
          found = cur;
          break;
        }
        const memo = stopMemo.get(cur);
        if (memo !== undefined) {
          found = memo;
          break;
        }
        if (seen.has(cur)) break;
        seen.add(cur);
        path.push(cur);
        cur = parentEntry(cur);
      }
      for (const e of path) stopMemo.set(e, found);
      return found ?? undefined;
    };

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

    const reportSeparated = (
      id: string,
      part: Entry,
      group: Group,
      sep: Separator,
      requestId: string | undefined,
    ): void => {
      const related: RelatedLine[] = [
        { line: group.last.line, message: `earlier part with message.id ${id}` },
        {
          line: sep.entry.line,
          message: sep.kind === 'prompt' ? 'the user prompt between them' : 'the other response between them',
        },
      ];
      reports.hold(
        {
          messageId: sep.kind === 'prompt' ? 'afterPrompt' : 'afterResponse',
          data: { id, earlier: group.last.line, separator: sep.entry.line },
          at: { entry: part },
          related,
        },
        laterGroup(id, part, requestId),
      );
    };

    for (const e of ctx.model.entries) {
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
        // Separated in the file: a prompt between the two groups says "different turns" best; else the response.
        const prompt = firstPromptAfter(group.last.index);
        const response = responseAfter.get(id);
        if (prompt) reportSeparated(id, e, group, { entry: prompt, kind: 'prompt' }, requestId);
        else if (response) reportSeparated(id, e, group, { entry: response, kind: 'response' }, requestId);
        else startGroup(id, e, requestId, group.pending);
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
        reports.hold(
          {
            messageId: 'requestId',
            data: { id, requestId, other: group.requestId, earlier: group.requestIdLine ?? group.last.line },
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
