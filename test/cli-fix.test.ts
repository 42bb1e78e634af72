// --fix and its previews through main(): what is written, what is only shown, backups, and the exit codes. The
// repairs come from valid-json (a torn last line, a NUL byte), so these hold whatever other rules do.
import {
  appendFileSync,
  existsSync,
  promises as fs,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { text, transcript } from './helpers/build.js';
import { runCli } from './helpers/run-cli.js';

let tmp: string;
const run = (argv: string[]) => runCli(argv, { cwd: tmp });

function clean(): string {
  const t = transcript();
  t.user('hello');
  t.assistant([text('hi')]);
  return t.toString();
}
const torn = (): string => `${clean()}{"parentUuid":null,"type":"user","mess`;
/** What --fix makes of torn(): the torn line kept, on its line, in an entry Claude Code ignores. */
const tornFixed = (): string =>
  `${clean()}{"type":"transcript-lint.kept-line","reason":"torn","text":"{\\"parentUuid\\":null,\\"type\\":\\"user\\",\\"mess"}\n`;
const file = (name: string, content: string): string => {
  const p = path.join(tmp, name);
  writeFileSync(p, content);
  return p;
};

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-fix-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('--fix', () => {
  it('repairs the file, keeps a backup of the original, and reports the state after fixing', async () => {
    const p = file('s.jsonl', torn());
    const r = await run(['--fix', 's.jsonl']);
    expect(r.code).toBe(0);
    expect(readFileSync(p, 'utf8')).toBe(tornFixed());
    expect(readFileSync(`${p}.bak`, 'utf8')).toBe(torn());
    expect(r.stdout).toContain('No problems in 1 file');
    expect(r.stderr).toContain('fixed 1 problem (valid-json ×1) in 1 file; backups beside each file as <name>.bak\n');
  });

  it("keeps the original's modification time on the fixed file (the agents order sessions by it); the backup is new", async () => {
    const p = file('s.jsonl', torn());
    const old = new Date('2020-01-02T03:04:05.000Z');
    utimesSync(p, old, old);
    // A second before the run: file times may be coarser than the clock.
    const started = Date.now() - 1000;
    expect((await run(['--fix', 's.jsonl'])).code).toBe(0);
    expect(readFileSync(p, 'utf8')).toBe(tornFixed());
    expect(statSync(p).mtime.toISOString()).toBe(old.toISOString());
    // Made during the run, not dated as the original: a clean-up of old backups by age must not take it.
    expect(statSync(`${p}.bak`).mtimeMs).toBeGreaterThanOrEqual(started);
  });

  it('numbers a backup when one exists, writes none with --no-backup, and into --backup-dir', async () => {
    const p = file('s.jsonl', torn());
    writeFileSync(`${p}.bak`, 'older');
    await run(['--fix', 's.jsonl']);
    expect(readFileSync(`${p}.bak.1`, 'utf8')).toBe(torn());
    const q = file('q.jsonl', torn());
    await run(['--fix', '--no-backup', 'q.jsonl']);
    expect(existsSync(`${q}.bak`)).toBe(false);
    const b = file('b.jsonl', torn());
    await run(['--fix', '--backup-dir', 'backups', 'b.jsonl']);
    expect(readFileSync(path.join(tmp, 'backups', 'b.jsonl.bak'), 'utf8')).toBe(torn());
    expect(readFileSync(b, 'utf8')).toBe(tornFixed());
  });

  it('applies unsafe fixes only with --unsafe-fixes', async () => {
    const [first, second] = clean().trimEnd().split('\n');
    const p = file('s.jsonl', `${first}\ngarbage\n${second}\n`);
    const safe = await run(['--fix', 's.jsonl']);
    // A garbage line nothing hangs below is a warning (issue 35: Claude Code skips it and resumes the rest): exit 0.
    expect(safe.code).toBe(0);
    expect(safe.stdout).toContain('\n1 fixable with --fix --unsafe-fixes\n');
    expect(readFileSync(p, 'utf8')).toBe(`${first}\ngarbage\n${second}\n`);
    const unsafe = await run(['--fix', '--unsafe-fixes', 's.jsonl']);
    expect(unsafe.code).toBe(0);
    expect(readFileSync(p, 'utf8')).toBe(
      `${first}\n{"type":"transcript-lint.kept-line","reason":"parse","text":"garbage"}\n${second}\n`,
    );
  });

  it('writes nothing for a clean file', async () => {
    file('s.jsonl', clean());
    const r = await run(['--fix', 's.jsonl']);
    expect(r.code).toBe(0);
    expect(readdirSync(tmp)).toEqual(['s.jsonl']);
  });
});

describe('--fix-dry-run', () => {
  it('reports the state after fixing with the fixed text in json, and writes nothing', async () => {
    const p = file('s.jsonl', torn());
    const r = await run(['--fix-dry-run', '-f', 'json', 's.jsonl']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { results: { output?: string; errorCount: number }[] };
    expect(report.results[0]).toMatchObject({ errorCount: 0, output: tornFixed() });
    expect(readFileSync(p, 'utf8')).toBe(torn());
    expect(readdirSync(tmp)).toEqual(['s.jsonl']);
    // Valid UTF-8: the text alone.
    expect(report.results[0]).not.toHaveProperty('outputBase64');
  });

  it('gives the exact bytes as outputBase64 beside the text when the fixed file is not valid UTF-8', async () => {
    const raw = Buffer.from(torn().replace('"hello"', '"caf@"'), 'utf8');
    raw[raw.indexOf(0x40)] = 0xe9;
    writeFileSync(path.join(tmp, 's.jsonl'), raw);
    const r = await run(['--fix-dry-run', '-f', 'json', 's.jsonl']);
    const [result] = (JSON.parse(r.stdout) as { results: { output: string; outputBase64: string }[] }).results;
    const fixed = Buffer.from(result!.outputBase64, 'base64');
    const kept = Buffer.from(tornFixed().slice(clean().length), 'utf8');
    const entries = raw.subarray(0, raw.length - Buffer.byteLength(torn().slice(clean().length)));
    expect(fixed.equals(Buffer.concat([entries, kept]))).toBe(true);
    expect(result!.output).toBe(new TextDecoder().decode(fixed));
  });
});

describe('--diff', () => {
  it('prints a unified diff and exits 1 when --fix would change something, writing nothing', async () => {
    const p = file('s.jsonl', torn());
    const r = await run(['--diff', 's.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^--- a\/s\.jsonl\n\+\+\+ b\/s\.jsonl\n@@ -1,3 \+1,3 @@ line 3: changed\n/);
    expect(r.stdout).toContain(
      `\n-{"parentUuid":null,"type":"user","mess\n\\ No newline at end of file\n+${tornFixed().slice(clean().length)}`,
    );
    expect(r.stderr).toContain('1 file would be changed by --fix');
    expect(readFileSync(p, 'utf8')).toBe(torn());
  });

  it('keeps the bytes of a file that is not valid UTF-8, so the patch applies (written with -o, as piped)', async () => {
    // A \xe9 byte (Latin-1, not UTF-8) in an entry that stays; the file's name is UTF-8.
    const text = torn().replace('"hello"', '"caf@"');
    const raw = Buffer.from(text, 'utf8');
    raw[raw.indexOf(0x40)] = 0xe9;
    const p = path.join(tmp, 'caf\u00e9.jsonl');
    writeFileSync(p, raw);
    const r = await run(['--diff', 'caf\u00e9.jsonl', '-o', 'out.diff']);
    expect(r.code).toBe(1);
    const diff = readFileSync(path.join(tmp, 'out.diff'));
    expect(diff.includes(Buffer.from('\ufffd'))).toBe(false);
    expect(diff.toString('utf8')).toMatch(/^--- a\/caf\u00e9\.jsonl\n\+\+\+ b\/caf\u00e9\.jsonl\n@@ -1,/);
    // Every context and removed line is a line of the file, byte for byte (as Latin-1: one character per byte).
    const lines = new Set(raw.toString('latin1').split('\n'));
    const body = diff
      .toString('latin1')
      .split('\n')
      .filter((l) => /^[ -](?!-- )/.test(l));
    expect(body.length).toBeGreaterThan(1);
    for (const l of body) expect(lines.has(l.slice(1)), l.slice(0, 60)).toBe(true);
    expect(body.some((l) => l.includes('caf\u00e9'))).toBe(true);
  });

  it('exits 0 with no diff when nothing would change', async () => {
    file('s.jsonl', clean());
    const r = await run(['--diff', 's.jsonl']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('flag errors', () => {
  it.each([
    [['--unsafe-fixes', 's.jsonl'], /--unsafe-fixes needs --fix/],
    [['--fix', '--diff', 's.jsonl'], /--fix and --diff cannot be combined/],
    [['--fix', '--fix-dry-run', 's.jsonl'], /--fix and --fix-dry-run cannot be combined/],
    [['--fix', '--no-backup', '--backup-dir', 'x', 's.jsonl'], /contradict/],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    file('s.jsonl', torn());
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(readFileSync(path.join(tmp, 's.jsonl'), 'utf8')).toBe(torn());
  });
});

describe('--fix when the write fails', () => {
  // Faults injected into the calls the write makes (src/engine/io.ts): the original stays as it was, no temp file or
  // backup is left behind, one clear line names the file, and the exit code is 2.
  const fail = (code: string) => async () => {
    throw Object.assign(new Error(`${code}: simulated`), { code });
  };
  const faults: [string, (target: string) => Partial<typeof fs>, RegExp][] = [
    [
      'a full disk',
      () => ({ open: fail('ENOSPC') }),
      /could not write .*session\.jsonl: the disk is full; the original is unchanged/,
    ],
    [
      'a permission error',
      () => ({ open: fail('EACCES') }),
      /could not write .*session\.jsonl: permission denied; the original is unchanged/,
    ],
    [
      'a failed rename',
      () => ({ rename: fail('EXDEV') }),
      /could not write .*session\.jsonl: EXDEV: simulated; the original is unchanged/,
    ],
    [
      'a file that changes between read and write',
      (target) => ({
        stat: (async (p: Parameters<typeof fs.stat>[0]) => {
          // Claude Code appends a line while the fix is being computed.
          if (p === target) appendFileSync(target, '{"type":"user","late":true}\n');
          return fs.stat(p);
        }) as typeof fs.stat,
      }),
      /session\.jsonl changed while it was being fixed \(is an agent still writing to it\?\); nothing was written/,
    ],
  ];
  for (const [what, faultsFor, message] of faults) {
    it(`${what}: exit 2, a clear message, the original intact, nothing left behind`, async () => {
      const target = file('session.jsonl', torn());
      const before = readFileSync(target);
      const writeFs = { ...fs, ...faultsFor(target) } as typeof fs;
      const r = await runCli(['session.jsonl', '--fix'], { cwd: tmp, writeFs });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      // The report says so too: never "No problems" for a file that was not fixed.
      expect(r.stdout).toContain('✖ 1 file could not be fixed (see the messages above)');
      expect(r.stdout).not.toContain('✔');
      // Its problems are still there, and are reported unfixed: the torn line (no longer the last, when a line was
      // appended meanwhile).
      // A torn line that is no longer the last is a warning (Claude Code skips it and resumes the rest).
      expect(r.stdout).toMatch(
        /(error|warning) +valid-json (\[\*\] )?(Last line is cut off mid-entry|Line is not JSON)/,
      );
      expect(r.stdout).toMatch(/Linted 1 file\.\n$/);
      const now = readFileSync(target);
      if (what.startsWith('a file that changes')) expect(now.subarray(0, before.length).equals(before)).toBe(true);
      else expect(now.equals(before)).toBe(true);
      // A failed rename keeps the backup: such a rename may have happened after all.
      expect(readdirSync(tmp)).toEqual(
        what === 'a failed rename' ? ['session.jsonl', 'session.jsonl.bak'] : ['session.jsonl'],
      );
    });
  }

  it('--fix-dry-run says what --fix would fix, since its report shows only what would be left', async () => {
    file('session.jsonl', torn());
    const r = await runCli(['session.jsonl', '--fix-dry-run'], { cwd: tmp });
    expect(r.stdout).toBe('✔ No problems in 1 file.\n');
    expect(r.stderr).toBe(
      'transcript-lint: --fix-dry-run: would fix 1 problem (valid-json \u00d71) in 1 file; nothing was written, and the report shows what --fix would leave\n',
    );
    file('session.jsonl', clean());
    expect((await runCli(['session.jsonl', '--fix-dry-run'], { cwd: tmp })).stderr).toBe(
      'transcript-lint: --fix-dry-run: nothing to fix\n',
    );
  });

  it('--fix-dry-run and --diff on a file --fix leaves alone (a line over --max-line-bytes) say so, not "nothing to fix"', async () => {
    const long = `${clean().trimEnd()}\n{"type":"system","uuid":"s-long","content":"${'z'.repeat(500)}"}\n`;
    file('session.jsonl', `${long}{"parentUuid":null,"type":"user","mess`);
    const notFixed = expect.stringContaining('session.jsonl: not fixed: line ');
    for (const [flag, last] of [
      ['--fix-dry-run', '--fix-dry-run: nothing would be fixed'],
      ['--diff', 'nothing would be fixed'],
    ] as const) {
      const r = await runCli(['session.jsonl', flag, '--max-line-bytes', '300'], { cwd: tmp });
      expect(r.stderr).toEqual(notFixed);
      expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
        `transcript-lint: ${last}: 1 file with fixable problems is left as it is (see above)`,
      );
    }
  });

  it('a backup that cannot be written names the backup place, not the file', async () => {
    const target = file('session.jsonl', torn());
    const before = readFileSync(target);
    file('not-a-folder', 'x');
    const r = await runCli(['session.jsonl', '--fix', '--backup-dir', 'not-a-folder'], { cwd: tmp });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /could not write the backup of .*session\.jsonl in .*not-a-folder: .*not-a-folder is not a folder; the original is unchanged/,
    );
    // A folder mkdir answers ENOENT for (as under /proc): an error, where Node's recursive mkdir loops forever.
    const writeFs = { ...fs, mkdir: fail('ENOENT') } as typeof fs;
    const r2 = await runCli(['session.jsonl', '--fix', '--backup-dir', 'new/deeper'], { cwd: tmp, writeFs });
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(
      /could not write the backup of .*session\.jsonl in .*new\/deeper: .*new cannot be created there/,
    );
    expect(readFileSync(target).equals(before)).toBe(true);
  });

  it('a write that fails is listed in a JSON report', async () => {
    const target = file('session.jsonl', torn());
    const writeFs = { ...fs, rename: fail('EXDEV') } as typeof fs;
    const r = await runCli(['session.jsonl', '--fix', '--no-backup', '-f', 'json'], { cwd: tmp, writeFs });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).failures).toEqual([
      { filePath: target, message: expect.stringMatching(/^could not write .*session\.jsonl: EXDEV: simulated/) },
    ]);
  });
});
