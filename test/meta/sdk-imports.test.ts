// Rules import only the SDK: a file under rules/ imports src/sdk/index.ts, other files under rules/ and `node:`
// modules, nothing else. The SDK in turn imports the model, the fixer and src/version.ts, reaches a format only
// through its kit (src/formats/<id>/sdk.ts, a namespace of the barrel) or the format interface
// (src/formats/types.ts), and the loader only through the Lines kit (src/sdk/lines.ts). Imports are read with
// TypeScript's own scanner (import, import type, export from, import()).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SDK_BARREL = 'src/sdk/index.ts';
/** The one SDK file that imports the loader: the Lines kit (a file's lines, a long line's strings kept as bytes). */
const SDK_LOADER_KIT = 'src/sdk/lines.ts';

/** Every module specifier a file names: static imports and exports, type-only ones and dynamic import()s. */
function specifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** A relative specifier as a repository path of the .ts file it names (`../sdk/index.js` → `src/sdk/index.ts`). */
function target(file: string, spec: string): string {
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return resolved.replace(/\.js$/, '.ts');
}

/** The specifiers of a file under rules/ (a repository path) that leave what a rule may import. */
function ruleViolations(file: string, text: string): string[] {
  return specifiers(text).filter((spec) => {
    if (spec.startsWith('node:')) return false;
    if (!spec.startsWith('.')) return true;
    const to = target(file, spec);
    return to !== SDK_BARREL && !to.startsWith('rules/');
  });
}

/** The specifiers of a file under src/sdk/ that reach a format past its kit, or the loader outside the Lines kit. */
function sdkViolations(file: string, text: string): string[] {
  return specifiers(text).filter((spec) => {
    if (!spec.startsWith('.')) return !spec.startsWith('node:');
    const to = target(file, spec);
    if (to.startsWith('src/formats/'))
      return !(to === 'src/formats/types.ts' || /^src\/formats\/[^/]+\/sdk\.ts$/.test(to));
    if (to.startsWith('src/loader/')) return file !== SDK_LOADER_KIT;
    return !(
      to.startsWith('src/sdk/') ||
      to.startsWith('src/model/') ||
      to.startsWith('src/fixer/') ||
      to === 'src/version.ts'
    );
  });
}

/** Repository paths of the .ts files below a folder of the repository. */
function tsFiles(dir: string): string[] {
  return (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')));
}

const violationsIn = (files: string[], check: (file: string, text: string) => string[]): string[] =>
  files.flatMap((f) => check(f, readFileSync(path.join(ROOT, f), 'utf8')).map((spec) => `${f}: ${spec}`));

describe('rules import only the SDK', () => {
  it('no file under rules/ imports anything else', () => {
    const files = tsFiles('rules');
    expect(files.length).toBeGreaterThan(80);
    expect(violationsIn(files, ruleViolations)).toEqual([]);
  });

  it('the SDK reaches the formats through their kits and the loader through the Lines kit only', () => {
    expect(violationsIn(tsFiles('src/sdk'), sdkViolations)).toEqual([]);
  });

  it('every kit of a format is a namespace of the barrel', () => {
    const barrel = readFileSync(path.join(ROOT, SDK_BARREL), 'utf8');
    const kits = readdirSync(path.join(ROOT, 'src/formats'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .filter((id) => tsFiles(`src/formats/${id}`).includes(`src/formats/${id}/sdk.ts`));
    expect(kits.length).toBeGreaterThan(5);
    for (const id of kits)
      expect(barrel, id).toMatch(new RegExp(`export \\* as \\w+ from '\\.\\./formats/${id}/sdk\\.js'`));
  });

  it('the checks find each kind of import that leaves the SDK', () => {
    const planted = [
      "import { defineRule } from '../src/sdk/index.js';",
      "import { CodexModel } from '../src/formats/codex-rollout/model.js';",
      "import type { Entry } from '../../src/model/types.js';",
      "export { applyFixes } from '../src/fixer/apply.js';",
      "const m = await import('../src/engine/lint.js');",
      "import { part } from './entry-shape/fast-check.js';",
      "import { createHash } from 'node:crypto';",
      "import lodash from 'lodash';",
      "import { x } from '../src/sdk/rule-api.js';",
    ].join('\n');
    expect(ruleViolations('rules/some-rule.ts', planted)).toEqual([
      '../src/formats/codex-rollout/model.js',
      '../../src/model/types.js',
      '../src/fixer/apply.js',
      '../src/engine/lint.js',
      'lodash',
      '../src/sdk/rule-api.js',
    ]);
    expect(ruleViolations('rules/codex/some-rule.ts', "import { Codex } from '../../src/sdk/index.js';")).toEqual([]);
    expect(
      sdkViolations(
        'src/sdk/index.ts',
        [
          "export * as Codex from '../formats/codex-rollout/sdk.js';",
          "export { CodexFix } from '../formats/codex-rollout/fixes.js';",
          "import type { Site } from '../formats/types.js';",
          "export type { Bytes } from '../loader/bytes.js';",
          "export { isLazyString } from '../loader/lazy-strings.js';",
          "import { lint } from '../engine/lint.js';",
          "export * from './rule-api.js';",
        ].join('\n'),
      ),
    ).toEqual([
      '../formats/codex-rollout/fixes.js',
      '../loader/bytes.js',
      '../loader/lazy-strings.js',
      '../engine/lint.js',
    ]);
    expect(sdkViolations(SDK_LOADER_KIT, "export { isLazyString } from '../loader/lazy-strings.js';")).toEqual([]);
  });
});
