// Issue 11, the items outside the writer: inputs that are not regular files, -o naming an input or a folder that
// cannot exist, output streams that fail, runs where every file failed, names that could forge a line or are not
// UTF-8, UTF-16 files, the string limit, the worker cap, a "__proto__" rule id, linear-time ignores, and configs that
// apply only below their own folder. Each test failed on the main branch before the change that made it pass.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileIgnores, isIgnored } from '../src/engine/files.js';
import { effectiveJobs } from '../src/engine/parallel.js';
import { availableCores } from '../src/engine/worker-start.js';
import { loadBytes } from '../src/loader/read-jsonl.js';
import { lintBytes } from '../src/index.js';
import {
  brokenTranscript,
  cleanTranscript,
  danglingTranscript,
  tornTranscript,
  writeFile,
} from './helpers/cli-fixtures.js';
import { runCli } from './helpers/run-cli.js';

const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'transcript-lint.js');
let tmp: string;
const run = (
  argv: string[],
  opts: { stdin?: string | Uint8Array | AsyncIterable<Uint8Array>; cwd?: string; homedir?: string } = {},
) => runCli(argv, { cwd: opts.cwd ?? tmp, stdin: opts.stdin, homedir: opts.homedir });

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-hostile-'));
  writeFile(tmp, 'clean.jsonl', cleanTranscript());
  writeFile(tmp, 'torn.jsonl', tornTranscript());
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('item 8: only regular files are read', () => {
  it('a FIFO named as a path is one line and exit 2, not a hang', async () => {
    const fifo = path.join(tmp, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const r = await run([fifo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'pipe.jsonl: it is a named pipe (FIFO), not a regular file; pipe it to `-` (stdin) instead',
    );
    expect(r.stdout).not.toContain('✔');
    rmSync(fifo);
  });

  it('a Unix socket named as a path is said to be one (its open fails with ENXIO)', async () => {
    const sock = path.join(tmp, 'sock.jsonl');
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    try {
      const r = await run([sock]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('sock.jsonl: it is a socket, not a regular file');
      expect(r.stderr).not.toContain('ENXIO');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it.each([['/dev/zero'], ['export', '/dev/zero'], ['-c', '/dev/zero', 'clean.jsonl']])(
    '%s %s is refused at once',
    async (...argv) => {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('it is a character device, not a regular file');
    },
  );

  it('stdin is read up to a limit', async () => {
    async function* zeros(): AsyncIterable<Uint8Array> {
      for (;;) yield new Uint8Array(16 * 1024 * 1024);
    }
    const r = await run(['-'], { stdin: zeros() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read <stdin>: it holds more than 268,435,456 bytes');
  });
});

describe('item 5: -o never names an input', () => {
  it.each([['clean.jsonl'], ['./sub/../clean.jsonl'], ['link.jsonl'], ['hard.jsonl']])(
    '-o %s is refused, the session untouched',
    async (out) => {
      mkdirSync(path.join(tmp, 'sub'), { recursive: true });
      rmSync(path.join(tmp, 'link.jsonl'), { force: true });
      rmSync(path.join(tmp, 'hard.jsonl'), { force: true });
      symlinkSync('clean.jsonl', path.join(tmp, 'link.jsonl'));
      execFileSync('ln', [path.join(tmp, 'clean.jsonl'), path.join(tmp, 'hard.jsonl')]);
      const before = readFileSync(path.join(tmp, 'clean.jsonl'));
      const r = await run(['clean.jsonl', '-o', out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('is one of the inputs');
      expect(readFileSync(path.join(tmp, 'clean.jsonl')).equals(before)).toBe(true);
    },
  );
});

describe('item 9: -o into a folder that cannot be created', () => {
  it('fails at once with exit 2', async () => {
    const r = await run(['clean.jsonl', '-o', '/proc/nope/x.txt']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write the report to /proc/nope/x.txt');
  });

  it('a file in the way of the folder is said plainly', async () => {
    const r = await run(['clean.jsonl', '-o', 'clean.jsonl.d/x/report.txt'.replace('.d', '')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot write the report to .*: a part of the path is not a folder/);
  });
});

describe('item 10: a report that cannot be delivered', () => {
  it.each([[['--help']], [['clean.jsonl']]])('stdout on a full disk (%j): one line, exit 2, no stack trace', (argv) => {
    const full = openSync('/dev/full', 'w');
    const r = spawnSync(process.execPath, [BIN, ...argv], {
      cwd: tmp,
      encoding: 'utf8',
      stdio: ['ignore', full, 'pipe'],
    });
    closeSync(full);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual(['transcript-lint: cannot write to stdout: the disk is full']);
  });

  it('stderr that cannot be written (a pipe whose reader is gone) is exit 2', () => {
    // python3 hands the child a pipe whose read end is already closed: the note about missing.jsonl cannot be said.
    const script = [
      'import os, subprocess, sys',
      'r, w = os.pipe(); os.close(r)',
      'p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=w)',
      'print(p.returncode)',
    ].join('\n');
    const argv = [process.execPath, BIN, '--no-error-on-unmatched-pattern', 'missing.jsonl', 'clean.jsonl'];
    const r = spawnSync('python3', ['-c', script, ...argv], { cwd: tmp, encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('2');
  });
});

describe('item 11: a run where every file failed is never a success', () => {
  it('stylish says what failed, without a check mark', async () => {
    const fifo = path.join(tmp, 'only.jsonl');
    execFileSync('mkfifo', [fifo]);
    const r = await run([fifo]);
    rmSync(fifo);
    expect(r.code).toBe(2);
    expect(r.stdout).not.toContain('✔');
    expect(r.stdout).toContain('✖ 1 file could not be linted');
  });

  it('json lists the failures', async () => {
    const fifo = path.join(tmp, 'b.jsonl');
    execFileSync('mkfifo', [fifo]);
    const r = await run(['clean.jsonl', fifo, '-f', 'json']);
    rmSync(fifo);
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.stdout);
    expect(doc.results).toHaveLength(1);
    expect(doc.failures).toEqual([{ filePath: fifo, message: expect.stringContaining('named pipe') }]);
  });
});

describe('item 17: a file name cannot forge a line', () => {
  it.each(['\n', '\u2028', '\u2029', '\r'])(
    'a name with %j stays on one line in the header and on stderr',
    async (ch) => {
      const name = `a${ch}FAKE: 0 problems.jsonl`;
      writeFile(tmp, name, danglingTranscript());
      const r = await run([name, '-f', 'stylish']);
      const r2 = await run([name, 'missing-too.jsonl']);
      rmSync(path.join(tmp, name));
      expect(r.stdout.split('\n').some((l) => l.startsWith('FAKE'))).toBe(false);
      expect(r.stdout).not.toMatch(/[\u2028\u2029\r]/);
      expect(r.stdout).toMatch(/a\\(x0a|u2028|u2029|x0d)FAKE: 0 problems\.jsonl/);
      expect(r2.stderr.split('\n').some((l) => l.startsWith('FAKE'))).toBe(false);
    },
  );
});

describe('item 18: a name that is not UTF-8', () => {
  it('is said plainly, with its bytes, and fails the run', async () => {
    const folder = path.join(tmp, 'latin1');
    mkdirSync(folder, { recursive: true });
    // A Latin-1 é in the name: not UTF-8. Created through a byte path, as another tool would.
    writeFileSync(
      Buffer.concat([Buffer.from(`${folder}/caf`), Buffer.from([0xe9]), Buffer.from('.jsonl')]),
      cleanTranscript(),
    );
    writeFile(folder, 'ok.jsonl', cleanTranscript());
    const r = await run([folder]);
    rmSync(folder, { recursive: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('caf\\xe9.jsonl: its name is not valid UTF-8; rename it to lint it');
    expect(r.stderr).not.toContain('no such file');
  });

  it('named on the command line, it is said to be undecodable, not missing', () => {
    const folder = path.join(tmp, 'latin1-named');
    mkdirSync(folder, { recursive: true });
    const name = Buffer.concat([Buffer.from('bad'), Buffer.from([0xff]), Buffer.from('.jsonl')]);
    writeFileSync(Buffer.concat([Buffer.from(`${folder}/`), name]), cleanTranscript());
    // Passed as bytes, as a shell passes them; Node decodes argv as UTF-8 with U+FFFD.
    const bytes = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" "$(printf 'bad\\377.jsonl')"`], {
      cwd: folder,
      encoding: 'utf8',
    });
    rmSync(folder, { recursive: true });
    expect(bytes.status).toBe(2);
    expect(bytes.stderr).toContain('the name as given is not valid UTF-8');
    expect(bytes.stderr).not.toContain('no such file');
  });

  it('a folder so named is said too, and fails the run (its sessions were not linted)', async () => {
    const folder = path.join(tmp, 'latin1-folder');
    const bad = Buffer.concat([Buffer.from(`${folder}/proj`), Buffer.from([0xff])]);
    mkdirSync(bad, { recursive: true });
    writeFileSync(Buffer.concat([bad, Buffer.from('/s.jsonl')]), danglingTranscript());
    writeFile(folder, 'ok.jsonl', cleanTranscript());
    const r = await run([folder]);
    rmSync(folder, { recursive: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('proj\\xff: its name is not valid UTF-8; rename it; the files below it were not linted');
  });
});

describe('symlinks a folder walk or a glob passes over', () => {
  it('are named, so a linked session is not silently left out', async () => {
    const folder = path.join(tmp, 'linked');
    mkdirSync(path.join(folder, 'store'), { recursive: true });
    mkdirSync(path.join(folder, 'walked'), { recursive: true });
    writeFile(path.join(folder, 'store'), 'target.jsonl', danglingTranscript());
    symlinkSync('../store/target.jsonl', path.join(folder, 'walked', 'linked.jsonl'));
    writeFile(path.join(folder, 'walked'), 'ok.jsonl', cleanTranscript());
    const byFolder = await run([path.join(folder, 'walked')]);
    const byGlob = await run([`${folder}/walked/*.jsonl`]);
    rmSync(folder, { recursive: true });
    for (const r of [byFolder, byGlob]) {
      expect(r.stderr).toContain('skipped 1 symlink to a file (a folder or glob follows no link; name it to lint it)');
      expect(r.stderr).toContain('linked.jsonl');
    }
  });
});

describe('item 19: UTF-16 and UTF-32 files', () => {
  const utf16le = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
  it('a UTF-16LE session gets one finding and no fix', () => {
    const out = lintBytes('s.jsonl', utf16le(cleanTranscript() + tornTranscript()));
    expect(out.result.diagnostics.map((d) => [d.ruleId, d.messageId, d.line])).toEqual([
      ['known-format', 'encoding', 1],
    ]);
    expect(out.result.diagnostics[0]!.message).toContain('File is UTF-16LE text');
    expect(out.findings[0]!.fix).toBeUndefined();
    // Read as a session all the same (--input-format), it is one valid-json finding, not one per line.
    const forced = lintBytes('s.jsonl', utf16le(cleanTranscript() + tornTranscript()), { inputFormat: 'claude-code' });
    expect(forced.result.diagnostics.map((d) => [d.ruleId, d.messageId, d.line])).toEqual([
      ['valid-json', 'encoding', 1],
    ]);
  });

  it.each([
    [[0xfe, 0xff], 'UTF-16BE'],
    [[0xff, 0xfe, 0, 0], 'UTF-32LE'],
    [[0, 0, 0xfe, 0xff], 'UTF-32BE'],
  ])('the %j mark is %s', (bom, name) => {
    expect(loadBytes('x', Uint8Array.from([...bom, 0x7b, 0, 0x7d, 0])).foreignEncoding).toBe(name);
  });

  it('--fix leaves it byte for byte', async () => {
    const file = path.join(tmp, 'wide.jsonl');
    writeFileSync(file, utf16le(tornTranscript()));
    const before = readFileSync(file);
    const r = await run([file, '--fix']);
    expect(r.code).toBe(1);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('item 20: a line longer than a string can hold', () => {
  it('--max-line-bytes above the string limit is capped at it, with a message that names that limit', () => {
    const f = loadBytes('x', new TextEncoder().encode('{"a":1}\n'), { maxLineBytes: 1e12 });
    expect(f.lines[0]!.problems).toEqual([]);
    const long = loadBytes('x', new TextEncoder().encode('{"a":"xxxx"}\n'), { maxLineBytes: 5 });
    expect(long.lines[0]!.problems[0]).toMatchObject({ kind: 'too-long', limit: { bytes: 5, of: 'option' } });
  });
});

describe('item 21: workers are capped at the cores', () => {
  it('--jobs 2000 on 20,000 files starts no more threads than cores', () => {
    expect(effectiveJobs(2000, 20_000, 1e6)).toBe(availableCores());
    expect(effectiveJobs(2000, 3, 1e6)).toBe(Math.min(3, availableCores()));
    expect(effectiveJobs(undefined, 1, 1e9)).toBe(1);
  });
});

describe('item 22: a "__proto__" rule id', () => {
  it('is an unknown rule, exit 2', async () => {
    writeFile(tmp, 'proto/transcript-lint.config.json', '{"rules": {"__proto__": "off"}}');
    writeFile(tmp, 'proto/s.jsonl', cleanTranscript());
    const r = await run(['proto/s.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('rules.__proto__: unknown rule "__proto__"');
  });
});

describe('item 7: ignores match in linear time', () => {
  it.each([
    ['*a*a*a*a*a*a*a*a*b', 'a'.repeat(60)],
    ['**/'.repeat(12) + 'x.jsonl', 'd/'.repeat(300) + 'y.jsonl'],
  ])('%s against a hostile path returns at once', (pattern, rel) => {
    const base = path.join(tmp, 'base');
    expect(isIgnored(compileIgnores([pattern], base), path.join(base, rel))).toBe(false);
    // Minutes before (a backtracking regular expression): the test's timeout ends such a run.
  });

  it('keeps the glob semantics', () => {
    const base = path.join(tmp, 'base');
    const ignored = (patterns: string[], rel: string) =>
      isIgnored(compileIgnores(patterns, base), path.join(base, rel));
    expect(ignored(['a/**/b.jsonl'], 'a/b.jsonl')).toBe(true);
    expect(ignored(['a/**/b.jsonl'], 'a/x/y/b.jsonl')).toBe(true);
    expect(ignored(['*.{json,jsonl}'], 'x.jsonl')).toBe(true);
    expect(ignored(['[!a]*'], 'abc.jsonl')).toBe(false);
    expect(ignored(['[a-c]x.jsonl'], 'bx.jsonl')).toBe(true);
    expect(ignored(['*'], 'dir/x.jsonl')).toBe(true);
    expect(ignored(['*.jsonl'], 'dir/x.jsonl')).toBe(false);
    expect(ignored(['**'], 'dir/x.jsonl')).toBe(true);
    expect(ignored(['\\*.jsonl'], '*.jsonl')).toBe(true);
    expect(ignored(['\\*.jsonl'], 'a.jsonl')).toBe(false);
  });
});

describe('item 24: a config applies to the files below its folder', () => {
  it("a repository's config does not reach sessions outside it", async () => {
    const repo = path.join(tmp, 'repo');
    writeFile(repo, 'transcript-lint.config.json', '{"rules": {"thinking-signature": "off"}}');
    const home = path.join(tmp, 'home');
    const session = writeFile(home, '.claude/projects/p/s.jsonl', brokenTranscript());
    const inside = writeFile(repo, 'fixtures/s.jsonl', brokenTranscript());
    const outside = await run([session], { cwd: repo });
    expect(outside.code).toBe(1);
    expect(outside.stdout).toContain('thinking-signature');
    expect(outside.stdout).not.toContain('Config:');
    const below = await run([inside], { cwd: repo });
    expect(below.code).toBe(0);
    expect(below.stdout).toContain('Config: transcript-lint.config.json');
    // The sessions folder, linted from inside the repository with no paths.
    const all = await run([], { cwd: repo, homedir: home });
    expect(all.code).toBe(1);
    // -c applies to every input.
    const explicit = await run([session, '-c', 'transcript-lint.config.json'], { cwd: repo });
    expect(explicit.code).toBe(0);
  });

  it('each file takes the nearest config above it', async () => {
    const root = path.join(tmp, 'nested');
    writeFile(root, 'transcript-lint.config.json', '{"rules": {"thinking-signature": "off"}}');
    writeFile(root, 'strict/transcript-lint.config.json', '{"rules": {"thinking-signature": "error"}}');
    writeFile(root, 'a.jsonl', brokenTranscript());
    writeFile(root, 'strict/b.jsonl', brokenTranscript());
    const r = await run(['.', '-f', 'compact'], { cwd: root });
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(':')[0]),
    ).toEqual(['strict/b.jsonl']);
    const s = await run(['.'], { cwd: root });
    expect(s.stdout).toContain('Config: strict/transcript-lint.config.json, transcript-lint.config.json');
  });
});

describe('a cap on the address space (ulimit -v)', () => {
  // Node alone takes ~730 MB of address space; each thread's malloc arena 64 MB more. Under a 1 GB cap a 9 MB
  // session aborted in C++ (std::bad_alloc, exit 134) until the launcher ran itself again with two arenas.
  it.runIf(process.platform === 'linux')('a 10 MB session under a 1 GB cap is linted, not aborted', () => {
    const file = path.join(tmp, 'capped.jsonl');
    // A recorded session, written 32 times over (about 10 MB; the copies' findings do not matter here).
    const recorded = readFileSync(
      path.resolve(
        import.meta.dirname,
        '..',
        'fixtures',
        'rules',
        'compact-summary',
        'valid-auto-compact-at-turn-start.jsonl',
      ),
    );
    writeFileSync(file, Buffer.concat(Array.from({ length: 32 }, () => recorded)));
    const r = spawnSync('bash', ['-c', `ulimit -v 1000000 && exec "${process.execPath}" "${BIN}" --jobs 1 "${file}"`], {
      encoding: 'utf8',
    });
    rmSync(file);
    expect(r.stderr).not.toContain('bad_alloc');
    expect([0, 1]).toContain(r.status);
  });

  // Past the cap an allocation aborts the process in C++ or V8 (exit 134), which no JavaScript can catch; the
  // launcher's parent process says so. A heap limit far too small for the file aborts the same way, every time.
  it.runIf(process.platform === 'linux')('an abort for memory is said in one line, exit 2', () => {
    const file = path.join(tmp, 'aborts.jsonl');
    const recorded = readFileSync(
      path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'crashed-session.jsonl'),
    );
    writeFileSync(file, Buffer.concat(Array.from({ length: 2000 }, () => recorded)));
    const node = `"${process.execPath}" --max-old-space-size=8`;
    const r = spawnSync('bash', ['-c', `ulimit -v 4000000 && exec ${node} "${BIN}" --jobs 1 "${file}"`], {
      encoding: 'utf8',
    });
    rmSync(file);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/transcript-lint: ran out of memory and stopped: the address space is capped at 3906 MiB/);
    expect(r.stderr).toContain('or the heap limit (--max-old-space-size)');
  });

  // Capped, the launcher runs the tool as its child: a SIGTERM sent to the launcher alone (`kill PID`) must end the
  // child too, not leave it running. The child waits on stdin, a FIFO the test holds open and never writes to.
  it.runIf(process.platform === 'linux')('a SIGTERM to the launcher ends its child', async () => {
    const fifo = path.join(tmp, 'stdin.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = openSync(fifo, 'r+');
    const launcher = spawn('bash', ['-c', `ulimit -v 4000000 && exec "${process.execPath}" "${BIN}" - < "${fifo}"`], {
      stdio: 'ignore',
    });
    const pause = () => new Promise((r) => setTimeout(r, 50));
    // Listened for from the start: a launcher that ends before the kill must fail the test, not hang it.
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      launcher.on('exit', (_code, signal) => resolve(signal)),
    );
    let child: number | undefined;
    for (let waited = 0; child === undefined && waited < 10_000; waited += 50) {
      await pause();
      child = childOf(launcher.pid!);
    }
    expect(child).toBeDefined();
    launcher.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    for (let waited = 0; alive(child!) && waited < 5_000; waited += 50) await pause();
    const left = alive(child!);
    // Ends the old launcher's orphan, if any (it then reads the end of its input).
    closeSync(writer);
    rmSync(fifo);
    expect(left).toBe(false);
  });
});

describe('a launcher killed by SIGKILL (issue 34, item 2)', () => {
  // Capped, the launcher runs the tool as its child. SIGKILL cannot be passed on: the child ran on and replaced the
  // session ~10 s later. Here the child is stopped (SIGSTOP) while it works, the launcher killed, the child let go:
  // whatever it was doing, it must end with the session as it was, and no backup or temp file beside it.
  it.runIf(process.platform === 'linux')(
    'its child replaces nothing, and leaves nothing beside the session',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-killed-launcher-'));
      const file = path.join(dir, 's.jsonl');
      const recorded = readFileSync(
        path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'crashed-session.jsonl'),
      );
      const original = Buffer.concat(Array.from({ length: 2000 }, () => recorded));
      writeFileSync(file, original);
      const launcher = spawn(
        'bash',
        ['-c', `ulimit -v 4000000 && exec "${process.execPath}" "${BIN}" --fix "${file}"`],
        {
          stdio: 'ignore',
        },
      );
      const ended = new Promise<NodeJS.Signals | null>((resolve) =>
        launcher.on('exit', (_code, signal) => resolve(signal)),
      );
      let child: number | undefined;
      for (let waited = 0; child === undefined && waited < 10_000; waited += 10) {
        await new Promise((r) => setTimeout(r, 10));
        child = childOf(launcher.pid!);
      }
      expect(child).toBeDefined();
      process.kill(child!, 'SIGSTOP');
      launcher.kill('SIGKILL');
      expect(await ended).toBe('SIGKILL');
      process.kill(child!, 'SIGCONT');
      for (let waited = 0; alive(child!) && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const left = alive(child!);
      if (left) process.kill(child!, 'SIGKILL');
      const after = readFileSync(file);
      const names = readdirSync(dir);
      rmSync(dir, { recursive: true, force: true });
      expect(left).toBe(false);
      expect(after.equals(original)).toBe(true);
      expect(names).toEqual(['s.jsonl']);
    },
  );
});

describe('a sessions folder from the environment with a newline in it', () => {
  it('is shown on one line in the "no sessions folder" message', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'tl-nl-home-'));
    const r = spawnSync(process.execPath, [BIN], {
      cwd: home,
      encoding: 'utf8',
      env: { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: `${home}/a\nFAKE: 0 problems` },
    });
    rmSync(home, { recursive: true });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('a\\x0aFAKE: 0 problems/projects');
    expect(r.stderr.split('\n').some((l) => l.startsWith('FAKE'))).toBe(false);
  });
});

/** The first child process of `pid` (Linux), if it has one. */
function childOf(pid: number): number | undefined {
  try {
    const first = readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim().split(/\s+/)[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` still runs: an ended process that nobody has reaped yet (a zombie) does not. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    return false;
  }
}
