// A line Copilot cannot read, kept in the file instead of deleted. Copilot CLI 1.0.102's transcript recovery deletes
// every line that does not parse when it resumes the session (recorded: it rewrites events.jsonl without them and
// keeps the original as events.jsonl.backup-before-recovery-<sha256>). An event of a type it does not know it skips
// and leaves in place (recorded: resumed under MOCK_STRICT=1, rc 0, nothing rejected, the file only appended to). So
// a fix keeps the line's text inside such an event, on the same line: nothing is deleted, and nothing is sent.
import type { FixDescriptor } from '../../fixer/edits.js';
import { keptBytes } from '../../fixer/kept-bytes.js';
import type { CopilotFixPlan } from './fixes.js';
import { serializeEvent } from './fixes.js';
import type { CopilotModel } from './model.js';

/** The type of the event that holds a kept line. */
export const KEPT_LINE = 'transcript-lint.kept-line';

/** The fix that replaces line `lineNo` by a KEPT_LINE event holding its text (and its bytes when not UTF-8). */
export function keepLine(model: CopilotModel, plan: CopilotFixPlan, lineNo: number, reason: string): FixDescriptor {
  const bytes = model.file.lines[lineNo - 1]!.bytes;
  const data = { reason, ...keptBytes(bytes) };
  const before = model.events.filter((e) => e.line < lineNo).at(-1);
  const event = {
    type: KEPT_LINE,
    data,
    id: plan.newId('kept-line', lineNo),
    timestamp: plan.timestampBefore(lineNo),
    parentId: before?.id ?? null,
  };
  return plan
    .replaceText(lineNo, serializeEvent(event))
    .fix('safe', `keep the line's text in a ${KEPT_LINE} event on line ${lineNo}, which Copilot skips`)!;
}
