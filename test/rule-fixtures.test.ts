// Fixture-and-snapshot tests per rule, as ruff and Biome write them: every file under fixtures/rules/<rule-id>/ is
// linted with that rule alone, and its snapshot (<file>.snap beside it) holds what a user sees: the stylish report,
// then the unified diff of the safe fix and of the unsafe fix. The expected output is written out, never recomputed.
// On every fixture the fix invariants hold too: a second fix changes nothing, no line becomes unreadable, nothing
// gets worse. `valid-*` fixtures must be clean, `invalid-*` ones must be reported.
//
// A fixture may have `<file>.options.json`: `{"target": "api", "inputFormat": "messages"}`, and `"filePath"`: the path,
// relative to the fixture's folder, it is linted as (a format that reads files beside its own, such as a Copilot
// session's workspace.yaml, finds them there; project-path looks at the project folder a session lies in).
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
  filePath?: string;
}

/**
 * Rules whose invalid case is too big to be a file in the repository, each with where it is tested instead:
 * request-size needs a request over 32 MB (its test builds one from recording b05a), copilot/session-size an event
 * of 1 MiB (its test pads a recorded tool result).
 */
const NO_INVALID_FIXTURE = new Map([
  ['request-size', 'test/rules/request-size.test.ts'],
  ['copilot/session-size', 'test/rules/copilot/session-size.test.ts'],
]);

/** The path a fixture is linted as: its name, or the `filePath` of its options beside it. */
const lintPath = (file: string, options: FixtureOptions): string =>
  options.filePath === undefined ? path.basename(file) : path.join(path.dirname(file), options.filePath);

function fixturesOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => FIXTURE.test(f) && !f.endsWith('.options.json'))
    .sort();
}

/** What a user sees of the fixture: the report, and what --fix and --fix --unsafe-fixes would change. */
function render(rule: Rule, file: string, options: FixtureOptions, at: string): string {
  const bytes = readFileSync(file);
  const name = path.basename(file);
  const lint = lintBytes(at, bytes, { ...options, rules: [rule] });
  const report = stylish([lint.result], { cwd: path.dirname(file), color: false });
  const fixed = (unsafe: boolean): string => {
    const out = fixBytes(at, bytes, { ...options, rules: [rule], unsafe });
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
        const { filePath, ...options }: FixtureOptions = existsSync(optionsFile)
          ? (JSON.parse(readFileSync(optionsFile, 'utf8')) as FixtureOptions)
          : {};
        const at = lintPath(file, { filePath });

        it(`${name}: snapshot`, async () => {
          await expect(render(rule, file, options, at)).toMatchFileSnapshot(`${file}.snap`);
        });

        it(`${name}: ${name.startsWith('valid-') ? 'clean' : 'reported'}, and its fixes converge`, () => {
          const bytes = readFileSync(file);
          const found = lintBytes(at, bytes, { ...options, rules: [rule] }).result.diagnostics;
          if (name.startsWith('valid-')) expect(found.map((d) => `${d.line} ${d.messageId}`)).toEqual([]);
          else expect(found.length, `${name} is reported`).toBeGreaterThan(0);
          const unreadable = (data: Uint8Array) =>
            lintBytes(at, data, { ...options, rules: [] }).model.file.lines.filter((l) => l.problems.length > 0).length;
          for (const unsafe of [false, true]) {
            const once = fixBytes(at, bytes, { ...options, rules: [rule], unsafe });
            expect(once.status, `${name}: fixing never makes it worse`).not.toBe('worse');
            const twice = fixBytes(at, once.output, { ...options, rules: [rule], unsafe });
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
