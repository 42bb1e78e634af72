// A target asked for (by --target or a config) that a file's format does not list: the engine judges such files for
// their format's default target, and the run says so, since otherwise the choice would silently not apply.
import type { LintResult, Linter } from '../engine/lint.js';
import type { Input } from './inputs.js';

export function targetNotes(results: readonly LintResult[], inputs: readonly Input[], linter: Linter): string[] {
  const asked = new Map(inputs.map((i) => [i.filePath, i.config.target]));
  // One line per (asked target, format): "2 Codex CLI rollout files".
  const groups = new Map<string, { asked: string; format: string; judged: string; files: number }>();
  for (const r of results) {
    const target = asked.get(r.filePath);
    const format = linter.format(r.inputFormat);
    if (target === undefined || r.target === target || format === undefined || !linter.formats.includes(format))
      continue;
    const key = `${target}\u0000${format.id}`;
    const g = groups.get(key) ?? { asked: target, format: format.id, judged: r.target, files: 0 };
    g.files++;
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const format = linter.format(g.format)!;
    const listed = linter.targets
      .map((t) => t.id)
      .filter((t) => linter.targetFor(format, t) === t)
      .join(', ');
    const files = g.files === 1 ? '1 file was' : `${g.files} files were`;
    return `target ${g.asked} does not apply to ${format.title} files (their targets: ${listed}): ${files} judged for ${g.judged} instead`;
  });
}
