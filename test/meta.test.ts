// The registry, the rule files, the docs and the catalogue agree: every registered rule lives in rules/<id>.ts and
// has docs/rules/<id>.md, every page belongs to a rule, messages are real sentences, and every rule of the
// catalogue table (../shared/spec/rules.md, next to the repository; skipped when absent) is registered.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rules, rulesById } from '../rules/index.js';
import { TARGET_IDS as TARGETS } from '../src/formats/catalog.js';
import { severityFor } from '../src/sdk/rule-api.js';
import { linter } from '../src/composition.js';
import { appliesTo } from '../src/engine/run-rules.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = `${ROOT}docs/rules/`;
const RULES_DIR = `${ROOT}rules/`;
const CATALOGUE = fileURLToPath(new URL('../../shared/spec/rules.md', import.meta.url));

const ids = rules.map((r) => r.meta.id);
/**
 * Files below a folder, as paths relative to it without the extension. A format's rules (`codex/valid-jsonl`) live
 * in a folder named by the format's prefix; a folder named as a rule file beside it (`rules/<id>/` beside
 * `rules/<id>.ts`) holds that rule's own parts, not rules.
 */
const filesBelow = (dir: string, ext: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length).split('\\').join('/'));
const pages = filesBelow(DOCS, '.md');
const allRuleDirFiles = filesBelow(RULES_DIR, '.ts');
/** Whether a file sits in the parts folder of a rule: some folder above it is named as a file of rules/. */
const isRulePart = (f: string): boolean =>
  f
    .split('/')
    .slice(0, -1)
    .some((_, i, dirs) => allRuleDirFiles.includes(dirs.slice(0, i + 1).join('/')));
const ruleParts = allRuleDirFiles.filter(isRulePart);
const ruleFiles = allRuleDirFiles.filter((f) => f !== 'index' && !isRulePart(f));

/** Rule ids from the catalogue table: the first cell of each row, in backticks. */
function catalogueIds(markdown: string): string[] {
  const out: string[] = [];
  for (const line of markdown.split('\n')) {
    const m = /^\|\s*`([a-z0-9-]+)`\s*\|/.exec(line);
    if (m) out.push(m[1]!);
  }
  return out;
}

