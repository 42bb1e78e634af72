// `transcript-lint rules` and `transcript-lint explain <rule>`: the tool documents its own rules.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { TARGET_IDS as TARGETS } from '../src/formats/catalog.js';
import { renderMarkdown } from '../src/cli/markdown-view.js';
import { displayWidth } from '../src/formatters/wrap-text.js';
import { runCli } from './helpers/run-cli.js';
import { REPO_ROOT as repoRoot } from './helpers/bytes.js';

let tmp: string;
// Run from a folder outside the package: docs are found from the package, not from the cwd.
const run = (argv: string[]) => runCli(argv, { cwd: tmp });

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-rules-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('rules', () => {
  it('prints the rules grouped by the files they judge: id, fix, severity per target, description', async () => {
    const r = await run(['rules']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const sections = r.stdout.split('\n\n').slice(0, -1);
    // One section per rule-id prefix, titled by the formats its rules judge.
    const prefixes = [...new Set(rules.map(({ meta }) => (meta.id.includes('/') ? meta.id.split('/')[0] : '')))];
    expect(sections).toHaveLength(prefixes.length);
    expect(sections[0]).toMatch(/^Claude Code session, Messages API request, .*:\n/);
    expect(r.stdout).toMatch(/\nCodex CLI rollout:\nrule +fix +codex +openai-responses +description\n/);
    for (const { meta } of rules) {
      const section = sections.find((x) => x.split('\n').some((l) => l.startsWith(`${meta.id} `)));
      expect(section, meta.id).toBeDefined();
      const [, header, ...rows] = section!.split('\n');
      // The columns: the targets some rule of the group is on for, in the order of the catalogue.
      const targets = header!.split(/ +/).slice(2, -1);
      expect(targets.length).toBeGreaterThan(0);
      expect(TARGETS.filter((t) => targets.includes(t))).toEqual(targets);
      const row = rows.find((l) => l.startsWith(`${meta.id} `))!;
      expect(row).toContain(meta.description);
      expect(row).toMatch(
        new RegExp(
          `^${meta.id} +${meta.fixable ?? '-'} +${targets.map(() => '(off|warn|error|error/warn|warn/error)').join(' +')} +`,
        ),
      );
    }
    expect(r.stdout).toContain(`${rules.length} rules.`);
    // A severity that splits by case is shown as both, as the rule reports it.
    expect(r.stdout).toMatch(/\ncopilot\/tool-request-has-completion +safe +error\/warn +/);
    expect(r.stdout).toMatch(/\nunique-uuid +safe +warn\/error +off +/);
  });

  it('--format json lists every rule with its metadata', async () => {
    const r = await run(['rules', '--format', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.version).toBe(1);
    expect(doc.rules.map((x: { id: string }) => x.id)).toEqual(rules.map((x) => x.meta.id));
    const tool = doc.rules.find((x: { id: string }) => x.id === 'tool-use-has-result');
    expect(tool).toMatchObject({
      fixable: 'safe',
      severity: { 'claude-code': 'warn', api: 'error', bedrock: 'error' },
    });
    expect(Object.keys(tool.severity)).toEqual([...TARGETS]);
    expect(tool.docsUrl).toMatch(/docs\/rules\/tool-use-has-result\.md$/);
    expect(tool.inputs).toContain('claude-code');
    expect(doc.rules.find((x: { id: string }) => x.id === 'entry-shape').fixable).toBeNull();
    // A level that depends on the case, as the table shows warn/error: both levels and the documentation's words.
    expect(tool.severityByCase).toEqual({
      'claude-code': { levels: ['error', 'warn'], text: 'error (a call dropped on resume) / warn' },
    });
    expect(doc.rules.find((x: { id: string }) => x.id === 'no-empty-content').severityByCase).toEqual({});
    expect(doc.rules.find((x: { id: string }) => x.id === 'unique-uuid').severityByCase).toEqual({
      'claude-code': { levels: ['warn', 'error'], text: 'warn / error' },
    });
    expect((await run(['rules', '-f', 'json'])).stdout).toBe(r.stdout);
  });

  it('fits an 80-column terminal: a table too wide gives each rule lines of its own, every description kept', async () => {
    const r = await runCli(['rules'], { cwd: tmp, tty: true, env: { COLUMNS: '80' } });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    const flat = r.stdout.replace(/\n +/g, ' ');
    for (const { meta } of rules) {
      // A group whose table is too wide gives each rule lines of its own; a narrower one keeps its table.
      const own = lines.includes(`  ${meta.id}${meta.fixable ? `  fix: ${meta.fixable}` : ''}`);
      expect(own || lines.some((l) => l.startsWith(`${meta.id} `)), meta.id).toBe(true);
      expect(flat, meta.id).toContain(meta.description);
    }
    // The severities by level, off left out: unique-uuid is warn/error for claude-code and off for every other target.
    expect(r.stdout).toContain(
      '  unique-uuid  fix: safe\n    No two entries share a `uuid`.\n    warn/error: claude-code\n',
    );
    expect(r.stdout).toMatch(
      /\n {2}tool-use-has-result {2}fix: safe\n(?: {4}.*\n)+ {4}error\/warn: claude-code; error: api,/,
    );
  });

  it('--target shows that target alone: its rules, one severity column, descriptions wrapped under their column', async () => {
    const r = await runCli(['rules', '--target', 'codex'], { cwd: tmp, tty: true, env: { COLUMNS: '80' } });
    expect(r.code).toBe(0);
    for (const line of r.stdout.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(r.stdout).toMatch(
      /^Codex CLI rollout:\nrule +fix +codex +description\ncodex\/valid-jsonl +safe +error\/warn +Every/,
    );
    const ids = r.stdout.split('\n').flatMap((l) => /^([a-z][\w/-]+) {2,}/.exec(l)?.[1] ?? []);
    ids.splice(0, ids.length, ...ids.filter((id) => id !== 'rule'));
    expect(ids).not.toContain('valid-json');
    expect(ids).toContain('known-format');
    expect(ids.length).toBeGreaterThan(5);
    expect(r.stdout).toContain(
      `${rules.length} rules; the ${rules.length - ids.length} that are off for codex are not shown.`,
    );
    // Piped, the rows stay one line each.
    const piped = await run(['rules', '--target', 'codex']);
    expect(piped.stdout).toMatch(
      /\ncodex\/valid-jsonl +safe +error\/warn +Every line of the rollout is one JSON record Codex can read: no BOM/,
    );
  });

  it('--target leaves the JSON as it is, and takes only a known target', async () => {
    expect((await run(['rules', '-f', 'json', '--target', 'codex'])).stdout).toBe(
      (await run(['rules', '-f', 'json'])).stdout,
    );
    const bad = await run(['rules', '--target', 'codx']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--target "codx" is not one of claude-code, api,');
    expect(bad.stderr).toContain('(did you mean codex?)');
  });

  it('rejects other formats and extra arguments (exit 2)', async () => {
    expect((await run(['rules', '--format', 'sarif'])).code).toBe(2);
    expect((await run(['rules', '--fix'])).code).toBe(2);
  });
});

describe('explain', () => {
  it('prints the rule page, with the API error tool-use-has-result prevents', async () => {
    const r = await run(['explain', 'tool-use-has-result']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    // The page as it is, less the docs generator's markers.
    const page = readFileSync(path.join(repoRoot, 'docs', 'rules', 'tool-use-has-result.md'), 'utf8');
    expect(page).toContain('<!-- generated:header -->\n');
    expect(r.stdout).toBe(page.replace('<!-- generated:header -->\n', '').replace('<!-- /generated:header -->\n', ''));
    expect(r.stdout).not.toContain('<!--');
    expect(r.stdout).toContain('`tool_use` ids were found without `tool_result` blocks immediately after');
  });

  it('has a page for every rule', async () => {
    for (const { meta } of rules) {
      const r = await run(['explain', meta.id]);
      expect(r.code, meta.id).toBe(0);
      expect(r.stdout.startsWith(`# ${meta.id}\n`), meta.id).toBe(true);
    }
  });

  it('exits 2 for an unknown rule, with a suggestion when one is close', async () => {
    const typo = await run(['explain', 'tool-use-has-reslt']);
    expect(typo).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'transcript-lint: unknown rule "tool-use-has-reslt"; did you mean "tool-use-has-result"? (\'transcript-lint rules\' lists them all)\n',
    });
    const nonsense = await run(['explain', 'zzz']);
    expect(nonsense.code).toBe(2);
    expect(nonsense.stderr).not.toContain('did you mean');
  });

  it('needs exactly one rule', async () => {
    expect((await run(['explain'])).code).toBe(2);
    expect((await run(['explain', 'valid-json', 'entry-shape'])).code).toBe(2);
  });

  it('does not read a path: an id with separators is just unknown', async () => {
    const r = await run(['explain', '../../package']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});

describe('explain on a terminal', () => {
  it('renders the page for reading: no Markdown marks, wrapped to the width; piped it stays Markdown', async () => {
    const r = await runCli(['explain', 'valid-json'], { cwd: tmp, tty: true, env: { COLUMNS: '60', NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual(['valid-json', '==========', '']);
    expect(r.stdout).not.toMatch(/^#|^\|---|^```|\*\*/m);
    expect(r.stdout).toContain('What it detects\n---------------\n');
    expect(r.stdout).toContain('\n  • `torn`: the last line is not JSON and has no line\n    terminator:');
    // Every line but the code examples' (indented 4, kept whole for copying) fits 60 columns.
    const code = new Set(lines.filter((l) => l.startsWith('    {')));
    for (const line of lines) if (!code.has(line)) expect(displayWidth(line), line).toBeLessThanOrEqual(60);
    expect(code.size).toBeGreaterThan(0);
    // With colour: headings bold, code spans in colour without their backticks.
    const colored = await runCli(['explain', 'valid-json'], {
      cwd: tmp,
      tty: true,
      env: { COLUMNS: '80', FORCE_COLOR: '1' },
    });
    expect(colored.stdout.startsWith('\x1b[1m\x1b[4mvalid-json\x1b[24m\x1b[22m\n')).toBe(true);
    expect(colored.stdout).toContain('\x1b[36mtorn\x1b[39m');
    // Piped: the Markdown itself.
    expect((await run(['explain', 'valid-json'])).stdout).toMatch(/^# valid-json\n/);
  });

  it('renderMarkdown: a table too wide for the terminal wraps its last column, or becomes blocks', () => {
    const md = '| id | what it means |\n|---|---|\n| `a` | one two three four five six seven eight nine ten |';
    expect(renderMarkdown(md, { width: 36, color: false })).toBe(
      ['  id   what it means', '  `a`  one two three four five six', '       seven eight nine ten', ''].join('\n'),
    );
    const wide = '| id | field | effect |\n|---|---|---|\n| `a` | a rather long field text | drops it |';
    expect(renderMarkdown(wide, { width: 36, color: false })).toBe(
      ['  `a`', '      field: a rather long field', '      text', '      effect: drops it', ''].join('\n'),
    );
  });

  it('renderMarkdown: headings, lists, quotes, code, tables and links', () => {
    const md = [
      '# rule-x',
      '',
      'A paragraph with `a command span` and **bold** words',
      'over two lines, and a [link](https://example.com/x).',
      '',
      '| target | severity |',
      '|---|---|',
      '| `claude-code` | error |',
      '| `api` | — |',
      '',
      '## Fix',
      '',
      '- one item that is long enough to wrap at',
      '  thirty columns',
      '  > quoted error text',
      '1. numbered',
      '',
      '```jsonl',
      '{"a":1}',
      '```',
    ].join('\n');
    expect(renderMarkdown(md, { width: 30, color: false })).toBe(
      [
        'rule-x',
        '======',
        '',
        'A paragraph with',
        '`a command span` and bold',
        'words over two lines, and a',
        'link (https://example.com/x).',
        '',
        '  target         severity',
        '  `claude-code`  error',
        '  `api`          —',
        '',
        'Fix',
        '---',
        '',
        '  • one item that is long',
        '    enough to wrap at thirty',
        '    columns',
        '    │ quoted error text',
        '  1. numbered',
        '',
        '    {"a":1}',
        '',
      ].join('\n'),
    );
  });
});
