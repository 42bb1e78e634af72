// Writing fixes back to an events.jsonl: the edits apply to the file's own lines (untouched lines stay byte for byte),
// as for any JSONL format; the one fix that is not a line edit, dropping the UTF-8 byte order mark, is done here.
import { type ApplyResult, applyResult, planFixes, render } from '../../fixer/apply.js';
import type { Fix } from '../../fixer/edits.js';
import { BOM_STRIPS } from './fixes.js';
import type { CopilotModel } from './model.js';

export function writeBackCopilot(model: CopilotModel, fixes: readonly Fix[]): ApplyResult {
  const plan = planFixes(model.file, fixes);
  const stripBom = model.file.bom && plan.applied.some((f) => BOM_STRIPS.has(f.edits));
  const file = stripBom ? { ...model.file, bom: false } : model.file;
  return applyResult(render(file, plan.edits, plan.rewritten), plan.applied, plan.deferred, plan.failed);
}
