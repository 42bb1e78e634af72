// Fixture-and-snapshot tests per rule, as ruff and Biome write them: every file under fixtures/rules/<rule-id>/ is
// linted with that rule alone, and its snapshot (<file>.snap beside it) holds what a user sees: the stylish report,
// then the unified diff of the safe fix and of the unsafe fix. The expected output is written out, never recomputed.
// On every fixture the fix invariants hold too: a second fix changes nothing, no line becomes unreadable, nothing
// gets worse. `valid-*` fixtures must be clean, `invalid-*` ones must be reported.
//
// A fixture may have `<file>.options.json`: `{"target": "api", "inputFormat": "messages"}`, and `"path"`: the path the
// file is linted under (project-path looks at the project folder a session lies in).
// Update the snapshots after a deliberate change with `npx vitest run test/rule-fixtures.test.ts -u`, and read the diff.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesById } from '../rules/index.js';
import { fixBytes, lintBytes } from '../src/index.js';
import { unifiedDiff } from '../src/fixer/diff.js';
import { stylish } from '../src/formatters/stylish.js';
import type { Rule } from '../src/sdk/rule-api.js';

const ROOT = path.resolve(import.meta.dirname, '..', 'fixtures', 'rules');
const decode = (b: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const FIXTURE = /\.(jsonl|json)$/;

interface FixtureOptions {
  target?: string;
  inputFormat?: string;
  path?: string;
}

/**
 * Rules whose invalid case cannot be a file in the repository, each with where it is tested instead: request-size
 * needs a request over 32 MB (test/rules/request-size.test.ts builds one from recording b05a).
 */
const NO_INVALID_FIXTURE = new Map([['request-size', 'test/rules/request-size.test.ts']]);

function fixturesOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => FIXTURE.test(f) && !f.endsWith('.options.json'))
    .sort();
}

/** What a user sees of the fixture: the report, and what --fix and --fix --unsafe-fixes would change. */
function render(rule: Rule, file: string, { path: as, ...options }: FixtureOptions): string {
  const bytes = readFileSync(file);
  const name = as ?? path.basename(file);
  const lint = lintBytes(name, bytes, { ...options, rules: [rule] });
  const report = stylish([lint.result], { cwd: path.dirname(file), color: false });
  const fixed = (unsafe: boolean): string => {
    const out = fixBytes(name, bytes, { ...options, rules: [rule], unsafe });
    return (
      unifiedDiff(decode(bytes), decode(out.output), { fromFile: `a/${name}`, toFile: `b/${name}` }) || '(no change)\n'
    );
  };
  return `# ${rule.meta.id}: ${name}\n\n${report}\n## --fix\n${fixed(false)}\n## --fix --unsafe-fixes\n${fixed(true)}`;
}

/** The rule folders below fixtures/rules: `<id>/`, or `<prefix>/<id>/` for a format's rules (`codex/valid-jsonl`). */
const ruleDirs = existsSync(ROOT)
  ? (readdirSync(ROOT, { recursive: true }) as string[])
      .map((d) => d.split(path.sep).join('/'))
      .filter((d) => !FIXTURE.test(d) && !d.endsWith('.snap') && (rulesById.has(d) || !d.includes('/')))
      .filter((d) => rulesById.has(d) || ![...rulesById.keys()].some((id) => id.startsWith(`${d}/`)))
      .sort()
  : [];

describe('rule fixtures', () => {
  it('each folder is a rule, and each rule has valid and invalid fixtures', () => {
    for (const dir of ruleDirs) expect(rulesById.has(dir), `fixtures/rules/${dir} names no rule`).toBe(true);
    for (const id of rulesById.keys()) {
      const files = ruleDirs.includes(id) ? fixturesOf(path.join(ROOT, id)) : [];
      expect(
        files.some((f) => f.startsWith('valid-')),
        `${id} has a valid-* fixture`,
      ).toBe(true);
      if (NO_INVALID_FIXTURE.has(id)) {
        expect(existsSync(path.resolve(ROOT, '..', '..', NO_INVALID_FIXTURE.get(id)!)), `${id}'s own test`).toBe(true);
        continue;
      }
      expect(
        files.some((f) => f.startsWith('invalid-')),
        `${id} has an invalid-* fixture`,
      ).toBe(true);
    }
  });

  for (const dir of ruleDirs) {
    const rule = rulesById.get(dir);
    if (!rule) continue;
    describe(dir, () => {
      for (const name of fixturesOf(path.join(ROOT, dir))) {
        const file = path.join(ROOT, dir, name);
        const optionsFile = `${file}.options.json`;
        const { path: as, ...options }: FixtureOptions = existsSync(optionsFile)
          ? (JSON.parse(readFileSync(optionsFile, 'utf8')) as FixtureOptions)
          : {};
        const linted = as ?? name;

        it(`${name}: snapshot`, async () => {
          await expect(render(rule, file, { ...options, path: as })).toMatchFileSnapshot(`${file}.snap`);
        });

        it(`${name}: ${name.startsWith('valid-') ? 'clean' : 'reported'}, and its fixes converge`, () => {
          const bytes = readFileSync(file);
          const found = lintBytes(linted, bytes, { ...options, rules: [rule] }).result.diagnostics;
          if (name.startsWith('valid-')) expect(found.map((d) => `${d.line} ${d.messageId}`)).toEqual([]);
          else expect(found.length, `${name} is reported`).toBeGreaterThan(0);
          const unreadable = (data: Uint8Array) =>
            lintBytes(linted, data, { ...options, rules: [] }).model.file.lines.filter((l) => l.problems.length > 0)
              .length;
          for (const unsafe of [false, true]) {
            const once = fixBytes(linted, bytes, { ...options, rules: [rule], unsafe });
            expect(once.status, `${name}: fixing never makes it worse`).not.toBe('worse');
            const twice = fixBytes(linted, once.output, { ...options, rules: [rule], unsafe });
            expect(twice.changed, `${name}: a second fix changes nothing`).toBe(false);
            expect(unreadable(once.output), `${name}: no line becomes unreadable`).toBeLessThanOrEqual(
              unreadable(bytes),
            );
          }
        });
      }
    });
  }
});
