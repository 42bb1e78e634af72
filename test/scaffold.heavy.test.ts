// npm run new:rule (scripts/new-rule.mjs) in a copy of the repository: the files it writes exist, the rule is
// registered in rules/index.ts, the output type-checks, and the new rule's tests, the fixture tests, the registry
// checks and the docs example test pass on it. Heavy tier: it type-checks the copy and runs vitest in it (minutes).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const NEW = [
  { id: 'no-scaffold-probe', args: [] as string[] },
  { id: 'codex/scaffold-probe', args: ['--format', 'codex-rollout'] },
];
let copy: string;

/** The files (tracked or new) a rule's checks read: the source, the rules and their tests, fixtures and docs. */
function copyRepository(into: string): void {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\n');
  const wanted =
    /^(src|rules|scripts|docs|fixtures\/rules|test\/helpers|test\/rules)\/|^test\/(meta|rule-fixtures|docs-examples)\.test\.ts$|^(README\.md|tsconfig(\.test)?\.json|vitest\.config\.ts|package\.json)$/;
  for (const file of tracked.filter((f) => wanted.test(f) && existsSync(path.join(ROOT, f)))) {
    cpSync(path.join(ROOT, file), path.join(into, file));
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(into, 'node_modules'));
}

const node = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'tl-scaffold-'));
  copyRepository(copy);
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm run new:rule', () => {
  it('writes the rule, its test, fixtures and page, and registers it', () => {
    for (const { id, args } of NEW) {
      const r = node(['scripts/new-rule.mjs', id, ...args]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      for (const file of [
        `rules/${id}.ts`,
        `test/rules/${id}.test.ts`,
        `fixtures/rules/${id}/valid-recorded.jsonl`,
        `fixtures/rules/${id}/invalid-placeholder.jsonl`,
        `docs/rules/${id}.md`,
      ]) {
        expect(existsSync(path.join(copy, file)), file).toBe(true);
      }
      const page = readFileSync(path.join(copy, `docs/rules/${id}.md`), 'utf8');
      expect(page).toMatch(/^Before:$/m);
      expect(page).toMatch(/^After:/m);
      const index = readFileSync(path.join(copy, 'rules/index.ts'), 'utf8');
      expect(index).toContain(`from './${id}.js';`);
    }
    // A second run refuses to overwrite what the first wrote.
    const again = node(['scripts/new-rule.mjs', NEW[0]!.id]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`rules/${NEW[0]!.id}.ts exists already`);
  });

  it('refuses an id that does not fit its format', () => {
    const r = node(['scripts/new-rule.mjs', 'NoCamel']);
    expect(r.status).toBe(2);
    expect(node(['scripts/new-rule.mjs', 'probe', '--format', 'codex-rollout']).stderr).toContain(
      'a codex-rollout rule id is codex/<kebab-case-name>',
    );
  });

  it('writes code that type-checks', () => {
    const files = ['rules/index.ts', ...NEW.flatMap(({ id }) => [`rules/${id}.ts`, `test/rules/${id}.test.ts`])];
    writeFileSync(
      path.join(copy, 'tsconfig.scaffold.json'),
      JSON.stringify({ extends: './tsconfig.test.json', include: files }),
    );
    const tsc = node([path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.scaffold.json']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it("passes the new rule's tests, the fixture tests (snapshots written) and the registry checks", () => {
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
    const pattern = 'scaffold-probe|rule registry|each folder is a rule|not a whole input';
    const tests = [
      'test/rule-fixtures.test.ts',
      'test/meta.test.ts',
      'test/docs-examples.test.ts',
      ...NEW.map(({ id }) => `test/rules/${id}.test.ts`),
    ];
    const run = (extra: string[]) => node([vitest, 'run', '--project', 'default', ...tests, '-t', pattern, ...extra]);
    const first = run(['-u']);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    const second = run([]);
    expect(second.status, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Tests\s+\S*\s*\d+ passed/);
    for (const { id } of NEW) {
      expect(existsSync(path.join(copy, `fixtures/rules/${id}/invalid-placeholder.jsonl.snap`)), id).toBe(true);
    }
  });
});
