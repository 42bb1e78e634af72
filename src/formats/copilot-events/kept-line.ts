// A line Copilot cannot read, kept in the file instead of deleted. Copilot CLI 1.0.102's transcript recovery deletes
// every line that does not parse when it resumes the session (recorded: it rewrites events.jsonl without them and
// keeps the original as events.jsonl.backup-before-recovery-<sha256>). An event of a type it does not know it skips
// and leaves in place (recorded: resumed under MOCK_STRICT=1, rc 0, nothing rejected, the file only appended to). So
// a fix keeps the line's text inside such an event, on the same line: nothing is deleted, and nothing is sent.
import type { FixDescriptor } from '../../fixer/edits.js';
import { KEPT_LINE_TYPE, keptBytes } from '../../fixer/kept-bytes.js';
import type { CopilotFixPlan } from './fixes.js';
import { serializeEvent } from './fixes.js';
import type { CopilotModel } from './model.js';
import { cutPromptText, salvagedPrompt } from './salvaged-prompt.js';

/** The type of the event that holds a kept line. */
export const KEPT_LINE = KEPT_LINE_TYPE;

/**
 * The fix that replaces line `lineNo` by a KEPT_LINE event holding its text (and its bytes when not UTF-8). A cut-off
 * prompt whose text is whole is written again after it (salvaged-prompt.ts), with a new id (its own was in the lost
 * part of the line), chained to the kept event. Differential seed 215: a NUL block over the end of newline-text's
 * only prompt; with the line kept alone, the resume opened with the assistant and was rejected.
 */
export function keepLine(model: CopilotModel, plan: CopilotFixPlan, lineNo: number, reason: string): FixDescriptor {
  const event = keptEvent(model, plan, lineNo, model.file.lines[lineNo - 1]!.bytes, reason, 'kept-line');
  const content = cutPromptText(model.text(lineNo));
  if (content === undefined)
    return plan
      .replaceText(lineNo, event)
      .fix('safe', `keep the line's text in a ${KEPT_LINE} event on line ${lineNo}, which Copilot skips`)!;
  const id = plan.newId('salvaged-prompt', lineNo);
  const kept = JSON.parse(event) as { id: string; timestamp: string };
  return plan
    .replaceText(lineNo, `${event}\n${salvagedPrompt(content, id, kept.timestamp, kept.id)}`)
    .fix(
      'safe',
      `keep the line's text in a ${KEPT_LINE} event on line ${lineNo}, which Copilot skips, and write the cut-off prompt again from its text`,
    )!;
}

/**
 * A KEPT_LINE event, serialised, holding `bytes` of line `lineNo` (part of it, or all), chained to the last event
 * before that line, with that event's timestamp; `purpose` tells its id apart from other kept parts of the line.
 */
export function keptEvent(
  model: CopilotModel,
  plan: CopilotFixPlan,
  lineNo: number,
  bytes: Uint8Array,
  reason: string,
  purpose: string,
): string {
  const before = model.events.filter((e) => e.line < lineNo).at(-1);
  return serializeEvent({
    type: KEPT_LINE,
    data: { reason, ...keptBytes(bytes) },
    id: plan.newId(purpose, lineNo),
    timestamp: plan.timestampBefore(lineNo),
    parentId: before?.id ?? null,
  });
}