describe('rule registry', () => {
  it('holds each rule once, in kebab-case', () => {
    expect(new Set(ids).size).toBe(ids.length);
    // A format's own rules are named `<prefix>/<name>` (`openai/roles`).
    for (const id of ids) expect(id).toMatch(/^([a-z][a-z0-9]*(-[a-z0-9]+)*\/)?[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    expect([...rulesById.keys()]).toEqual(ids);
  });

  it('every rule id is its file name, and every rule file is registered', async () => {
    expect([...ruleFiles].sort()).toEqual([...ids].sort());
    for (const rule of rules) {
      const mod = (await import(pathToFileURL(`${RULES_DIR}${rule.meta.id}.ts`).href)) as { default: unknown };
      expect(mod.default, `rules/${rule.meta.id}.ts exports this rule`).toBe(rule);
    }
  });

  it("a rule's parts import only the SDK, node: modules and the files of their own folder", () => {
    // The entry-shape parts and at least the split rules' parts exist: the convention is exercised.
    expect(ruleParts.length).toBeGreaterThan(3);
    for (const part of ruleParts) {
      const text = readFileSync(`${RULES_DIR}${part}.ts`, 'utf8');
      const sdk = `${'../'.repeat(part.split('/').length)}src/sdk/index.js`;
      for (const [, spec] of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gms))
        expect(spec === sdk || spec!.startsWith('node:') || /^\.\/[\w.-]+\.js$/.test(spec!), `${part}: ${spec}`).toBe(
          true,
        );
    }
  });

  it('every registered rule has a page and every page has a rule', () => {
    expect(
      ids.filter((id) => !pages.includes(id)),
      'rules without docs/rules/<id>.md',
    ).toEqual([]);
    expect(
      pages.filter((p) => !ids.includes(p)),
      'pages without a rule',
    ).toEqual([]);
  });

  it('every page starts with its id and says how the rule fixes (or does not)', () => {
    for (const id of ids) {
      const page = readFileSync(`${DOCS}${id}.md`, 'utf8');
      expect(page.startsWith(`# ${id}\n`), `${id}.md title`).toBe(true);
      expect(page, `${id}.md has a Fix section`).toMatch(/^## Fix$/m);
    }
  });

  it('every message is a non-empty sentence and every meta field is set', () => {
    for (const { meta } of rules) {
      expect(meta.description.trim(), `${meta.id} description`).not.toBe('');
      expect(['problem', 'suggestion']).toContain(meta.type);
      // A view is a key of sdk/views.ts's ViewModels (the compiler checks that docs/generate.ts words each one).
      expect(meta.view).toMatch(/^[a-z][a-z-]*$/);
      for (const target of TARGETS) {
        expect(['error', 'warn', 'off'], `${meta.id} ${target}`).toContain(severityFor(meta, target, linter.targets));
      }
      const messages = Object.entries(meta.messages as Record<string, unknown>);
      expect(messages.length, `${meta.id} has messages`).toBeGreaterThan(0);
      for (const [key, message] of messages) {
        expect(typeof message, `${meta.id}.${key}`).toBe('string');
        expect((message as string).trim(), `${meta.id}.${key}`).not.toBe('');
        expect(message as string, `${meta.id}.${key} ends a sentence`).toMatch(/[.)"'`]$/);
      }
    }
  });

  it('every rule names the inputs it reads: its formats, or (request view) its dialects; no default picks one', () => {
    for (const { meta } of rules)
      expect(meta.formats !== undefined || (meta.view === 'request' && meta.dialects !== undefined), meta.id).toBe(
        true,
      );
    expect(() => appliesTo({ id: 'x', view: 'storage' }, linter.format('claude-code')!)).toThrow(
      /^rule x names no formats \(meta.formats\): a rule says which inputs it reads$/,
    );
    expect(() => appliesTo({ id: 'y', view: 'request' }, linter.format('request')!)).toThrow(
      /^rule y names no formats \(meta.formats\) and no dialects \(meta.dialects\)/,
    );
  });

  it('every input format has the rules it needs', () => {
    // The Anthropic-dialect formats run the request rules; a format with a model of its own runs its own rules.
    for (const format of linter.formats) {
      const running = rules.filter((r) => appliesTo(r.meta, format)).map((r) => r.meta.id);
      expect(running.length, `${format.id} runs rules`).toBeGreaterThan(0);
      if (format.dialect === 'anthropic-messages') expect(running, format.id).toContain('tool-use-has-result');
    }
    for (const id of ['claude-code', 'request', 'messages'])
      expect(rules.filter((r) => appliesTo(r.meta, linter.format(id)!)).map((r) => r.meta.id)).toContain('valid-json');
    expect(rules.filter((r) => appliesTo(r.meta, linter.format('request')!)).map((r) => r.meta.id)).not.toContain(
      'parent-exists',
    );
    expect(rules.filter((r) => appliesTo(r.meta, linter.format('claude-code')!)).map((r) => r.meta.id)).not.toContain(
      'tool-names',
    );
  });
});

describe.skipIf(!existsSync(CATALOGUE))('the catalogue (rules.md)', () => {
  const table = existsSync(CATALOGUE) ? catalogueIds(readFileSync(CATALOGUE, 'utf8')) : [];

  it('has a table to compare with', () => {
    expect(table.length).toBeGreaterThan(20);
  });

  it("every rule of the table is registered, in the table's order", () => {
    expect(
      table.filter((id) => !rulesById.has(id)),
      'catalogue rules missing from the registry',
    ).toEqual([]);
    expect(ids.filter((id) => table.includes(id))).toEqual(table);
  });
});

describe('known-format names every format transcript-lint reads', () => {
  // How its message names each format; a newly registered format fails here until the message names it too.
  const NAMED_AS: Record<string, string> = {
    'claude-code': 'Claude Code',
    request: 'Messages API requests',
    messages: 'message lists',
    cline: 'Cline',
    roo: 'Roo Code',
    'anthropic-batch': 'Anthropic Message Batches',
    'anthropic-batch-results': 'Anthropic Message Batches',
    'openai-chat': 'OpenAI Chat Completions requests',
    'openai-finetune': 'fine-tuning data',
    'openai-batch': 'Batch files',
    'openai-batch-output': 'Batch files',
    'codex-rollout': 'Codex CLI',
    'copilot-events': 'GitHub Copilot CLI',
    'gemini-cli': 'Gemini CLI',
    'qwen-code': 'Qwen Code',
  };
  const message = rulesById.get('known-format')!.meta.messages.binary!;
  it.each(linter.formats.map((f) => f.id))('%s', (id) => {
    expect(NAMED_AS[id], `add ${id} to known-format's SUPPORTED and to this table`).toBeDefined();
    expect(message).toContain(NAMED_AS[id]);
  });
});

describe('the README names every input format and target', () => {
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('## Targets and input formats'), readme.indexOf('## Rules'));
  it.each([...linter.formats.map((f) => f.id), ...TARGETS])('%s', (id) => {
    expect(section).toMatch(new RegExp(`\`${id}\``));
  });
});
