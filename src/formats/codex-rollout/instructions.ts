// The base instructions Codex sends as input[0]: session_meta.base_instructions.text without the guidance on the plan
// tool, which `codex exec` does not offer (codex-rs prompts update_plan_instructions, measured: a recorded 21,459-char
// text was sent as 21,299 chars, with exactly those lines gone). Written from that function's documented behaviour.

/** Sections about the plan tool, dropped whole (a "## Planning" one only when it is about the tool). */
const PLAN_SECTIONS = new Set(['## Planning', '## `update_plan`', '## Plan tool', '## Plan Mode vs update_plan tool']);
const PLAN_TOOL_LINES = [
  'You have access to an `update_plan` tool',
  'When `update_plan` is available, follow this section',
];
const PLAN_BULLETS = ['- Use the plan tool ', '- If you create a checklist or task list,'];

export function withoutPlanToolInstructions(text: string): string {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let out = '';
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!.trimEnd();
    if (PLAN_SECTIONS.has(line)) {
      let end = i + 1;
      while (end < lines.length && !lines[end]!.startsWith('# ') && !lines[end]!.startsWith('## ')) end++;
      const aboutTool =
        line !== '## Planning' || lines.slice(i, end).some((l) => PLAN_TOOL_LINES.some((p) => l.startsWith(p)));
      if (aboutTool) {
        i = end;
        continue;
      }
    }
    if (line === 'Progress visibility:' && lines[i + 1]?.startsWith('If update_plan is available')) {
      i += 2;
      if (lines[i]?.trim() === '') i++;
      continue;
    }
    if (PLAN_BULLETS.some((p) => line.startsWith(p))) {
      i++;
      while (i < lines.length && (lines[i]!.startsWith(' ') || lines[i]!.startsWith('\t'))) i++;
      continue;
    }
    out += lines[i];
    i++;
  }
  return out;
}
