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
  assistantMessageId,
  defineRule,
  type Entry,
  firstAbove,
  type FixDescriptor,
  HeldReports,
  isSyntheticApiError,
  isUserPrompt,
  type RelatedLine,
} from '../src/sdk/index.js';
import { chainWalk } from './split-assistant-message/chain-walk.js';
import { effects } from './split-assistant-message/merged-spans.js';
import { enclosingFix, type Pending, renameFix } from './split-assistant-message/rename-fix.js';
import { sidechainParts } from './split-assistant-message/sidechain-parts.js';

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
    const { entries } = ctx.model;
    const { stopAbove, mislabeledPart } = chainWalk(ctx.model);
    const { allByUuid } = ctx.model.chain();
    const effectOf = effects(ctx.model);

    const groups = new Map<string, Group>();
    /** The message.id of the response being written; a symbol for a response without an id. */
    let current: string | symbol | undefined;
    /** User prompts in file order, to find the first one after a group. */
    const prompts: Entry[] = [];
    const firstPromptAfter = (index: number): Entry | undefined => prompts[firstAbove(prompts, index, (p) => p.index)];
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
      const prev = entries[part.index - 1];
      const next = entries[part.index + 1];
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
        enclosing !== undefined ? () => enclosingFix(ctx.model, part, enclosing, id) : laterGroup(id, part, requestId),
      );
    };

    // A subagent's part mixed into the main file, sharing an id with a main response (14a): its own fix.
    for (const [id, { main, parts }] of sidechainParts(ctx.model)) {
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
        // A restored copy of a part: Claude Code holds it where its uuid first appeared. There, before the group's
        // last part with no prompt between, it is a part of this response (differential harness seed 199: the
        // session's first lines appended again; Claude Code resumed the response whole).
        const firstCopy = e.uuid === undefined ? undefined : allByUuid.get(e.uuid)?.[0];
        if (firstCopy && firstCopy.index < group.last.index) {
          const next = firstPromptAfter(firstCopy.index);
          if (next === undefined || next.index > group.last.index) continue;
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
