// transcript-lint.config.json: lookup, the strict schema and its messages, rule settings, `ignores`, precedence (flags > config > catalogue), and --print-config. Unit tests for the
// module, then the same through main().
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { ConfigError, findConfigFile, resolveConfig as resolveConfigWith } from '../src/engine/config-core.js';
import { loadConfigFile as loadConfigFileWith, parseConfig as parseConfigWith } from '../src/engine/config-file.js';
import { compileIgnores, isIgnored } from '../src/engine/files.js';
import { didYouMean } from '../src/engine/did-you-mean.js';
import { compileGlob } from '../src/engine/glob.js';
import { brokenTranscript, cleanTranscript, danglingTranscript, writeFile } from './helpers/cli-fixtures.js';
import { runCli } from './helpers/run-cli.js';

let tmp: string;
// The built-in rules, unless a test names others.
const parseConfig = (value: unknown, source: string, registry = rules) => parseConfigWith(value, source, registry);
const resolveConfig = (...[loaded, cli = {}, registry = rules]: Partial<Parameters<typeof resolveConfigWith>>) =>
  resolveConfigWith(loaded, cli, registry);
const loadConfigFile = (file: string, options: { name?: string } = {}) =>
  loadConfigFileWith(file, { rules, ...options });

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-config-'));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const configError = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('no ConfigError');
};

describe('parseConfig', () => {
  it('accepts every documented key', () => {
    const config = parseConfig(
      {
        $schema: './schema.json',
        target: 'api',
        inputFormat: 'messages',
        rules: { 'valid-json': 'warn', 'resume-branch': ['off'], 'tool-use-has-result': ['error'] },
        ignores: ['archive/**'],
      },
      'c.json',
    );
    expect(config.rules).toEqual({ 'valid-json': 'warn', 'resume-branch': ['off'], 'tool-use-has-result': ['error'] });
  });

  it('rejects an unknown key, naming the file and the key', () => {
    const msg = configError(() => parseConfig({ rule: {} }, 'transcript-lint.config.json'));
    expect(msg).toBe(
      'invalid config transcript-lint.config.json: rule: unknown key (did you mean "rules"?); the keys are $schema, target, inputFormat, rules, ignores, overrides',
    );
  });

  it('rejects a bad severity or target with the path to the key', () => {
    // One line each, `key.path: what is wrong`, with the closest value when one is near.
    expect(configError(() => parseConfig({ rules: { 'valid-json': 'warning' } }, 'c.json'))).toBe(
      'invalid config c.json: rules.valid-json: "warning" is not a severity: use "off", "warn" or "error" (did you mean "warn"?)',
    );
    expect(configError(() => parseConfig({ target: 'apii' }, 'c.json'))).toMatch(
      /^invalid config c\.json: target: "apii" is not one of "claude-code", "api", .* \(did you mean "api"\?\)$/,
    );
    expect(configError(() => parseConfig({ inputFormat: 'xml' }, 'c.json'))).toMatch(
      /^invalid config c\.json: inputFormat: "xml" is not one of "claude-code", /,
    );
    expect(configError(() => parseConfig({ ignores: 'archive' }, 'c.json'))).toBe(
      'invalid config c.json: ignores: expected an array, got a string',
    );
    expect(configError(() => parseConfig({ ignores: [''] }, 'c.json'))).toMatch(
      /^invalid config c\.json: ignores\.0: /,
    );
    expect(configError(() => parseConfig([], 'c.json'))).toBe(
      'invalid config c.json: expected an object, got an array',
    );
    for (const bad of [{ rules: [] }, { rule: {} }, { target: 1 }])
      expect(configError(() => parseConfig(bad, 'c.json'))).not.toContain('\n');
  });

  it('rejects an unknown rule, suggesting the closest id', () => {
    expect(configError(() => parseConfig({ rules: { 'tool-use-has-results': 'off' } }, 'c.json'))).toBe(
      'invalid config c.json: rules.tool-use-has-results: unknown rule "tool-use-has-results" (did you mean "tool-use-has-result"?)',
    );
  });

  it('rejects options: no rule takes any', () => {
    for (const options of [{ strict: true }, 'x', {}]) {
      expect(configError(() => parseConfig({ rules: { 'valid-json': ['error', options] } }, 'c.json'))).toContain(
        'no rule takes options',
      );
    }
  });
});

