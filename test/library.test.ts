// The library as the README documents it: lint, fix (in memory and on disk, with a backup), export, a linter of
// chosen rules. Each call here is one a README example makes.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  createLinter,
  exportFile,
  exportRequest,
  fallbackFormat,
  fixBytes,
  fixFile,
  formats,
  lintFile,
  lintText,
  loadConfig,
  rulesById,
} from '../src/index.js';
import { REPO_ROOT as repoRoot } from './helpers/bytes.js';

const crashed = path.join(repoRoot, 'fixtures/sessions/crashed-session.jsonl');
const rollout = path.join(repoRoot, 'fixtures/rules/codex/call-has-output/valid-parallel.jsonl');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-lib-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('library', () => {
  it('lintFile reports what the CLI reports, with the format and target it judged for', async () => {
    const result = await lintFile(crashed);
    // Claude Code resumes the crashed session (both findings are warnings).
    expect(result).toMatchObject({ inputFormat: 'claude-code', target: 'claude-code', errorCount: 0, warningCount: 2 });
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['tool-use-has-result', 'valid-json']);
  });

  it('lintText judges text for the target asked for', () => {
    const request = JSON.stringify({ model: 'm', max_tokens: 1, messages: [{ role: 'assistant', content: 'hi' }] });
    const result = lintText(request, { filePath: 'request.json', target: 'api' });
    expect(result.inputFormat).toBe('request');
    expect(result.diagnostics.map((d) => d.ruleId)).toContain('first-message-user');
  });

  it('fixBytes returns the fixed bytes and writes nothing', () => {
    const input = readFileSync(crashed);
    const outcome = fixBytes(crashed, input);
    expect(outcome.status).toBe('fixed');
    expect(outcome.final.result.errorCount).toBe(0);
    // The torn last line is gone; every untouched line is kept byte for byte.
    const kept = input.toString('utf8').split('\n').slice(0, -1);
    const out = Buffer.from(outcome.output).toString('utf8');
    for (const line of kept) expect(out).toContain(line);
    expect(readFileSync(crashed).equals(input)).toBe(true);
  });

  it('fixFile writes the fixed file and keeps the original as <file>.bak', async () => {
    const file = path.join(tmp, 'session.jsonl');
    copyFileSync(crashed, file);
    const result = await fixFile(file);
    expect(result.written).toBe(true);
    expect(result.backupPath).toBe(`${file}.bak`);
    expect(readFileSync(`${file}.bak`).equals(readFileSync(crashed))).toBe(true);
    expect((await lintFile(file)).errorCount).toBe(0);
  });

  it('fixFile with dryRun writes nothing', async () => {
    const file = path.join(tmp, 'dry.jsonl');
    copyFileSync(crashed, file);
    const result = await fixFile(file, { dryRun: true });
    expect(result).toMatchObject({ written: false, outcome: { status: 'fixed' } });
    expect(existsSync(`${file}.bak`)).toBe(false);
    expect(readFileSync(file).equals(readFileSync(crashed))).toBe(true);
  });

  it('exportFile gives the request each agent sends: {messages} for Claude Code, {input} for Codex', async () => {
    const claude = (await exportFile(crashed)) as { messages: { role: string }[] };
    expect(claude.messages[0]!.role).toBe('user');
    const codex = (await exportFile(rollout)) as { input: unknown[] };
    expect(Array.isArray(codex.input)).toBe(true);
    expect(codex.input.length).toBeGreaterThan(0);
  });

  it('exportRequest is undefined for a file of no supported format', () => {
    expect(exportRequest('notes.txt', new TextEncoder().encode('just some text\n'))).toBeUndefined();
  });

  it('createLinter runs only the rules it is given', () => {
    const linter = createLinter({ rules: [rulesById.get('valid-json')!], formats, fallback: fallbackFormat });
    const result = linter.lintFileSync(crashed);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['valid-json']);
    // lintFile is a Promise of the same, on a linter as on the package.
    return expect(linter.lintFile(crashed)).resolves.toEqual(result);
  });

  it('loadConfig gives the options the CLI would use for a file: the nearest config above it, its ignores and overrides', async () => {
    const project = path.join(tmp, 'project');
    mkdirSync(path.join(project, 'recordings', 'broken'), { recursive: true });
    writeFileSync(
      path.join(project, 'transcript-lint.config.json'),
      JSON.stringify({
        rules: { 'tool-use-has-result': 'off' },
        ignores: ['recordings/broken/**'],
        overrides: [{ files: ['recordings/torn/**'], rules: { 'valid-json': 'warn' } }],
      }),
    );
    const file = path.join(project, 'recordings', 'session.jsonl');
    copyFileSync(crashed, file);
    const config = await loadConfig(file);
    expect(config.configFile).toBe(path.join(project, 'transcript-lint.config.json'));
    expect(config.ignored).toBe(false);
    expect((await lintFile(file, config.options)).diagnostics.map((d) => d.ruleId)).toEqual(['valid-json']);
    expect((await loadConfig(path.join(project, 'recordings', 'broken', 'x.jsonl'))).ignored).toBe(true);
    expect(await loadConfig(file, false)).toEqual({ options: {}, configFile: undefined, ignored: false });
    // The overrides whose files match it apply over the config's rules.
    const torn = await loadConfig(path.join(project, 'recordings', 'torn', 'x.jsonl'));
    expect(Object.fromEntries(torn.options.severities!)).toEqual({
      'tool-use-has-result': 'off',
      'valid-json': 'warn',
    });
    expect(Object.fromEntries(config.options.severities!)).toEqual({ 'tool-use-has-result': 'off' });
  });

  it('loadConfig throws ConfigError naming the key of an invalid config', async () => {
    const bad = path.join(tmp, 'bad');
    mkdirSync(bad, { recursive: true });
    writeFileSync(path.join(bad, 'transcript-lint.config.json'), JSON.stringify({ rules: { 'no-such-rule': 'off' } }));
    const error = await loadConfig(path.join(bad, 'a.jsonl')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('no-such-rule');
  });
});
