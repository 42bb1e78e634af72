// The CI-facing flags through main(): exit-code control (--max-warnings, --quiet, --exit-zero,
// --exit-non-zero-on-fix, --no-error-on-unmatched-pattern), rule selection (--rule, --select, --ignore), what the
// report shows (--max-diagnostics, --statistics, -o), and where input comes from (stdin, --session, --input-format,
// --max-line-bytes). Outcomes come from three transcripts with known findings (helpers/cli-fixtures.ts).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenTranscript,
  cleanTranscript,
  danglingTranscript,
  tornTranscript,
  writeFile,
} from './helpers/cli-fixtures.js';
import { type RunOptions, runCli } from './helpers/run-cli.js';

/** A request body whose last assistant message calls a tool that never answers (line 6 holds the call). */
function requestWithDanglingCall(): string {
  return `{
  "model": "claude-sonnet-4-5",
  "max_tokens": 100,
  "messages": [
    {"role": "user", "content": "list the files"},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {}}]},
    {"role": "user", "content": "and?"}
  ]
}
`;
}

let tmp: string;
const run = (argv: string[], opts: Omit<RunOptions, 'cwd'> & { cwd?: string } = {}) =>
  runCli(argv, { ...opts, cwd: opts.cwd ?? tmp });
const json = (stdout: string) =>
  JSON.parse(stdout) as {
    results: {
      filePath: string;
      diagnostics: { ruleId: string; severity: string }[];
      errorCount: number;
      warningCount: number;
    }[];
  };
const ruleIds = (stdout: string) => json(stdout).results.flatMap((r) => r.diagnostics.map((d) => d.ruleId));

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-flags-'));
  writeFile(tmp, 'clean.jsonl', cleanTranscript());
  writeFile(tmp, 'torn.jsonl', tornTranscript());
  writeFile(tmp, 'broken.jsonl', brokenTranscript());
  writeFile(tmp, 'dangling.jsonl', danglingTranscript());
  // Lookup for a config stops at the first one upwards; keep the tests' folder free of one.
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('the fixtures', () => {
  it('dangling and torn have exactly one warning, broken one error, clean nothing', async () => {
    const r = await run(['-f', 'json', 'broken.jsonl', 'clean.jsonl', 'dangling.jsonl', 'torn.jsonl']);
    const [broken, clean, dangling, torn] = json(r.stdout).results;
    expect(clean).toMatchObject({ errorCount: 0, warningCount: 0 });
    expect(dangling).toMatchObject({ errorCount: 0, warningCount: 1 });
    expect(dangling!.diagnostics.map((d) => d.ruleId)).toEqual(['tool-use-has-result']);
    expect(torn).toMatchObject({ errorCount: 0, warningCount: 1 });
    expect(torn!.diagnostics.map((d) => d.ruleId)).toEqual(['valid-json']);
    expect(broken).toMatchObject({ errorCount: 1, warningCount: 0 });
    expect(broken!.diagnostics.map((d) => d.ruleId)).toEqual(['thinking-signature']);
  });
});