describe('rule settings', () => {
  it('takes a severity or [severity]; no rule takes options', () => {
    expect(() => parseConfig({ rules: { 'valid-json': ['warn'] } }, 'c.json', rules)).not.toThrow();
    expect(
      configError(() => parseConfig({ rules: { 'valid-json': ['warn', { max: 3 }] } }, 'c.json', rules)),
    ).toContain('no rule takes options');
  });

  it("takes ESLint's numeric severities 0, 1 and 2 as off, warn and error, alone or as [n]", () => {
    const c = parseConfig({ rules: { 'valid-json': 0, 'entry-shape': 1, 'unique-uuid': [2] } }, 'c.json', rules);
    expect(c.rules).toEqual({ 'valid-json': 'off', 'entry-shape': 'warn', 'unique-uuid': ['error'] });
    expect(configError(() => parseConfig({ rules: { 'valid-json': 3 } }, 'c.json', rules))).toContain(
      'expected "off", "warn" or "error" (or 0, 1, 2; no rule takes options)',
    );
  });
});

describe('resolveConfig: flags > config > catalogue', () => {
  const loaded = {
    filePath: '/p/transcript-lint.config.json',
    config: parseConfig({ target: 'api', rules: { 'valid-json': 'warn', 'resume-branch': 'off' } }, 'c.json'),
  };

  it('takes the config when no flag says otherwise', () => {
    const c = resolveConfig(loaded, {});
    expect(c.target).toBe('api');
    expect(Object.fromEntries(c.severities)).toEqual({ 'valid-json': 'warn', 'resume-branch': 'off' });
  });

  it('lets flags win: --target, then --select, --ignore and --rule in that order', () => {
    const c = resolveConfig(loaded, {
      target: 'bedrock',
      select: ['valid-json', 'entry-shape'],
      ignore: ['entry-shape'],
      rules: [
        ['valid-json', 'error'],
        ['unique-uuid', 'warn'],
      ],
    });
    expect(c.target).toBe('bedrock');
    expect(c.severities.get('valid-json')).toBe('error');
    expect(c.severities.get('entry-shape')).toBe('off');
    expect(c.severities.get('unique-uuid')).toBe('warn');
    expect(c.severities.get('tool-use-has-result')).toBe('off');
  });

  it('leaves unconfigured rules out, so the catalogue (and per-report severities) apply', () => {
    const c = resolveConfig(undefined, {});
    expect(c.severities.size).toBe(0);
    expect(c.target).toBeUndefined();
  });

  it('rejects unknown ids in flags', () => {
    expect(() => resolveConfig(undefined, { select: ['nope'] })).toThrow(ConfigError);
    expect(() => resolveConfig(undefined, { ignore: ['nope'] })).toThrow('--ignore: unknown rule "nope"');
    expect(() => resolveConfig(undefined, { rules: [['nope', 'off']] })).toThrow('--rule');
  });
});

describe('didYouMean', () => {
  it('proposes a close id and nothing for nonsense', () => {
    const ids = rules.map((r) => r.meta.id);
    expect(didYouMean('valid-jsn', ids)).toBe('valid-json');
    expect(didYouMean('ToolUseHasResult', ids)).toBe('tool-use-has-result');
    expect(didYouMean('tool-use-has-results', ids)).toBe('tool-use-has-result');
    expect(didYouMean('xyz', ids)).toBeUndefined();
  });
});

