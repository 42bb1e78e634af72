// One name per role in a format's folder (src/formats/<id>/): a file doing one of the roles below has its role's
// name, so a reader who knows one format finds the same part in the next. The names are the ones most folders
// already used; another name for the same role fails here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FORMATS = path.resolve(import.meta.dirname, '..', '..', 'src', 'formats');

interface Role {
  role: string;
  /** The name a format's file for this role has; parts of it are `<stem>-<part>.ts` (compile-roo.ts). */
  canonical: string;
  /** Names other folders have used or might use for the same role. */
  others: RegExp;
}

const ROLES: readonly Role[] = [
  {
    role: 'what the agent sends when it resumes the file',
    canonical: 'compile.ts',
    others: /^(resume|send|send-.+|sent|request|requests|history|compiler|compiled|replay-request)\.ts$/,
  },
  { role: 'what `transcript-lint export` prints', canonical: 'export.ts', others: /^(exports|exporter|exported)\.ts$/ },
  {
    role: 'the fix builder the rules write their fixes with',
    canonical: 'fixes.ts',
    others: /^(fix|fix-.+|fixer|fixers|fixing|fix-builder|edits-builder)\.ts$/,
  },
  { role: 'writing fixes back', canonical: 'write-back.ts', others: /^(writeback|write|writer-back|apply)\.ts$/ },
  { role: 'recognising its files', canonical: 'detect.ts', others: /^(detection|detector|sniff|recognise)\.ts$/ },
  { role: "the format's kit for rules", canonical: 'sdk.ts', others: /^(kit|rule-sdk|rules-sdk|api)\.ts$/ },
];

interface Misnamed {
  file: string;
  role: string;
  canonical: string;
}

/** The files of format folders named for a role by another name than its own. `files` are `<folder>/<name>`. */
function misnamed(files: readonly string[]): Misnamed[] {
  const out: Misnamed[] = [];
  for (const file of files) {
    const name = path.posix.basename(file);
    for (const { role, canonical, others } of ROLES)
      if (others.test(name)) out.push({ file, role, canonical: path.posix.join(path.posix.dirname(file), canonical) });
  }
  return out;
}

/** `<folder>/<name>` of every file in a folder of src/formats/. */
function formatFiles(): string[] {
  return readdirSync(FORMATS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      (readdirSync(path.join(FORMATS, d.name), { recursive: true }) as string[]).map((f) =>
        path.posix.join(d.name, f.split(path.sep).join('/')),
      ),
    );
}

describe('format folders name each role one way', () => {
  it('no file of src/formats/*/ uses another name for a role', () => {
    const files = formatFiles();
    expect(files.length).toBeGreaterThan(50);
    expect(misnamed(files)).toEqual([]);
  });

  it('the canonical names are in use', () => {
    const names = new Set(formatFiles().map((f) => path.posix.basename(f)));
    for (const { canonical } of ROLES) expect(names, canonical).toContain(canonical);
  });

  it('the check finds the names folders used before', () => {
    const planted = [
      'codex-rollout/resume.ts',
      'codex-rollout/fix-builder.ts',
      'copilot-events/fix-plan.ts',
      'openai/fix.ts',
      'cline/send-path.ts',
      'cline/send-roo.ts',
      'gemini-cli/history.ts',
      'qwen-code/compile.ts',
      'qwen-code/compile-openai.ts',
      'qwen-code/fixes.ts',
      'cline/fixes.ts',
    ];
    expect(misnamed(planted)).toEqual([
      { file: 'codex-rollout/resume.ts', role: ROLES[0]!.role, canonical: 'codex-rollout/compile.ts' },
      { file: 'codex-rollout/fix-builder.ts', role: ROLES[2]!.role, canonical: 'codex-rollout/fixes.ts' },
      { file: 'copilot-events/fix-plan.ts', role: ROLES[2]!.role, canonical: 'copilot-events/fixes.ts' },
      { file: 'openai/fix.ts', role: ROLES[2]!.role, canonical: 'openai/fixes.ts' },
      { file: 'cline/send-path.ts', role: ROLES[0]!.role, canonical: 'cline/compile.ts' },
      { file: 'cline/send-roo.ts', role: ROLES[0]!.role, canonical: 'cline/compile.ts' },
      { file: 'gemini-cli/history.ts', role: ROLES[0]!.role, canonical: 'gemini-cli/compile.ts' },
    ]);
  });
});
