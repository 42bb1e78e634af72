// The fixes of the task-history rules, written in the tools' own shape. A call left without a result gets the
// explicit "interrupted" error result the other formats write (what the model should be told: the outcome is
// unknown), where the tool itself would send "result missing" or "Task was interrupted…". Existing messages keep
// their own fields (ts, modelInfo, metrics, id); a new message is `{role, content, ts}` (write-back.ts). A fix
// never removes or inserts a message in the middle of the array: ui_messages.json points into it by index
// (`conversationHistoryIndex`), so a message added goes at the end only.
import { INTERRUPTED_TOOL_RESULT } from '../claude-code/repair-passes.js';
import { FixPlan, placeholder } from '../../fixer/fix-plan.js';
import type { FixDescriptor } from '../../fixer/edits.js';
import type { Entry } from '../../model/types.js';
import type { TaskHistoryModel } from './model.js';
import { isObject } from './compile.js';

/** The tools a task waits on the user with: a history ending with one of these calls is a task at rest. */
export const WAITING_TOOLS: Readonly<Record<'cline' | 'roo', ReadonlySet<string>>> = {
  cline: new Set(['attempt_completion', 'ask_followup_question', 'plan_mode_respond']),
  roo: new Set(['attempt_completion', 'ask_followup_question']),
};

export const interruptedResult = (id: string): Record<string, unknown> => ({
  type: 'tool_result',
  tool_use_id: id,
  content: INTERRUPTED_TOOL_RESULT,
  is_error: true,
});

const contentOf = (entry: Entry): unknown => (entry.raw.message as Record<string, unknown>).content;

/** The ids of a stored message's tool_use blocks that have one, each once, in order. */
export function callIds(entry: Entry): string[] {
  const content = contentOf(entry);
  if (!Array.isArray(content)) return [];
  const ids: string[] = [];
  for (const b of content) {
    if (isObject(b) && b.type === 'tool_use' && b.id && !ids.includes(String(b.id))) ids.push(String(b.id));
  }
  return ids;
}

/** Blocks a user message may hold that a tool_result's content may hold too. */
const KEPT_INNER = new Set(['text', 'image', 'document']);

/**
 * A result Cline would leave out, as blocks the message keeps: a text block saying what it was, then what it held
 * (its text, images and documents), so nothing of it is lost and the model reads it.
 */
function resultAsBlocks(result: Record<string, unknown>, why: string): unknown[] {
  const label = placeholder(`${why} (tool_use_id ${String(result.tool_use_id)})`);
  const { content } = result;
  if (typeof content === 'string') return [{ type: 'text', text: content === '' ? label : `${label}\n${content}` }];
  const inner = Array.isArray(content) ? content.filter(isObject) : [];
  const kept = inner.filter((b) => typeof b.type === 'string' && KEPT_INNER.has(b.type));
  const other = inner.filter((b) => !kept.includes(b));
  const rest = other.length > 0 ? `\n${JSON.stringify(other)}` : '';
  return [{ type: 'text', text: label + rest }, ...kept];
}

/**
 * A user message's content as Cline sends it after calls (ensureToolResultsFollowToolUse): one result per call of
 * the message before, first and in call order (the last stored one for an id, else an interrupted one), then the
 * other blocks. A result Cline leaves out (it answers no call, or a later one replaces it) stays where it was as
 * text (resultAsBlocks) instead of going. Text stored as a string is kept as a text block.
 */
export function pairedContent(assistant: Entry, user: Entry): unknown[] {
  const ids = new Set(callIds(assistant));
  const stored = contentOf(user);
  const blocks: unknown[] =
    typeof stored === 'string'
      ? stored === ''
        ? []
        : [{ type: 'text', text: stored }]
      : Array.isArray(stored)
        ? stored
        : [];
  const isResult = (b: unknown): b is Record<string, unknown> =>
    isObject(b) && b.type === 'tool_result' && !!b.tool_use_id;
  const last = new Map<string, unknown>();
  for (const b of blocks) if (isResult(b)) last.set(String(b.tool_use_id), b);
  const others: unknown[] = [];
  for (const b of blocks) {
    if (!isResult(b)) others.push(b);
    else if (!ids.has(String(b.tool_use_id))) others.push(...resultAsBlocks(b, 'a tool_result that answered no call'));
    else if (last.get(String(b.tool_use_id)) !== b)
      others.push(...resultAsBlocks(b, 'an earlier tool_result for the call'));
  }
  return [...[...ids].map((id) => last.get(id) ?? interruptedResult(id)), ...others];
}

/** The fix that writes a user message after calls as pairedContent says. */
export function pairFix(model: TaskHistoryModel, assistant: Entry, user: Entry): FixDescriptor | undefined {
  return new FixPlan(model)
    .setContent(user, pairedContent(assistant, user))
    .fix(
      'safe',
      'write the results of the calls first (an "interrupted" error result for each missing one), any other result as text',
    );
}

/** Interrupted results put first in the history's last user message, for the calls before it left unanswered. */
export function resultsFirstFix(
  model: TaskHistoryModel,
  user: Entry,
  ids: readonly string[],
): FixDescriptor | undefined {
  const stored = contentOf(user);
  const rest = typeof stored === 'string' ? [{ type: 'text', text: stored }] : Array.isArray(stored) ? stored : [];
  return new FixPlan(model)
    .setContent(user, [...ids.map(interruptedResult), ...rest])
    .fix('safe', describe('add', ids));
}

/** A user message after the history's last message, answering its calls with interrupted results. */
export function appendResultsFix(
  model: TaskHistoryModel,
  ruleId: string,
  assistant: Entry,
  ids: readonly string[],
): FixDescriptor | undefined {
  const plan = new FixPlan(model);
  const inserted = plan.insertAfter(assistant, {
    ruleId,
    body: { type: 'user', message: { role: 'user', content: ids.map(interruptedResult) } },
  });
  return inserted === undefined ? undefined : plan.fix('safe', describe('append a user message with', ids));
}

/** Thinking blocks removed from a stored message; one left with nothing says so in a text block instead. */
export function removeThinkingFix(
  model: TaskHistoryModel,
  entry: Entry,
  indexes: readonly number[],
): FixDescriptor | undefined {
  const content = contentOf(entry);
  if (!Array.isArray(content)) return undefined;
  const plan = new FixPlan(model);
  const kept = content.filter((_, i) => !indexes.includes(i));
  if (kept.length > 0) plan.removeBlocks(new Map([[entry, indexes]]));
  else plan.setContent(entry, [{ type: 'text', text: placeholder('thinking without a signature removed') }]);
  return plan.fix(
    'safe',
    indexes.length === 1 ? 'remove the unsigned thinking block' : 'remove the unsigned thinking blocks',
  );
}

function describe(verb: string, ids: readonly string[]): string {
  return ids.length === 1
    ? `${verb} an "interrupted" error result for ${ids[0]}`
    : `${verb} "interrupted" error results for ${ids.join(', ')}`;
}