describe('ignores (glob matching)', () => {
  const base = path.resolve(path.sep, 'repo');
  const ignored = (patterns: string[], rel: string) => isIgnored(compileIgnores(patterns, base), path.join(base, rel));

  it('matches paths relative to the config folder; * stays in a segment, ** spans them', () => {
    expect(ignored(['*.jsonl'], 'a.jsonl')).toBe(true);
    expect(ignored(['*.jsonl'], 'sub/a.jsonl')).toBe(false);
    expect(ignored(['**/*.jsonl'], 'sub/deep/a.jsonl')).toBe(true);
    expect(ignored(['**/*.jsonl'], 'a.jsonl')).toBe(true);
    expect(ignored(['fixtures/**/bad-*.jsonl'], 'fixtures/x/y/bad-1.jsonl')).toBe(true);
    expect(ignored(['fixtures/**/bad-*.jsonl'], 'fixtures/good-1.jsonl')).toBe(false);
    expect(ignored(['a?.jsonl'], 'ab.jsonl')).toBe(true);
    expect(ignored(['a?.jsonl'], 'a/.jsonl')).toBe(false);
  });

  it('a folder pattern skips everything below it; ./ and / prefixes mean the config folder', () => {
    expect(ignored(['archive'], 'archive/2024/s.jsonl')).toBe(true);
    expect(ignored(['archive/'], 'archive/s.jsonl')).toBe(true);
    expect(ignored(['./archive/**'], 'archive/s.jsonl')).toBe(true);
    expect(ignored(['/archive'], 'archive/s.jsonl')).toBe(true);
    expect(ignored(['archive'], 'sub/archive/s.jsonl')).toBe(false);
    expect(ignored(['**/archive'], 'sub/archive/s.jsonl')).toBe(true);
  });

  it('supports classes, braces and escapes; dots are literal', () => {
    expect(ignored(['s[0-9].jsonl'], 's7.jsonl')).toBe(true);
    expect(ignored(['s[!0-9].jsonl'], 's7.jsonl')).toBe(false);
    expect(ignored(['s[!0-9].jsonl'], 'sx.jsonl')).toBe(true);
    expect(ignored(['*.{jsonl,bak}'], 'x.bak')).toBe(true);
    expect(ignored(['*.{jsonl,bak}'], 'x.txt')).toBe(false);
    expect(ignored(['\\[draft\\].jsonl'], '[draft].jsonl')).toBe(true);
    expect(ignored(['a.jsonl'], 'aXjsonl')).toBe(false);
    expect(ignored(['(x)+.jsonl'], '(x)+.jsonl')).toBe(true);
  });

  it('! un-ignores, and the last matching pattern decides', () => {
    expect(ignored(['fixtures/**', '!fixtures/keep.jsonl'], 'fixtures/keep.jsonl')).toBe(false);
    expect(ignored(['fixtures/**', '!fixtures/keep.jsonl'], 'fixtures/drop.jsonl')).toBe(true);
    expect(ignored(['fixtures/**', '!fixtures/keep.jsonl', 'fixtures/keep.*'], 'fixtures/keep.jsonl')).toBe(true);
  });

  it('never ignores a file outside the config folder', () => {
    expect(isIgnored(compileIgnores(['**'], base), path.resolve(path.sep, 'elsewhere', 'x.jsonl'))).toBe(false);
  });

  it('rejects malformed patterns', () => {
    expect(() => compileGlob('a**b')).toThrow('** must be a whole path segment');
    expect(() => compileGlob('[abc')).toThrow('[ without a closing ]');
    expect(() => compileGlob('{a,b')).toThrow('{ without a closing }');
    expect(() => compileGlob('a\\')).toThrow('lone backslash');
    expect(() => compileIgnores(['!'], base)).toThrow('is not a pattern');
  });

  it('refuses a pattern over 4096 characters at once, and quotes only the start of a long one', () => {
    expect(() => compileGlob('['.repeat(100_000))).toThrow(
      `${JSON.stringify(`${'['.repeat(60)}…`)}: a pattern of 100000 characters (at most 4096)`,
    );
    expect(() => compileGlob(`${'a'.repeat(100)}[`)).toThrow(`"${'a'.repeat(60)}…": [ without a closing ]`);
    expect(() => compileGlob('a'.repeat(4096))).not.toThrow();
  });
});