describe('--max-warnings', () => {
  it('is off by default: warnings alone exit 0', async () => {
    expect((await run(['dangling.jsonl'])).code).toBe(0);
  });

  it('exits 1 when warnings exceed the maximum, and says why on stderr', async () => {
    const r = await run(['dangling.jsonl', '--max-warnings', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('transcript-lint: too many warnings: 1, the maximum is 0 (--max-warnings)\n');
    expect(r.stdout).toContain('tool-use-has-result');
  });

  it('exits 0 when warnings are within the maximum; -1 is off', async () => {
    expect(await run(['dangling.jsonl', '--max-warnings', '1'])).toMatchObject({ code: 0, stderr: '' });
    expect((await run(['dangling.jsonl', '--max-warnings', '-1'])).code).toBe(0);
  });

  it('rejects a value that is not an integer of at least -1 (exit 2)', async () => {
    for (const bad of ['x', '-2', '1.5']) {
      const r = await run(['dangling.jsonl', '--max-warnings', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain('--max-warnings must be an integer');
    }
    expect((await run(['dangling.jsonl', '--max-warnings'])).code).toBe(2);
  });
});

describe('--quiet', () => {
  it('reports errors only, in every format', async () => {
    const r = await run(['dangling.jsonl', 'broken.jsonl', '--quiet']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('tool-use-has-result');
    expect(r.stdout).not.toContain('dangling.jsonl');
    expect(r.stdout).toContain('thinking-signature');
    expect(r.stdout).toMatch(/\(\d+ errors?, 0 warnings\)/);
    const j = await run(['dangling.jsonl', 'broken.jsonl', '--quiet', '-f', 'json']);
    expect(json(j.stdout).results.flatMap((x) => x.diagnostics.map((d) => d.severity))).not.toContain('warn');
    expect(json(j.stdout).results.every((x) => x.warningCount === 0)).toBe(true);
  });

  it('a warnings-only run prints nothing and exits 0 (as ESLint does)', async () => {
    expect(await run(['dangling.jsonl', '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('still counts the hidden warnings for --max-warnings (as ESLint does)', async () => {
    const r = await run(['dangling.jsonl', '--quiet', '--max-warnings', '0']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('tool-use-has-result');
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'transcript-lint: too many warnings: 1, the maximum is 0 (--max-warnings); --quiet does not show them\n',
    );
  });
});

describe('--rule, --select, --ignore', () => {
  it('--rule id=off silences a rule, id=error raises one', async () => {
    expect((await run(['broken.jsonl', '--rule', 'thinking-signature=off', '-f', 'json'])).stdout).not.toContain(
      'thinking-signature',
    );
    const raised = await run(['dangling.jsonl', '--rule', 'tool-use-has-result=error']);
    expect(raised.code).toBe(1);
    expect(raised.stdout).toMatch(/2 {2}error {2}tool-use-has-result \[\*\] tool_use toolu_01A/);
  });

  it('--rule is repeatable, and the later one wins; id:severity is accepted too', async () => {
    const r = await run([
      'dangling.jsonl',
      '--rule',
      'tool-use-has-result=error',
      '--rule',
      'tool-use-has-result:off',
      '-f',
      'json',
    ]);
    expect(ruleIds(r.stdout)).toEqual([]);
  });

  it('--rule with an unknown id exits 2, suggesting the closest rule', async () => {
    const r = await run(['torn.jsonl', '--rule', 'valid-jsn=off']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--rule: unknown rule "valid-jsn" (did you mean "valid-json"?)');
  });

  it('--rule with a bad severity or no severity exits 2', async () => {
    const warning = await run(['broken.jsonl', '--rule', 'thinking-signature=warning']);
    expect(warning.code).toBe(2);
    expect(warning.stderr).toContain('the severity must be off, warn or error');
    expect((await run(['broken.jsonl', '--rule', 'thinking-signature'])).code).toBe(2);
  });

  it('repeatable flags take one value each, so paths may follow them', async () => {
    const r = await run([
      '--rule',
      'thinking-signature=off',
      'broken.jsonl',
      '--select',
      'thinking-signature,tool-use-has-result',
      'dangling.jsonl',
      '--ignore',
      'entry-shape',
      'clean.jsonl',
      '-f',
      'json',
    ]);
    expect(json(r.stdout).results.map((x) => path.basename(x.filePath))).toEqual([
      'broken.jsonl',
      'clean.jsonl',
      'dangling.jsonl',
    ]);
    expect(ruleIds(r.stdout)).toEqual(['tool-use-has-result']);
  });

  it('--ignore turns rules off', async () => {
    const r = await run([
      'broken.jsonl',
      'dangling.jsonl',
      '--ignore',
      'thinking-signature,tool-use-has-result',
      '-f',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(ruleIds(r.stdout)).not.toContain('thinking-signature');
    expect(ruleIds(r.stdout)).not.toContain('tool-use-has-result');
  });

  it('--select runs only the listed rules (comma lists, repeatable)', async () => {
    const only = await run(['broken.jsonl', 'dangling.jsonl', '--select', 'tool-use-has-result', '-f', 'json']);
    expect(only.code).toBe(0);
    expect(new Set(ruleIds(only.stdout))).toEqual(new Set(['tool-use-has-result']));
    const both = await run([
      'broken.jsonl',
      'dangling.jsonl',
      '--select',
      'tool-use-has-result',
      '--select',
      'thinking-signature,entry-shape',
      '-f',
      'json',
    ]);
    expect(new Set(ruleIds(both.stdout))).toEqual(new Set(['tool-use-has-result', 'thinking-signature']));
  });

  it('--rule has the last word over --select and --ignore', async () => {
    const r = await run([
      'broken.jsonl',
      'dangling.jsonl',
      '--select',
      'tool-use-has-result',
      '--rule',
      'thinking-signature=warn',
      '-f',
      'json',
    ]);
    expect(new Set(ruleIds(r.stdout))).toEqual(new Set(['tool-use-has-result', 'thinking-signature']));
    expect(r.code).toBe(0);
    const back = await run(['broken.jsonl', '--ignore', 'thinking-signature', '--rule', 'thinking-signature=error']);
    expect(back.code).toBe(1);
  });

  it('--select keeps known-format on: a file of no known format is never clean for the rules picked', async () => {
    writeFileSync(path.join(tmp, 'binary.jsonl'), Buffer.from([0, 159, 146, 150, 255, 0, 1, 2]));
    const r = await run(['binary.jsonl', '--select', 'valid-json', '-f', 'json']);
    expect(ruleIds(r.stdout)).toEqual(['known-format']);
    expect(r.code).toBe(1);
    // Turned off by name, it is off.
    expect((await run(['binary.jsonl', '--select', 'valid-json', '--ignore', 'known-format'])).code).toBe(0);
  });

  it('unknown ids in --select or --ignore exit 2; an empty list is a usage error', async () => {
    const sel = await run(['broken.jsonl', '--select', 'thinking-signature,tool-use-has-reslt']);
    expect(sel.code).toBe(2);
    expect(sel.stderr).toContain('--select: unknown rule "tool-use-has-reslt" (did you mean "tool-use-has-result"?)');
    const ign = await run(['broken.jsonl', '--ignore', 'nonsense']);
    expect(ign.code).toBe(2);
    expect(ign.stderr).toContain('--ignore: unknown rule "nonsense"');
    expect(ign.stderr).not.toContain('did you mean');
    expect((await run(['broken.jsonl', '--select', ','])).code).toBe(2);
  });
});

describe('an option that takes one value, given twice', () => {
  it.each([
    [['-f', 'json', '-f', 'compact'], '--format was given more than once'],
    [['--format=json', '--format', 'json'], '--format was given more than once'],
    [['--target', 'api', '--target', 'api'], '--target was given more than once'],
    [['-o', 'a.txt', '-o', 'b.txt'], '--output-file was given more than once'],
    [['--no-config', '--config', 'x.json'], '--config (or --no-config) was given more than once'],
    [['--max-warnings', '1', '--max-warnings', '2'], '--max-warnings was given more than once'],
  ])('%j is a usage error: which one was meant cannot be guessed', async (args, message) => {
    const r = await run(['broken.jsonl', ...args]);
    expect(r).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining(`transcript-lint: ${message}\n`) });
  });

  it.each([
    [['rules', '-f', 'json', '-f', 'table'], '--format was given more than once'],
    [['relocate', '--session', 'a', '--session', 'b', '--to', '/x'], '--session was given more than once'],
    [['relocate', '--session', 'a', '--to', '/x', '--to', '/y'], '--to was given more than once'],
    [['export', '--session', 'x', '--session', 'x'], '--session was given more than once'],
  ])('%j (a subcommand) is a usage error too', async (args, message) => {
    const r = await runCli(args, { cwd: tmp });
    expect(r).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining(`transcript-lint: ${message}\n`) });
  });

  it('repeatable options still repeat', async () => {
    const r = await run(['broken.jsonl', '--rule', 'thinking-signature=off', '--rule', 'tool-use-has-result=off']);
    expect(r.code).toBe(0);
  });
});

describe('arguments that would be silently dropped or guessed at', () => {
  it.each([
    [[''], 'an empty path was given (an unset variable?); name "." for the current folder'],
    [['broken.jsonl', '--diff', '-f', 'json'], '--diff prints a unified diff; it takes no --format'],
    [['broken.jsonl', '--diff', '--statistics'], '--diff prints a unified diff; it takes no --statistics'],
    [['broken.jsonl', '--backup-dir', 'bak'], '--backup-dir needs --fix'],
    [['relocate', '--session', 'abc', '--to', ''], 'relocate --to needs a value (an unset variable?)'],
    // yargs would read these as 0, 16 and 2, and a flag's value other than true as false.
    [['broken.jsonl', '--max-warnings='], '--max-warnings must be an integer of at least -1'],
    [['broken.jsonl', '--max-warnings=0x10'], '--max-warnings must be an integer of at least -1'],
    [['broken.jsonl', '--jobs=0x2'], '--jobs must be an integer of at least 1'],
    [['broken.jsonl', '--fix=yes'], '--fix is a flag and takes no value (got "yes")'],
    // What yargs would say about these, in the command's own terms.
    [['explain', 'valid-json', 'extra'], 'unexpected argument "extra" for explain'],
    [['rules', '--fix'], '--fix does not apply to rules'],
    [
      ['-dash.jsonl'],
      'unknown option -dash.jsonl (a file whose name starts with - is written ./-dash.jsonl, or after --)',
    ],
    // Read as options, -home would be -h: help, and exit 0.
    [
      ['--session', '-home-dev'],
      '--session needs a value, and -home-dev looks like options; write --session=-home-dev if that is the value',
    ],
  ])('%j is a usage error', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`transcript-lint: ${message}`);
  });
});

describe('--exit-zero and --exit-non-zero-on-fix', () => {
  it('--exit-zero exits 0 with errors and too many warnings, still printing them', async () => {
    const r = await run(['broken.jsonl', 'dangling.jsonl', '--exit-zero', '--max-warnings', '0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('thinking-signature');
  });

  it('--exit-zero still exits 2 when the run fails', async () => {
    expect((await run(['broken.jsonl', 'missing.jsonl', '--exit-zero'])).code).toBe(2);
    expect((await run(['broken.jsonl', '--exit-zero', '--rule', 'nope=off'])).code).toBe(2);
  });

  it('--exit-zero makes --diff exit 0 too', async () => {
    const r = await run(['broken.jsonl', '--diff', '--exit-zero']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('@@');
  });

  it('--exit-non-zero-on-fix exits 1 when --fix changed a file, even though it is clean now', async () => {
    const dir = mkdtempSync(path.join(tmp, 'fix-'));
    writeFile(dir, 's.jsonl', brokenTranscript());
    const r = await run(['--fix', '--exit-non-zero-on-fix', 's.jsonl'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('No problems in 1 file');
    // The second run finds nothing to fix.
    expect((await run(['--fix', '--exit-non-zero-on-fix', 's.jsonl'], { cwd: dir })).code).toBe(0);
  });

  it('--exit-non-zero-on-fix needs --fix; it contradicts --exit-zero', async () => {
    expect((await run(['broken.jsonl', '--exit-non-zero-on-fix'])).code).toBe(2);
    const both = await run(['broken.jsonl', '--fix', '--exit-zero', '--exit-non-zero-on-fix']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--exit-zero and --exit-non-zero-on-fix cannot be combined');
  });
});

describe('--no-error-on-unmatched-pattern', () => {
  it('by default a pattern that matches nothing exits 2 and nothing is reported', async () => {
    const r = await run(['clean.jsonl', 'nothing-*.jsonl']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 'transcript-lint: no files matching the pattern "nothing-*.jsonl" were found\n',
    });
  });

  it('with the flag the run goes on: the message stays on stderr, the exit code is the lint result', async () => {
    const r = await run(['clean.jsonl', 'nothing-*.jsonl', 'missing.jsonl', '--no-error-on-unmatched-pattern']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('✔ No problems in 1 file.\n');
    expect(r.stderr).toContain('no files matching the pattern "nothing-*.jsonl"');
    expect(r.stderr).toContain('no such file or directory: missing.jsonl');
    expect((await run(['broken.jsonl', 'nothing-*.jsonl', '--no-error-on-unmatched-pattern'])).code).toBe(1);
  });

  it('with nothing matched at all, it lints zero files and says so', async () => {
    const r = await run(['nothing-*.jsonl', '--no-error-on-unmatched-pattern']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('✔ No problems in 0 files.\n');
  });
});

describe('--max-diagnostics', () => {
  it('caps what stylish prints, says how many were hidden, and keeps the full counts', async () => {
    const all = await run(['dangling.jsonl', 'broken.jsonl']);
    const total = (all.stdout.match(/^ +\d+ {2}(error|warning)/gm) ?? []).length;
    expect(total).toBeGreaterThanOrEqual(2);
    const r = await run(['dangling.jsonl', 'broken.jsonl', '--max-diagnostics', '1']);
    expect(r.code).toBe(1);
    expect((r.stdout.match(/^ +\d+ {2}(error|warning)/gm) ?? []).length).toBe(1);
    // The file whose problems were all hidden is not listed (dangling.jsonl's are warnings: the error is shown).
    expect(r.stdout).not.toMatch(/^dangling\.jsonl$/m);
    expect(r.stdout).toMatch(/^broken\.jsonl$/m);
    expect(r.stdout).toContain(
      `… ${total - 1} more problem${total - 1 === 1 ? '' : 's'} not shown (--max-diagnostics 1)`,
    );
    expect(r.stdout).toContain(`✖ ${total} problems`);
  });

  it('prints errors first, each file still in line order', async () => {
    const all = await run(['dangling.jsonl', 'broken.jsonl', '-f', 'compact']);
    const lines = all.stdout.split('\n').filter(Boolean);
    const errors = lines.filter((l) => / error /.test(l));
    const warnings = lines.filter((l) => / warning /.test(l));
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    for (const n of [1, errors.length, errors.length + 1]) {
      const r = await run(['dangling.jsonl', 'broken.jsonl', '-f', 'compact', '--max-diagnostics', String(n)]);
      const shown = r.stdout.split('\n').filter(Boolean);
      const expected = [...errors.slice(0, n), ...warnings.slice(0, Math.max(0, n - errors.length))];
      // In report order (files, then lines), whichever were picked.
      expect(shown).toEqual(lines.filter((l) => expected.includes(l)));
    }
  });

  it('0 prints only the summary; none (the default) prints everything', async () => {
    const zero = await run(['broken.jsonl', '--max-diagnostics', '0']);
    expect(zero.stdout).not.toMatch(/^ +\d+ {2}error/m);
    expect(zero.stdout).toMatch(/not shown \(--max-diagnostics 0\)\n\n✖/);
    const none = await run(['broken.jsonl', '--max-diagnostics', 'none']);
    expect(none.stdout).toBe((await run(['broken.jsonl'])).stdout);
  });

  it('caps compact too, with the note on stderr so every stdout line stays a problem', async () => {
    const r = await run(['dangling.jsonl', 'broken.jsonl', '-f', 'compact', '--max-diagnostics', '1']);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/^transcript-lint: \d+ more problems? not shown \(--max-diagnostics 1\)\n$/);
  });

  it('does not touch machine formats', async () => {
    const r = await run(['dangling.jsonl', 'broken.jsonl', '-f', 'json', '--max-diagnostics', '0']);
    expect(ruleIds(r.stdout).length).toBeGreaterThanOrEqual(2);
    expect(r.stderr).toBe('');
  });

  it('rejects anything but a count or none (exit 2)', async () => {
    for (const bad of ['-1', 'all', '2.5'])
      expect((await run(['broken.jsonl', '--max-diagnostics', bad])).code, bad).toBe(2);
  });
});

describe('--statistics', () => {
  it('adds per-rule counts after the stylish report, most frequent first, [*] for fixable', async () => {
    const r = await run(['dangling.jsonl', 'broken.jsonl', 'clean.jsonl', '--statistics']);
    expect(r.code).toBe(1);
    const [, stats] = r.stdout.split('Linted 3 files.\n');
    expect(stats).toMatch(/^\n1 {2}thinking-signature +\[\*\] /m);
    expect(stats).toMatch(/^1 {2}tool-use-has-result +\[\*\] /m);
    expect(stats).toMatch(/\[\*\] fixable with --fix\n$/);
  });

  it('counts what the report holds: --quiet leaves warnings out', async () => {
    const r = await run(['dangling.jsonl', 'broken.jsonl', '--statistics', '--quiet']);
    expect(r.stdout).not.toContain('tool-use-has-result');
  });

  it('says so when there is nothing to count', async () => {
    expect((await run(['clean.jsonl', '--statistics'])).stdout).toBe(
      '✔ No problems in 1 file.\n\nStatistics: no problems.\n',
    );
  });

  it('goes to stderr with a machine format, so stdout stays parseable', async () => {
    const r = await run(['broken.jsonl', '--statistics', '-f', 'json']);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toMatch(/^1 {2}thinking-signature {2}\[\*\] /m);
  });
});

describe('-o, --output-file', () => {
  it('writes the report to the file and nothing to stdout; the exit code is unchanged', async () => {
    const r = await run(['broken.jsonl', '-f', 'sarif', '-o', 'out/report.sarif']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: '' });
    const log = JSON.parse(readFileSync(path.join(tmp, 'out', 'report.sarif'), 'utf8'));
    expect(log.version).toBe('2.1.0');
  });

  it('replaces a report whole (a temp file renamed over it): through a symlink the target is replaced, the link kept', async () => {
    const out = path.join(tmp, 'out-whole');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'real.txt'), 'an older, longer report '.repeat(100));
    symlinkSync('real.txt', path.join(out, 'link.txt'));
    const r = await run(['broken.jsonl', '-f', 'compact', '-o', 'out-whole/link.txt']);
    expect(r.code).toBe(1);
    expect(readFileSync(path.join(out, 'real.txt'), 'utf8')).toMatch(
      /^broken\.jsonl:\d+: error thinking-signature .*\n$/,
    );
    expect(lstatSync(path.join(out, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['link.txt', 'real.txt']);
  });

  it('never colours a file unless --color says so, even with FORCE_COLOR on a terminal', async () => {
    await run(['broken.jsonl', '--output-file', 'out/plain.txt'], { tty: true, env: { FORCE_COLOR: '1' } });
    expect(readFileSync(path.join(tmp, 'out', 'plain.txt'), 'utf8')).not.toContain('\x1b');
    await run(['broken.jsonl', '-o', 'out/color.txt', '--color']);
    expect(readFileSync(path.join(tmp, 'out', 'color.txt'), 'utf8')).toContain('\x1b[');
  });

  it('takes the statistics and the --diff output too; `-o -` is stdout', async () => {
    await run(['broken.jsonl', '--statistics', '-o', 'out/stats.txt']);
    expect(readFileSync(path.join(tmp, 'out', 'stats.txt'), 'utf8')).toMatch(
      /Linted 1 file\.\n\n1 {2}thinking-signature/,
    );
    const diff = await run(['broken.jsonl', '--diff', '-o', 'out/fix.diff']);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toBe('');
    expect(readFileSync(path.join(tmp, 'out', 'fix.diff'), 'utf8')).toContain('+++ b/broken.jsonl');
    expect((await run(['broken.jsonl', '-o', '-', '-f', 'compact'])).stdout).toContain('thinking-signature');
  });

  it('exits 2 when the file cannot be written', async () => {
    mkdirSync(path.join(tmp, 'out', 'a-dir'), { recursive: true });
    const r = await run(['broken.jsonl', '-o', 'out/a-dir']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write the report to out/a-dir: is a directory');
  });
});

describe('stdin', () => {
  it('`-` lints stdin, reported as <stdin>', async () => {
    const r = await run(['-', '-f', 'compact'], { stdin: brokenTranscript() });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^<stdin>:2: error thinking-signature /m);
    expect((await run(['-'], { stdin: cleanTranscript() })).stdout).toBe('✔ No problems in 1 file.\n');
  });

  it('--stdin-filename names it (and alone implies stdin); --stdin is the same as -', async () => {
    const named = await run(['-', '--stdin-filename', 'sessions/s.jsonl', '-f', 'compact'], {
      stdin: brokenTranscript(),
    });
    expect(named.stdout).toMatch(/^sessions\/s\.jsonl:2: error thinking-signature /m);
    const alone = await run(['--stdin-filename', 'x.jsonl', '-f', 'json'], { stdin: brokenTranscript() });
    expect(json(alone.stdout).results[0]!.filePath).toBe(path.join(tmp, 'x.jsonl'));
    expect((await run(['--stdin', '-f', 'compact'], { stdin: brokenTranscript() })).stdout).toMatch(/^<stdin>:2:/);
  });

  it('reads a stream in chunks, split anywhere (even inside a UTF-8 character)', async () => {
    const bytes = new TextEncoder().encode(cleanTranscript('héllo ✓'));
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.slice(i, i + 7);
    }
    const r = await run(['-', '-f', 'json'], { stdin: chunks() });
    expect(r.code).toBe(0);
    expect(json(r.stdout).results[0]!.errorCount).toBe(0);
  });

  it('previews fixes with --fix-dry-run and --diff, but refuses --fix', async () => {
    const dry = await run(['-', '--fix-dry-run', '-f', 'json'], { stdin: brokenTranscript() });
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).results[0].output).toBe(cleanTranscript());
    const diff = await run(['-', '--diff'], { stdin: brokenTranscript() });
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('--- a/<stdin>\n+++ b/<stdin>\n');
    const fix = await run(['-', '--fix'], { stdin: brokenTranscript() });
    expect(fix.code).toBe(2);
    expect(fix.stderr).toContain('--fix cannot write back to stdin');
  });

  it('cannot be combined with paths or --session, read twice, or named without being read', async () => {
    expect((await run(['-', 'clean.jsonl'], { stdin: '' })).code).toBe(2);
    expect((await run(['-', '-'], { stdin: '' })).code).toBe(2);
    expect((await run(['--stdin', '--session', 'abc'], { stdin: '' })).code).toBe(2);
    const named = await run(['clean.jsonl', '--stdin-filename', 'x.jsonl']);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('--stdin-filename');
  });

  it('a path `-` after `--` is a file named -', async () => {
    writeFile(tmp, '-', brokenTranscript());
    const r = await run(['-f', 'compact', '--', '-']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^-:2: error thinking-signature/m);
  });
});

describe('--session', () => {
  const id = '6b0f3c1e-1111-4222-8333-444455556666';
  let configDir: string;

  beforeAll(() => {
    configDir = path.join(tmp, 'claude-config');
    writeFile(configDir, `projects/-home-dev-app/${id}.jsonl`, brokenTranscript());
    writeFile(configDir, `projects/-home-dev-app/${id}/subagents/agent-a1.jsonl`, danglingTranscript());
    writeFile(configDir, `projects/-home-dev-app/${id}/subagents/agent-a1.meta.json`, '{}');
    writeFile(configDir, 'projects/-home-dev-app/other.jsonl', cleanTranscript());
    writeFile(configDir, `projects/-home-dev-web/${id}x.jsonl`, cleanTranscript());
  });

  const env = () => ({ CLAUDE_CONFIG_DIR: configDir });

  it('finds the session file under ${CLAUDE_CONFIG_DIR}/projects/*/', async () => {
    const r = await run(['--session', id, '-f', 'json'], { env: env() });
    expect(r.code).toBe(1);
    expect(json(r.stdout).results.map((x) => path.relative(configDir, x.filePath))).toEqual([
      path.join('projects', '-home-dev-app', `${id}.jsonl`),
    ]);
  });

  it('finds a session in a project folder that is a symlink (as Claude Code does), with and without --session', async () => {
    const home = path.join(tmp, 'linked-home');
    const store = path.join(tmp, 'linked-store', '-srv-app');
    writeFile(store, `${id}.jsonl`, brokenTranscript());
    mkdirSync(path.join(home, '.claude', 'projects'), { recursive: true });
    symlinkSync(store, path.join(home, '.claude', 'projects', '-srv-app'));
    const linked = path.join(home, '.claude', 'projects', '-srv-app', `${id}.jsonl`);
    // A second name for it, a link back into the folder and a loop are not followed: it is found once.
    symlinkSync(store, path.join(home, '.claude', 'projects', '-srv-app2'));
    symlinkSync('-srv-app', path.join(home, '.claude', 'projects', '-alias'));
    symlinkSync('..', path.join(store, 'loop'));
    symlinkSync('..', path.join(store, 'loop2'));
    for (const argv of [['--session', id.slice(0, 6)], []]) {
      const r = await run([...argv, '-f', 'json'], { homedir: home, env: {} });
      expect(r.code, r.stderr).toBe(1);
      const found = json(r.stdout).results.map((x) => x.filePath);
      expect(found).toHaveLength(1);
      // Under whichever of its names the walk met first.
      expect(['-srv-app', '-srv-app2', '-alias'].map((n) => linked.replace('-srv-app', n))).toContain(found[0]);
    }
  });

  it('falls back to ~/.claude/projects', async () => {
    const r = await run(['--session', id, '-f', 'json'], { homedir: path.join(tmp, 'home'), env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `no session ${id} in any agent's sessions folder:\n  Claude Code session: ~/.claude/projects\n`,
    );
  });

  it('--session-sidechains adds the subagent transcripts', async () => {
    const r = await run(['--session', id, '--session-sidechains', '-f', 'json'], { env: env() });
    expect(json(r.stdout).results.map((x) => path.basename(x.filePath))).toEqual([`${id}.jsonl`, 'agent-a1.jsonl']);
  });

  it('combines with paths', async () => {
    const r = await run(['--session', id, 'clean.jsonl', '-f', 'json'], { env: env() });
    expect(json(r.stdout).results).toHaveLength(2);
  });

  it('exits 2 for an unknown session (unless unmatched patterns are allowed) or a malformed id', async () => {
    const missing = await run(['--session', '00000000-0000-0000-0000-000000000000'], { env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no session 00000000-0000-0000-0000-000000000000 in');
    expect(
      (
        await run(
          ['--session', '00000000-0000-0000-0000-000000000000', 'clean.jsonl', '--no-error-on-unmatched-pattern'],
          { env: env() },
        )
      ).code,
    ).toBe(0);
    for (const bad of ['../x', '*', 'a/b']) {
      const r = await run(['--session', bad], { env: env() });
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain('is not a session id');
    }
  });

  it('--session-sidechains needs --session', async () => {
    expect((await run(['clean.jsonl', '--session-sidechains'])).code).toBe(2);
  });
});

describe('--target, --input-format, --max-line-bytes', () => {
  it('--target api turns the dangling call into an error', async () => {
    expect((await run(['dangling.jsonl', '--target', 'api'])).code).toBe(1);
  });

  it('--input-format takes claude-code, request or messages; anything else exits 2', async () => {
    expect((await run(['broken.jsonl', '--input-format', 'claude-code'])).code).toBe(1);
    const bad = await run(['broken.jsonl', '--input-format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^transcript-lint: --input-format "xml" is not one of claude-code, .*request.*\nRun 'transcript-lint --help' for usage\.\n$/,
    );
  });

  it('a value outside the choices, or a number too large, is one line saying so', async () => {
    expect((await run(['broken.jsonl', '--target', 'apii'])).stderr).toBe(
      `transcript-lint: --target "apii" is not one of claude-code, api, bedrock, copilot, cline, roo, openai, codex, openai-responses, gemini, qwen (did you mean api?)\nRun 'transcript-lint --help' for usage.\n`,
    );
    expect((await run(['broken.jsonl', '--max-line-bytes', '99999999999999999999'])).stderr).toContain(
      '--max-line-bytes 99999999999999999999 is too large (at most 999,999,999,999,999)',
    );
    const typo = await run(['broken.jsonl', '--max-warning', '0']);
    expect(typo.stderr).toBe(
      "transcript-lint: unknown option --max-warning (did you mean --max-warnings?)\nRun 'transcript-lint --help' for usage.\n",
    );
    for (const flag of ['-o', '--print-config']) {
      const empty = await run(['broken.jsonl', flag, '']);
      expect(empty.code, flag).toBe(2);
      expect(empty.stderr, flag).toMatch(/needs a file name \(an unset variable\?\)/);
    }
  });

  it('detects a Messages API request by its content and judges it for the api target by default', async () => {
    writeFile(tmp, 'requests/dangling.json', requestWithDanglingCall());
    const r = await run([path.join('requests', 'dangling.json'), '-f', 'json']);
    expect(r.code).toBe(1);
    const [result] = json(r.stdout).results as unknown as {
      inputFormat: string;
      target: string;
      diagnostics: { ruleId: string; severity: string; line: number }[];
    }[];
    expect(result).toMatchObject({ inputFormat: 'request', target: 'api' });
    expect(result!.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'tool-use-has-result', severity: 'error', line: 6 }),
    );
    // The claude-code target is still there for the asking: there Claude Code drops the call (an error too).
    const cc = await run([path.join('requests', 'dangling.json'), '--target', 'claude-code', '-f', 'json']);
    expect(json(cc.stdout).results[0]!.diagnostics.find((d) => d.ruleId === 'tool-use-has-result')).toMatchObject({
      severity: 'error',
      messageId: 'dropped',
    });
  });

  it('a folder holds sessions (*.jsonl) unless --input-format says requests or messages (then *.json too)', async () => {
    writeFile(tmp, 'requests/dangling.json', requestWithDanglingCall());
    const sessions = await run(['requests']);
    expect(sessions.code).toBe(2);
    expect(sessions.stderr).toContain('no *.jsonl or api_conversation_history.json files found in requests');
    const plain = await run(['requests', '--input-format', 'request', '-f', 'json']);
    expect(plain.code).toBe(1);
    expect(json(plain.stdout).results.map((x) => path.basename(x.filePath))).toEqual(['dangling.json']);
    const empty = await run(['empty-plain', '--input-format', 'messages'], { cwd: mkdtempSync(path.join(tmp, 'ep-')) });
    expect(empty.code).toBe(2);
  });

  it('--max-line-bytes reports longer lines instead of parsing them', async () => {
    const r = await run(['clean.jsonl', '--max-line-bytes', '100', '-f', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].diagnostics[0]).toMatchObject({
      ruleId: 'valid-json',
      messageId: 'tooLong',
    });
    expect((await run(['clean.jsonl', '--max-line-bytes', '100000'])).code).toBe(0);
    expect((await run(['clean.jsonl', '--max-line-bytes', '0'])).code).toBe(2);
  });
});

describe('--help', () => {
  it('lists every flag and the exit codes', async () => {
    const { stdout } = await run(['--help']);
    for (const flag of [
      '--max-warnings',
      '--quiet',
      '--rule',
      '--select',
      '--ignore',
      '--config',
      '--print-config',
      '--color',
      '--progress',
      '--max-diagnostics',
      '--statistics',
      '--exit-zero',
      '--exit-non-zero-on-fix',
      '--error-on-unmatched-pattern',
      '--stdin',
      '--stdin-filename',
      '--session',
      '--session-sidechains',
      '--input-format',
      '--output-file',
      '--max-line-bytes',
      '--fix',
      '--diff',
      '--target',
    ]) {
      expect(stdout, flag).toContain(flag);
    }
    expect(stdout).toMatch(/Exit codes:\n {2}0 {2}.*\n(?: {5}.*\n)* {2}1 {2}.*\n(?: {5}.*\n)* {2}2 {2}/);
    expect(existsSync(path.join(tmp, 'transcript-lint.config.json'))).toBe(false);
  });

  it('every flag in --help is documented in the README', async () => {
    const { stdout } = await run(['--help']);
    const readme = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'README.md'), 'utf8');
    const flags = new Set(stdout.match(/--[a-z][a-z-]+/g));
    for (const flag of flags) {
      // Boolean flags that default to on are documented by their --no- form.
      const documented =
        readme.includes(`\`${flag}`) || readme.includes(`\`--no-${flag.slice(2)}`) || readme.includes(`${flag} `);
      expect(documented, flag).toBe(true);
    }
  });
});

describe('spellings from other tools', () => {
  it("takes ruff's --output-format for --format", async () => {
    const ours = await run(['-f', 'json', 'broken.jsonl']);
    for (const argv of [['--output-format', 'json'], ['--output-format=json']]) {
      const r = await run([...argv, 'broken.jsonl']);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stdout).toBe(ours.stdout);
    }
  });

  it('takes --color=always|never|auto, and names the choices for another word', async () => {
    const always = await run(['--color=always', 'broken.jsonl']);
    expect(always.stdout).toContain('\u001b[');
    for (const when of ['never', 'auto'])
      expect((await run([`--color=${when}`, 'broken.jsonl'])).stdout).not.toContain('\u001b[');
    const bad = await run(['--color=sometimes', 'broken.jsonl']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--color=sometimes: expected always, never or auto');
  });

  it("skips files with ESLint's --ignore-pattern, and --no-ignore lints them (and the config's ignores) again", async () => {
    const dir = mkdtempSync(path.join(tmp, 'ignores-'));
    writeFile(dir, 'wrong.jsonl', brokenTranscript());
    writeFile(dir, 'broken/dangling.jsonl', danglingTranscript());
    writeFile(dir, 'transcript-lint.config.json', '{"ignores": ["broken/**"]}');
    const files = (stdout: string) => json(stdout).results.map((r) => path.relative(dir, r.filePath));
    const both = await run(['-f', 'json', '--ignore-pattern', 'wrong.*', '.'], { cwd: dir });
    expect(both.stdout).toBe('');
    expect(both.stderr).toMatch(
      /every file matched by "\." is skipped by the config's "ignores", --ignore-pattern or \.gitignore/,
    );
    expect(both.code).toBe(2);
    const named = await run(['-f', 'json', '--ignore-pattern', 'wrong.*', 'wrong.jsonl'], { cwd: dir });
    expect(named.stderr).toContain('wrong.jsonl is skipped by --ignore-pattern');
    const noIgnore = await run(['-f', 'json', '--ignore-pattern', '*.jsonl', '--no-ignore', '.'], { cwd: dir });
    expect(files(noIgnore.stdout)).toEqual(['broken/dangling.jsonl', 'wrong.jsonl']);
    expect(noIgnore.code).toBe(1);
    const bad = await run(['--ignore-pattern', 'a**', '.'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--ignore-pattern: "a**": ** must be a whole path segment');
  });
});

describe('stdin without - or --stdin', () => {
  it('is not read; a run without paths says so, then lints the sessions folders as usual', async () => {
    const home = mkdtempSync(path.join(tmp, 'home-'));
    writeFile(home, '.claude/projects/p/s.jsonl', brokenTranscript());
    const piped = await run(['-f', 'json'], { homedir: home, stdinPiped: true, stdin: cleanTranscript() });
    expect(piped.stderr).toContain("stdin is not read without - or --stdin (as in 'transcript-lint -')");
    expect(json(piped.stdout).results.map((r) => path.basename(r.filePath))).toEqual(['s.jsonl']);
    // Not piped (a terminal, /dev/null), or with paths: no note.
    expect((await run(['-f', 'json'], { homedir: home })).stderr).not.toContain('stdin');
    expect((await run(['broken.jsonl'], { stdinPiped: true })).stderr).not.toContain('stdin');
  });
});
