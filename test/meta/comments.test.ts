// Comments under src/ and rules/ state facts a reader of the repository can check: every repository path a comment
// names exists, every recorded item it cites ("recorded items 13a-13c") is one of fixtures/sessions/claude-code/recorded/
// items.json, and no comment cites material kept outside the repository (issue numbers, notes, the research and
// spec folders beside it). A path in another project's source is written after that project's pinned revision
// (`cline/cline @ 469752a2`) or a possessive (`VS Code's src/paths.js`, `its src/paths.js`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'rules'];

/** Top-level entries of the repository and folders of src/, rules/ and src/formats/ a path may start with. */
const ROOTS = new Set(
  [
    ['.', ['src', 'rules', 'test', 'docs', 'fixtures', 'scripts', 'schema', 'bin', 'action']],
    ['src', readdirSync(path.join(ROOT, 'src'))],
    ['src/formats', readdirSync(path.join(ROOT, 'src/formats'))],
    ['rules', readdirSync(path.join(ROOT, 'rules'))],
  ].flatMap(([, names]) => (names as string[]).filter((n) => !n.includes('.'))),
);
/** Where a path relative to something is looked for, besides the commenting file's folder. */
const BASES = ['', 'src', 'src/formats', 'rules'];

const PATH = /(?<![\w./@-])((?:\.\.?\/)*[\w-]+(?:\/[\w.-]+)*\/[\w.-]+\.(?:ts|js|mjs|json|jsonl|md|py|sh|ya?ml))\b/g;
/** Material outside the repository: an issue tracker's numbers, notes and the folders beside the repository. */
const OUTSIDE = [
  /\b[Ii]ssues? \d+/,
  /\.\.\/shared\b/,
  /(?<![\w./-])(?:notes|research|spec)\//,
  /\(\d+\.\d+\)/, // an issue's item number, "(37.7)"
];

/** The spec's files (kept beside the repository, not in it), named bare: `claude-code-observed.md`. */
const SPEC =
  /(?<![\w/.-])(?:claude-code-observed|claude-code-internals|api-errors|codex-observed|copilot-observed|architecture|anchors|rules|cli|style)\.md\b/;
/**
 * The files that still cite the spec, each to be rewritten to cite a file of the repository instead (a recorded
 * fixture, an oracle test, a docs page). The list only shrinks: a new citation fails.
 */
const CITES_SPEC = new Set([
  'rules/cache-control-limit.ts',
  'rules/compact-summary.ts',
  'rules/document-limits.ts',
  'rules/entry-shape.ts',
  'rules/error-result-text-only.ts',
  'rules/final-assistant-whitespace.ts',
  'rules/image-limits.ts',
  'rules/last-prompt-leaf.ts',
  'rules/main-chain-not-sidechain.ts',
  'rules/no-empty-content.ts',
  'rules/no-internal-blocks.ts',
  'rules/no-parent-cycle.ts',
  'rules/parent-exists.ts',
  'rules/project-path.ts',
  'rules/resume-branch.ts',
  'rules/split-assistant-message.ts',
  'rules/thinking-config.ts',
  'rules/thinking-first.ts',
  'rules/thinking-placement.ts',
  'rules/thinking-signature.ts',
  'rules/tool-names.ts',
  'rules/unique-uuid.ts',
  'src/fixer/fix-plan.ts',
  'src/formats/claude-code/chain.ts',
  'src/formats/claude-code/project-folder.ts',
  'src/formats/claude-code/repair-passes.ts',
  'src/formats/codex-rollout/joined-sessions.ts',
]);

function* sourceFiles(dir: string): Generator<string> {
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) yield* sourceFiles(rel);
    else if (e.name.endsWith('.ts')) yield rel;
  }
}

interface Comment {
  file: string;
  line: number;
  text: string;
  /** The comment block it belongs to (consecutive comment lines), for the pinned revision of another project. */
  block: string;
}

/** The comment lines of a file: `// ...`, and the lines of `/* ... *\/` blocks. */
function comments(file: string): Comment[] {
  const out: Comment[] = [];
  let inBlock = false;
  let run: Comment[] = [];
  const close = () => {
    const block = run.map((c) => c.text).join('\n');
    for (const c of run) c.block = block;
    out.push(...run);
    run = [];
  };
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .forEach((source, i) => {
      let text: string | undefined;
      if (inBlock) {
        text = source.replace(/^\s*\*?/, '');
        if (source.includes('*/')) inBlock = false;
      } else if (/^\s*\/\*/.test(source)) {
        text = source.replace(/^\s*\/\*+/, '');
        inBlock = !source.includes('*/');
      } else {
        const m = /(?:^|\s)\/\/(.*)$/.exec(source);
        // A "//" inside a string (a URL) is not a comment.
        if (m && (source.slice(0, m.index).split("'").length - 1) % 2 === 0) text = m[1];
      }
      if (text === undefined) close();
      else run.push({ file, line: i + 1, text, block: '' });
    });
  close();
  return out;
}

const all = SCANNED.flatMap((dir) => [...sourceFiles(dir)]).flatMap(comments);

/** A path in another project: after a possessive, or in a block that pins that project's revision. */
function isUpstream(c: Comment, index: number): boolean {
  if (/@ [0-9a-f]{7,}/.test(c.block)) return true;
  return /(?:'s|\bits) $/.test(c.text.slice(0, index));
}

describe('comments under src/ and rules/', () => {
  it('scan the files', () => {
    expect(all.length).toBeGreaterThan(1000);
  });

  it('name only repository paths that exist', () => {
    const missing: string[] = [];
    for (const c of all) {
      for (const m of c.text.matchAll(PATH)) {
        const named = m[1]!;
        const first = named.replace(/^(\.\.?\/)+/, '').split('/')[0]!;
        if (!named.startsWith('.') && !ROOTS.has(first)) continue;
        if (isUpstream(c, m.index)) continue;
        const here = path.dirname(path.join(ROOT, c.file));
        const found = [here, ...BASES.map((b) => path.join(ROOT, b))].some((base) =>
          existsSync(path.join(base, named)),
        );
        if (!found) missing.push(`${c.file}:${c.line}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cite only recorded items that exist', () => {
    const items = JSON.parse(
      readFileSync(path.join(ROOT, 'fixtures/sessions/claude-code/recorded/items.json'), 'utf8'),
    ) as {
      items: { name: string }[];
    };
    const codes = new Set(items.items.map((i) => i.name.split('-')[0]));
    const unknown: string[] = [];
    let cited = 0;
    for (const c of all) {
      if (!/\bitems? b?\d{2}[a-z]\b/.test(c.text)) continue;
      for (const [code] of c.text.matchAll(/\bb?\d{2}[a-z]\b/g)) {
        cited++;
        if (!codes.has(code)) unknown.push(`${c.file}:${c.line}: ${code}`);
      }
    }
    expect(cited).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });

  it('cite nothing kept outside the repository', () => {
    const outside = all
      .filter((c) => OUTSIDE.some((re) => re.test(c.text)))
      .map((c) => `${c.file}:${c.line}:${c.text}`);
    expect(outside).toEqual([]);
  });

  it('cite the spec beside the repository only in the files that did before (a list that only shrinks)', () => {
    const citing = new Set(all.filter((c) => SPEC.test(c.text)).map((c) => c.file));
    expect(
      [...citing].filter((f) => !CITES_SPEC.has(f)),
      'new citations of the spec',
    ).toEqual([]);
    expect(
      [...CITES_SPEC].filter((f) => !citing.has(f)),
      'files that no longer cite it: take them off the list',
    ).toEqual([]);
  });
});