describe('findConfigFile and loadConfigFile', () => {
  it('finds the nearest config upwards and stops at the root', async () => {
    const root = mkdtempSync(path.join(tmp, 'lookup-'));
    const deep = path.join(root, 'a', 'b', 'c');
    mkdirSync(deep, { recursive: true });
    expect(await findConfigFile(deep)).toBe(undefined);
    const top = writeFile(root, 'transcript-lint.config.json', '{}');
    expect(await findConfigFile(deep)).toBe(top);
    const mid = writeFile(root, 'a/transcript-lint.config.json', '{}');
    expect(await findConfigFile(deep)).toBe(mid);
    // Anything named like the config is found, and refused by name when loaded: a folder (or a FIFO, a broken link)
    // is never skipped for the config above it without a word.
    const odd = path.join(root, 'a', 'b', 'transcript-lint.config.json');
    mkdirSync(odd);
    expect(await findConfigFile(deep)).toBe(odd);
    await expect(loadConfigFile(odd, { name: 'transcript-lint.config.json' })).rejects.toThrow(
      'cannot read config transcript-lint.config.json: it is a directory',
    );
    const link = path.join(root, 'link.json');
    symlinkSync(path.join(root, 'nowhere.json'), link);
    await expect(loadConfigFile(link, { name: 'link.json' })).rejects.toThrow(
      'cannot read config link.json: it is a symbolic link to nothing',
    );
  });

  it('reports unreadable files, bad JSON and bad patterns with the file name', async () => {
    const dir = mkdtempSync(path.join(tmp, 'load-'));
    /** Writes `name` and expects loading it to fail with `message`. */
    const rejects = (name: string, content: string, message: string | RegExp) => {
      writeFile(dir, name, content);
      return expect(loadConfigFile(path.join(dir, name), { name })).rejects.toThrow(message);
    };
    await expect(loadConfigFile(path.join(dir, 'nope.json'), { name: 'nope.json' })).rejects.toThrow(
      'cannot read config nope.json: no such file',
    );
    await rejects('bad.json', '{"rules": {', /^invalid config bad\.json: not valid JSON/);
    // Where, as an editor counts: line and column, not V8's character position.
    await rejects(
      'comma.json',
      '{\n  "rules": {\n    "tool-use-has-result": "warn",\n  }\n}\n',
      'invalid config comma.json: not valid JSON at line 4, column 3 (Expected double-quoted property name)',
    );
    await rejects(
      'glob.json',
      '{"ignores": ["ok/**", "a**"]}',
      'invalid config glob.json: ignores[1]: "a**": ** must be a whole path segment',
    );
    // A repeated key: JSON.parse would keep the second "rules" and drop the first without a word.
    await rejects(
      'twice.json',
      '{\n  "rules": { "valid-json": "off" },\n  "rules": { "entry-shape": "off" }\n}\n',
      'invalid config twice.json: line 3, column 3: the key "rules" is given twice (JSON keeps only the last, so the first would be ignored); merge them',
    );
    await rejects(
      'nested.json',
      '{"rules": {"valid-json": "off", "valid-json": "warn"}}',
      'invalid config nested.json: line 1, column 33: the key "valid-json" in rules is given twice',
    );
    await rejects(
      'slash.json',
      '{"rules": {"codex/arguments-json": ["warn", {"a": 1, "a": 2}]}}',
      'the key "a" in rules.codex/arguments-json.1 is given twice',
    );
    writeFile(dir, 'bom.json', '\uFEFF{"target":"api"}');
    expect((await loadConfigFile(path.join(dir, 'bom.json'))).config.target).toBe('api');
  });

  it('reads comments (JSONC, as tsconfig.json and Biome do), and still names repeated keys where they are', async () => {
    const dir = mkdtempSync(path.join(tmp, 'jsonc-'));
    writeFile(
      dir,
      'c.json',
      '// fixtures broken on purpose\n{\n  /* judged as requests */ "target": "api",\n  "rules": { "valid-json": "off" } // not this one\n}\n',
    );
    const loaded = await loadConfigFile(path.join(dir, 'c.json'));
    expect(loaded.config.target).toBe('api');
    expect(loaded.config.rules).toEqual({ 'valid-json': 'off' });
    writeFile(dir, 'twice.json', '{\n  // one\n  "rules": {},\n  /* two */ "rules": {}\n}\n');
    await expect(loadConfigFile(path.join(dir, 'twice.json'), { name: 'twice.json' })).rejects.toThrow(
      'invalid config twice.json: line 4, column 13: the key "rules" is given twice',
    );
    // A comment mark inside a string is text.
    writeFile(dir, 's.json', '{"ignores": ["a//b/**", "c/*x*/"]}');
    expect((await loadConfigFile(path.join(dir, 's.json'))).config.ignores).toEqual(['a//b/**', 'c/*x*/']);
  });
});

