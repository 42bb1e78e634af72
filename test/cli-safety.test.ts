// Terminal safety: transcript text and file names reach the terminal with their control characters and escape
// sequences shown as visible escapes, in every human format and in every message on stderr.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTranscript, writeFile } from './helpers/cli-fixtures.js';
import { type RunOptions, runCli } from './helpers/run-cli.js';

const ESC = '\x1b';
// Raw control characters a terminal would act on (newline and tab aside).
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
let tmp: string;
const NAME = `evil${ESC}]0;pwned\x07.jsonl`;
/**
 * A clean exchange, then a garbage line full of escapes (V8 quotes it in the parse error). A warning: Claude Code skips
 * the line and resumes the rest (issue 35).
 */
const EVIL = `${cleanTranscript()}${ESC}[2J\u009b1m\x07\u202egone\n`;
const run = (argv: string[], opts: Omit<RunOptions, 'cwd'> = {}) => runCli(argv, { ...opts, cwd: tmp });

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-safety-'));
  writeFile(tmp, NAME, EVIL);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('every human format', () => {
  it.each(['stylish', 'compact', 'github'])('%s shows escapes in messages and file names as text', async (format) => {
    const r = await run([NAME, '-f', format]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('valid-json');
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain('evil\\x1b]0;pwned\\x07.jsonl');
    expect(r.stdout).toContain('\\x1b[2J');
  });

  it('--statistics and --max-diagnostics notes are plain', async () => {
    const r = await run([NAME, '--statistics', '--max-diagnostics', '0', '-f', 'compact']);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
  });

  it('stdin named with escapes is shown escaped', async () => {
    const r = await run(['-', '--stdin-filename', `x${ESC}[31m.jsonl`, '-f', 'compact'], { stdin: EVIL });
    expect(r.stdout).toMatch(/^x\\x1b\[31m\.jsonl:\d+: warning valid-json/m);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
  });
});

describe('stderr', () => {
  it('neutralises paths in "not found" messages', async () => {
    const r = await run([`missing${ESC}[2J.jsonl`, `glob${ESC}[2J*.jsonl`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing\\x1b[2J.jsonl');
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });

  it('neutralises usage errors and config errors that quote the user', async () => {
    const usage = await run([NAME, '--rule', `a${ESC}[31m=off`]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).not.toMatch(RAW_CONTROL);
    const session = await run(['--session', `${ESC}[2J`]);
    expect(session.code).toBe(2);
    expect(session.stderr).not.toMatch(RAW_CONTROL);
    const dir = mkdtempSync(path.join(tmp, 'cfg-'));
    writeFile(
      dir,
      'transcript-lint.config.json',
      JSON.stringify({ rules: { [`x${ESC}[31m`]: 'off' }, [`k${ESC}`]: 1 }),
    );
    const config = await runCli([NAME], { cwd: dir });
    expect(config.code).toBe(2);
    expect(config.stderr).not.toMatch(RAW_CONTROL);
  });
});

describe('--diff', () => {
  it('on a terminal, the diff shows escapes as text', async () => {
    const r = await run([NAME, '--diff', '--unsafe-fixes'], { tty: true });
    expect(r.code).toBe(1);
    // The view's own colours (SGR codes) aside, no control character reaches the terminal.
    const text = r.stdout.replace(/\x1b\[\d+m/g, '');
    expect(text).toContain('-\\x1b[2J');
    expect(text).not.toMatch(RAW_CONTROL);
  });

  it('piped, it stays an exact patch', async () => {
    const r = await run([NAME, '--diff', '--unsafe-fixes']);
    expect(r.stdout).toContain(`-${ESC}[2J`);
  });
});
