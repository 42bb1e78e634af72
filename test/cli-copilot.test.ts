// Copilot CLI sessions through the CLI: with no paths the session-state folder of ${COPILOT_HOME:-~/.copilot} is
// linted with the others, `--session <id>` (or a unique prefix) finds a session there, `export` prints what Copilot
// sends on resume, and `--fix` repairs a session in place with a backup.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

const RECORDINGS = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'copilot');
const folderOf = (name: string): string => readdirSync(path.join(RECORDINGS, name)).find((f) => !f.includes('.'))!;

let tmp: string;
let home: string;
const run = (argv: string[], env: Record<string, string> = {}) => runCli(argv, { cwd: tmp, homedir: home, env });
const results = (stdout: string) =>
  (
    JSON.parse(stdout) as {
      results: { filePath: string; inputFormat: string; diagnostics: { ruleId: string; messageId: string }[] }[];
    }
  ).results;

/**
 * A recording copied into a session-state folder. Its workspace.yaml loses its cwd (a folder of the machine it was
 * recorded on, which sidecar-consistency would judge here).
 */
function install(stateDir: string, name: string, damage?: (text: string) => string): string {
  const id = folderOf(name);
  const dir = path.join(stateDir, id);
  cpSync(path.join(RECORDINGS, name, id), dir, { recursive: true });
  const ws = path.join(dir, 'workspace.yaml');
  if (existsSync(ws)) writeFileSync(ws, readFileSync(ws, 'utf8').replace(/^cwd: .*\n/m, ''));
  const events = path.join(dir, 'events.jsonl');
  if (damage) writeFileSync(events, damage(readFileSync(events, 'utf8')));
  return id;
}

let parallel: string;
let oneTool: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-copilot-'));
  home = path.join(tmp, 'home');
  const state = path.join(home, '.copilot', 'session-state');
  mkdirSync(state, { recursive: true });
  parallel = install(state, 'parallel');
  // A crash's NUL padding after the last event (github/copilot-cli #2217).
  oneTool = install(state, 'one-tool', (text) => text + '\u0000'.repeat(900));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('Copilot sessions from the CLI', () => {
  it('with no paths, lints ~/.copilot/session-state/*/events.jsonl', async () => {
    const r = await run(['-f', 'json']);
    expect(r.code).toBe(0); // the padding is a warning: Copilot copes with it
    const found = results(r.stdout);
    expect(found.map((x) => path.relative(home, x.filePath)).sort()).toEqual(
      [oneTool, parallel].map((id) => path.join('.copilot', 'session-state', id, 'events.jsonl')).sort(),
    );
    expect(found.every((x) => x.inputFormat === 'copilot-events')).toBe(true);
    const byId = new Map(found.map((x) => [path.basename(path.dirname(x.filePath)), x.diagnostics]));
    expect(byId.get(parallel)).toEqual([]);
    expect(byId.get(oneTool)!.map((d) => `${d.ruleId}/${d.messageId}`)).toEqual(['copilot/trailing-nul/padding']);
  });

  it('reads ${COPILOT_HOME}/session-state when COPILOT_HOME is set', async () => {
    const other = path.join(tmp, 'copilot-home');
    install(path.join(other, 'session-state'), 'plain');
    const r = await run(['-f', 'json'], { COPILOT_HOME: other });
    expect(results(r.stdout).map((x) => path.relative(other, x.filePath))).toEqual([
      path.join('session-state', folderOf('plain'), 'events.jsonl'),
    ]);
    expect(r.code).toBe(0);
  });

  it('--session finds a session by its id or a unique prefix of it', async () => {
    const full = await run(['--session', parallel, '-f', 'json']);
    expect(full.code).toBe(0);
    expect(results(full.stdout).map((x) => x.filePath)).toEqual([
      path.join(home, '.copilot', 'session-state', parallel, 'events.jsonl'),
    ]);
    const prefix = await run(['--session', oneTool.slice(0, 8), '-f', 'json']);
    expect(prefix.code).toBe(0);
    expect(prefix.stderr).toContain(`is GitHub Copilot CLI session ${oneTool} (`);
    expect(results(prefix.stdout).map((x) => path.basename(path.dirname(x.filePath)))).toEqual([oneTool]);
    const missing = await run(['--session', '00000000-0000-4000-8000-000000000000']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('  GitHub Copilot CLI session: ~/.copilot/session-state\n');
  });

  it('export prints the messages Copilot sends when it resumes the session', async () => {
    const sent = JSON.parse(readFileSync(path.join(RECORDINGS, 'parallel', 'resume-requests.json'), 'utf8')) as {
      lines: number;
      messages: unknown[];
    }[];
    // The recording's whole file, resumed by the real CLI (defects/clean-parallel of the research).
    const whole = sent.find((c) => c.lines === 18)!;
    expect(whole.messages.length).toBeGreaterThan(2);
    const r = await run(['export', '--session', parallel]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ messages: whole.messages });
  });

  it('--fix repairs a session in its folder, keeping a backup beside it', async () => {
    const events = path.join(home, '.copilot', 'session-state', oneTool, 'events.jsonl');
    const before = readFileSync(events);
    const r = await run(['--fix', '--session', oneTool]);
    expect(r.code).toBe(0);
    const after = readFileSync(events);
    expect(after.toString('utf8')).toBe(
      readFileSync(path.join(RECORDINGS, 'one-tool', oneTool, 'events.jsonl'), 'utf8'),
    );
    expect(readFileSync(`${events}.bak`).equals(before)).toBe(true);
    expect((await run(['--session', oneTool])).code).toBe(0);
  });
});