describe('through the CLI', () => {
  let project: string;
  const run = (argv: string[], cwd = project) => runCli(argv, { cwd });

  beforeAll(() => {
    project = mkdtempSync(path.join(tmp, 'project-'));
    writeFile(project, 'broken.jsonl', brokenTranscript());
    writeFile(project, 'dangling.jsonl', danglingTranscript());
    writeFile(project, 'sub/dir/broken.jsonl', brokenTranscript());
    writeFile(project, 'archive/old/broken.jsonl', brokenTranscript());
    writeFile(project, 'archive/clean.jsonl', cleanTranscript());
    writeFile(
      project,
      'transcript-lint.config.json',
      JSON.stringify({
        rules: { 'thinking-signature': 'warn', 'tool-use-has-result': 'off' },
        ignores: ['archive/old'],
      }),
    );
    writeFile(project, 'strict.json', JSON.stringify({ rules: { 'tool-use-has-result': 'error' } }));
  });

  it('uses the config in the cwd: its severities apply', async () => {
    const r = await run(['broken.jsonl', 'dangling.jsonl', '-f', 'json']);
    expect(r.code).toBe(0);
    const diags = JSON.parse(r.stdout).results.flatMap(
      (x: { diagnostics: { ruleId: string; severity: string }[] }) => x.diagnostics,
    );
    expect(diags.find((d: { ruleId: string }) => d.ruleId === 'thinking-signature').severity).toBe('warn');
    expect(diags.map((d: { ruleId: string }) => d.ruleId)).not.toContain('tool-use-has-result');
  });

  it('finds the config from a subfolder', async () => {
    expect((await run(['broken.jsonl'], path.join(project, 'sub', 'dir'))).code).toBe(0);
  });

  it('--no-config ignores it; -c FILE uses another', async () => {
    expect((await run(['broken.jsonl', '--no-config'])).code).toBe(1);
    const strict = await run(['dangling.jsonl', '-c', 'strict.json']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('tool-use-has-result');
  });

  it('flags beat the config', async () => {
    expect((await run(['broken.jsonl', '--rule', 'thinking-signature=error'])).code).toBe(1);
    expect((await run(['dangling.jsonl', '--rule', 'tool-use-has-result=error'])).code).toBe(1);
    expect((await run(['dangling.jsonl', '-c', 'strict.json', '--ignore', 'tool-use-has-result'])).code).toBe(0);
  });

  it('skips files the ignores match when a folder or glob is expanded', async () => {
    const r = await run(['archive', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results.map((x: { filePath: string }) => path.relative(project, x.filePath))).toEqual([
      path.join('archive', 'clean.jsonl'),
    ]);
  });

  it('skips an ignored file named on the command line, saying so on stderr', async () => {
    const r = await run([
      path.join('archive', 'old', 'broken.jsonl'),
      'broken.jsonl',
      '--rule',
      'thinking-signature=error',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Linted 1 file.');
    expect(r.stderr).toBe(
      `transcript-lint: ${path.join('archive', 'old', 'broken.jsonl')} is skipped by the "ignores" of transcript-lint.config.json\n`,
    );
  });

  it('exits 2 when every file a folder or glob matched is ignored (unless unmatched patterns are allowed)', async () => {
    const r = await run(['archive/old']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('every file matched by "archive/old" is skipped by the config\'s "ignores"');
    expect((await run(['archive/old', '--no-error-on-unmatched-pattern'])).code).toBe(0);
  });

  it('skips stdin whose --stdin-filename is ignored', async () => {
    const r = await runCli(['--stdin-filename', 'archive/old/x.jsonl', '--rule', 'thinking-signature=error'], {
      cwd: project,
      stdin: brokenTranscript(),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('✔ No problems in 0 files.\n');
    expect(r.stderr).toContain('is skipped by the "ignores"');
  });

  it('exits 2 on a bad config, naming the file and the key', async () => {
    const dir = mkdtempSync(path.join(tmp, 'bad-'));
    writeFile(dir, 's.jsonl', cleanTranscript());
    writeFile(dir, 'transcript-lint.config.json', JSON.stringify({ rules: { 'valid-json': 'loud' } }));
    const r = await run(['s.jsonl'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'transcript-lint: invalid config transcript-lint.config.json: rules.valid-json: "loud" is not a severity',
    );

    writeFile(dir, 'transcript-lint.config.json', JSON.stringify({ rules: { 'no-such-rule': 'off' } }));
    const unknown = await run(['s.jsonl'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'transcript-lint: invalid config transcript-lint.config.json: rules.no-such-rule: unknown rule "no-such-rule"\n',
    );

    // Found above the cwd, it is named by its absolute path (as the report names files outside the cwd).
    mkdirSync(path.join(dir, 'sub'));
    expect((await run(['../s.jsonl'], path.join(dir, 'sub'))).stderr).toContain(
      `invalid config ${path.join(dir, 'transcript-lint.config.json')}: rules.no-such-rule`,
    );
  });

  it('exits 2 for a missing -c file', async () => {
    const r = await run(['broken.jsonl', '-c', 'missing.json']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 'transcript-lint: cannot read config missing.json: no such file\n',
    });
    expect((await run(['broken.jsonl', '-c'])).code).toBe(2);
  });
});

describe('overrides', () => {
  it('parses entries of files and rules, and names what is wrong in one', () => {
    const config = parseConfig(
      { overrides: [{ files: ['fixtures/broken/**'], rules: { 'valid-json': 'off' } }, { files: ['x'] }] },
      'c.json',
    );
    expect(config.overrides).toEqual([
      { files: ['fixtures/broken/**'], rules: { 'valid-json': 'off' } },
      { files: ['x'] },
    ]);
    expect(configError(() => parseConfig({ overrides: [{ files: ['a'], rule: {} }] }, 'c.json'))).toBe(
      'invalid config c.json: overrides.0.rule: unknown key (did you mean "rules"?); the keys are files, rules',
    );
    expect(
      configError(() => parseConfig({ overrides: [{ files: ['a'], rules: { 'valid-jsn': 'off' } }] }, 'c.json')),
    ).toBe('invalid config c.json: overrides.0.rules.valid-jsn: unknown rule "valid-jsn" (did you mean "valid-json"?)');
    expect(
      configError(() => parseConfig({ overrides: [{ files: ['a'], rules: { 'valid-json': 'warning' } }] }, 'c.json')),
    ).toBe(
      'invalid config c.json: overrides.0.rules.valid-json: "warning" is not a severity: use "off", "warn" or "error" (did you mean "warn"?)',
    );
    expect(configError(() => parseConfig({ overrides: [{ rules: {} }] }, 'c.json'))).toMatch(
      /^invalid config c\.json: overrides\.0\.files: /,
    );
    expect(configError(() => parseConfig({ overrides: [{ files: [] }] }, 'c.json'))).toBe(
      'invalid config c.json: overrides.0.files: name at least one pattern',
    );
  });

  it('refuses a bad glob in files, naming the entry', async () => {
    const dir = mkdtempSync(path.join(tmp, 'overrides-glob-'));
    const file = writeFile(dir, 'c.json', '{"overrides": [{"files": ["ok"]}, {"files": ["a/**", "b**"]}]}');
    await expect(loadConfigFile(file)).rejects.toThrow(
      `invalid config ${file}: overrides[1].files[1]: "b**": ** must be a whole path segment`,
    );
  });

  it('applies the entries that match a file, in order, over rules; flags still win', async () => {
    const dir = mkdtempSync(path.join(tmp, 'overrides-resolve-'));
    const file = writeFile(
      dir,
      'transcript-lint.config.json',
      JSON.stringify({
        rules: { 'valid-json': 'warn', 'resume-branch': 'off' },
        overrides: [
          { files: ['fixtures/broken/**', '!fixtures/broken/keep.jsonl'], rules: { 'valid-json': 'off' } },
          { files: ['fixtures'], rules: { 'resume-branch': 'error', 'unique-uuid': 'warn' } },
        ],
      }),
    );
    const loaded = await loadConfigFile(file);
    const at = (rel: string, cli = {}) => resolveConfigWith(loaded, cli, rules, path.join(dir, rel));
    const broken = at('fixtures/broken/torn.jsonl');
    expect(broken.overrides).toEqual([0, 1]);
    expect(Object.fromEntries(broken.severities)).toEqual({
      'valid-json': 'off',
      'resume-branch': 'error',
      'unique-uuid': 'warn',
    });
    expect(Object.fromEntries(broken.origins)).toEqual({
      'valid-json': 'overrides[0]',
      'resume-branch': 'overrides[1]',
      'unique-uuid': 'overrides[1]',
    });
    // `!` takes a file out of the first entry; the second still matches it.
    const keep = at('fixtures/broken/keep.jsonl');
    expect(keep.overrides).toEqual([1]);
    expect(keep.severities.get('valid-json')).toBe('warn');
    expect(keep.origins.get('valid-json')).toBe('rules');
    // Outside every entry: the config's rules only.
    const other = at('sessions/a.jsonl');
    expect(other.overrides).toEqual([]);
    expect(Object.fromEntries(other.severities)).toEqual({ 'valid-json': 'warn', 'resume-branch': 'off' });
    // A file outside the config's folder matches no entry.
    expect(resolveConfigWith(loaded, {}, rules, path.join(path.dirname(dir), 'fixtures', 'x.jsonl')).overrides).toEqual(
      [],
    );
    const flagged = at('fixtures/broken/torn.jsonl', { rules: [['valid-json', 'error']] });
    expect(flagged.severities.get('valid-json')).toBe('error');
    expect(flagged.origins.get('valid-json')).toBe('--rule');
    const ignored = at('fixtures/broken/torn.jsonl', { ignore: ['resume-branch'] });
    expect(ignored.origins.get('resume-branch')).toBe('--ignore');
  });

  it('turns a rule off for a folder broken on purpose, through the CLI and --print-config', async () => {
    const dir = mkdtempSync(path.join(tmp, 'overrides-cli-'));
    writeFile(dir, 'fixtures/broken/broken.jsonl', brokenTranscript());
    writeFile(dir, 'sessions/broken.jsonl', brokenTranscript());
    writeFile(
      dir,
      'transcript-lint.config.json',
      '{\n  // this folder is broken on purpose\n  "overrides": [{ "files": ["fixtures/broken/**"], "rules": { "thinking-signature": "off" } }]\n}\n',
    );
    const r = await runCli(['.', '-f', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    const byFile = Object.fromEntries(
      JSON.parse(r.stdout).results.map((x: { filePath: string; diagnostics: { ruleId: string }[] }) => [
        path.relative(dir, x.filePath),
        x.diagnostics.map((d) => d.ruleId),
      ]),
    );
    expect(byFile[path.join('fixtures', 'broken', 'broken.jsonl')]).not.toContain('thinking-signature');
    expect(byFile[path.join('sessions', 'broken.jsonl')]).toContain('thinking-signature');
    // The broken folder alone passes.
    expect((await runCli(['fixtures'], { cwd: dir })).code).toBe(0);

    const printed = JSON.parse((await runCli(['--print-config', 'fixtures/broken/broken.jsonl'], { cwd: dir })).stdout);
    expect(printed).toMatchObject({ overrides: [0], ruleOrigins: { 'thinking-signature': 'overrides[0]' } });
    expect(printed.rules['thinking-signature']).toBe('off');
    const elsewhere = JSON.parse(
      (await runCli(['--print-config', 'sessions/broken.jsonl', '--rule', 'resume-branch=warn'], { cwd: dir })).stdout,
    );
    expect(elsewhere).toMatchObject({ overrides: [], ruleOrigins: { 'resume-branch': '--rule' } });
    expect(elsewhere.rules['thinking-signature']).toBe('error');
  });
});

describe('--print-config', () => {
  let project: string;

  beforeAll(() => {
    project = mkdtempSync(path.join(tmp, 'print-'));
    writeFile(
      project,
      'transcript-lint.config.json',
      JSON.stringify({
        target: 'api',
        rules: { 'valid-json': ['warn'], 'resume-branch': 'error' },
        ignores: ['archive/**'],
      }),
    );
  });

  it('prints the effective config for a file as JSON and exits 0', async () => {
    const r = await runCli(['--print-config', 'archive/x.jsonl', '--rule', 'entry-shape=warn'], { cwd: project });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({
      filePath: path.join(project, 'archive', 'x.jsonl'),
      configFile: path.join(project, 'transcript-lint.config.json'),
      ignored: true,
      inputFormat: null,
      inputFormatFrom: null,
      target: 'api',
      // The config file's target: only --target would say 'option'.
      targetFrom: 'config',
      notApplicable: [],
    });
    const flag = await runCli(['--print-config', 'archive/x.jsonl', '--target', 'api'], { cwd: project });
    expect(JSON.parse(flag.stdout)).toMatchObject({ target: 'api', targetFrom: 'option' });
    expect(doc.rules['valid-json']).toBe('warn');
    expect(doc.rules['resume-branch']).toBe('error');
    expect(doc.rules['entry-shape']).toBe('warn');
    // From the catalogue for the api target: off there.
    expect(doc.rules['unique-uuid']).toBe('off');
    expect(Object.keys(doc.rules)).toEqual(rules.map((x) => x.meta.id));
  });

  it('reflects --no-config, --target and --input-format; the file need not exist', async () => {
    const r = await runCli(['--print-config', 's.jsonl', '--no-config', '--input-format', 'claude-code'], {
      cwd: project,
    });
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({
      configFile: null,
      ignored: false,
      inputFormat: 'claude-code',
      inputFormatFrom: 'option',
      target: 'claude-code',
      targetFrom: 'input-format',
    });
    expect(doc.rules['unique-uuid']).not.toBe('off');
    expect(
      JSON.parse((await runCli(['--print-config', 's.jsonl', '--target', 'bedrock'], { cwd: project })).stdout).target,
    ).toBe('bedrock');
  });

  it('says when the input format comes from the config file', async () => {
    const dir = path.join(project, 'requests');
    writeFile(dir, 'transcript-lint.config.json', JSON.stringify({ inputFormat: 'request' }));
    const doc = JSON.parse((await runCli(['--print-config', 'r.json'], { cwd: dir })).stdout);
    expect(doc).toMatchObject({
      inputFormat: 'request',
      inputFormatFrom: 'config',
      target: 'api',
      targetFrom: 'input-format',
    });
  });

  it('detects the input format of an existing file, and the target follows it', async () => {
    writeFile(
      project,
      'req.json',
      JSON.stringify({ model: 'claude', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    );
    writeFile(project, 's.jsonl', cleanTranscript());
    const req = JSON.parse((await runCli(['--print-config', 'req.json', '--no-config'], { cwd: project })).stdout);
    expect(req).toMatchObject({
      inputFormat: 'request',
      inputFormatFrom: 'detected',
      target: 'api',
      targetFrom: 'input-format',
    });
    // Storage rules (uuids, parent links) do not run on a request.
    expect(req.notApplicable).toContain('unique-uuid');
    const session = JSON.parse((await runCli(['--print-config', 's.jsonl', '--no-config'], { cwd: project })).stdout);
    expect(session).toMatchObject({ inputFormat: 'claude-code', inputFormatFrom: 'detected', target: 'claude-code' });
    expect(session.notApplicable).not.toContain('unique-uuid');
  });

  it('exits 2 when the config is invalid', async () => {
    const dir = mkdtempSync(path.join(tmp, 'print-bad-'));
    writeFile(dir, 'transcript-lint.config.json', '{"target": 1}');
    expect((await runCli(['--print-config', 's.jsonl'], { cwd: dir })).code).toBe(2);
  });
});
