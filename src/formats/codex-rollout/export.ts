// `transcript-lint export` for a rollout: the input[] Codex sends when it resumes the file, up to the new prompt:
// the base instructions (input[0]; its id, derived by Codex in a way not reproduced, is left out), then the history
// with Codex's pairing repairs, each item as Codex serialises it. The context Codex re-injects when it finds no
// turn_context, and the new user message, come from the resume itself, not the file, and are not part of it.
import { isObj } from './decode.js';
import { withoutPlanToolInstructions } from './instructions.js';
import type { CodexModel } from './model.js';
import { outputBudget, sentItem } from './serialize.js';

export interface CodexExport {
  /** Why Codex stops before sending anything (then input is empty). */
  fatal?: string;
  /**
   * Set when the session_meta holds no base instructions: Codex then sends the model's default ones as input[0],
   * which are not in the file, and `input` starts with what follows them.
   */
  defaultInstructions?: true;
  input: Record<string, unknown>[];
}

export function exportInput(model: CodexModel): CodexExport {
  const resume = model.resume();
  if (resume.fatal) return { fatal: resume.fatal.message, input: [] };
  const input: Record<string, unknown>[] = [];
  const meta = resume.sessionMeta?.payload;
  const base = isObj(meta) && isObj(meta.base_instructions) ? meta.base_instructions.text : undefined;
  if (typeof base === 'string')
    input.push({
      type: 'message',
      role: 'developer',
      content: [{ type: 'input_text', text: withoutPlanToolInstructions(base) }],
    });
  for (const h of resume.sent) {
    const budget = h.record && h.pointer === '/payload' ? outputBudget(h.record.raw.metadata) : undefined;
    input.push(sentItem(h.item, budget));
  }
  return typeof base === 'string' ? { input } : { defaultInstructions: true, input };
}
