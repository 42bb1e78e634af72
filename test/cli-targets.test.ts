// A target a file's format does not list (--target api on a Codex rollout) would leave all of that format's rules
// off and call the file clean. Such files are judged for their format's default target, and the run says so.
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { REPO_ROOT as repoRoot } from './helpers/bytes.js';

const rollout = 'fixtures/rules/codex/call-has-output/invalid-compacted-orphan-call.jsonl';
const session = 'fixtures/sessions/crashed-session.jsonl';
const run = (argv: string[]) => runCli(argv, { cwd: repoRoot });

const ruleIds = (stdout: string): string[] =>
  (JSON.parse(stdout) as { results: { diagnostics: { ruleId: string }[] }[] }).results.flatMap((r) =>
    r.diagnostics.map((d) => d.ruleId),
  );

describe('a target that does not apply to the format', () => {
  it('judges a Codex rollout for codex under --target api, and says so once', async () => {
    const asked = await run(['-f', 'json', '--target', 'api', rollout]);
    const own = await run(['-f', 'json', rollout]);
    expect(ruleIds(asked.stdout)).toEqual(ruleIds(own.stdout));
    expect(ruleIds(asked.stdout)).toContain('codex/call-has-output');
    expect(asked.code).toBe(own.code);
    expect(asked.stderr).toBe(
      'transcript-lint: target api does not apply to Codex CLI rollout files (their targets: codex, openai-responses): 1 file was judged for codex instead\n',
    );
    expect(own.stderr).toBe('');
  });

  it('judges each file for what applies to it in a mixed run, naming only the files that needed it', async () => {
    const r = await run(['-f', 'json', '--target', 'codex', rollout, session]);
    const results = (JSON.parse(r.stdout) as { results: { target: string; inputFormat: string }[] }).results;
    expect(results.map((x) => [x.inputFormat, x.target])).toEqual([
      ['codex-rollout', 'codex'],
      ['claude-code', 'claude-code'],
    ]);
    expect(r.stderr).toBe(
      'transcript-lint: target codex does not apply to Claude Code session files (their targets: claude-code, api, bedrock, cline, roo): 1 file was judged for claude-code instead\n',
    );
  });

  it('says nothing when the target applies', async () => {
    const r = await run(['--target', 'openai-responses', rollout]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('codex/call-has-output');
  });

  it('--print-config shows the target the file is judged for', async () => {
    const r = await run(['--target', 'api', '--print-config', rollout]);
    expect(JSON.parse(r.stdout)).toMatchObject({
      inputFormat: 'codex-rollout',
      target: 'codex',
      targetFrom: 'input-format',
    });
  });
});
