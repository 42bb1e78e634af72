// The three machine formats through main(): each prints its format and nothing else on stdout, leaves stderr empty,
// and keeps the exit code of the lint.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../src/formatters/index.js';
import { text, toolUse, transcript } from '../helpers/build.js';
import { runCli } from '../helpers/run-cli.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let tmp: string;

/**
 * A session whose last tool call never got its result (a warning) and, when `unsigned`, whose answer opens with a
 * thinking block without its signature (an error); both on line 2.
 */
function crashed(unsigned = true): string {
  const t = transcript();
  t.user('list the files');
  t.assistant([...(unsigned ? [{ type: 'thinking', thinking: 'hmm' }] : []), text('Looking.'), toolUse('toolu_01A')]);
  return t.toString();
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-formats-'));
  mkdirSync(path.join(tmp, 'crash day'));
  writeFileSync(path.join(tmp, 'crash day', 'a b.jsonl'), crashed());
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const run = (format: string) => runCli([path.join('crash day', 'a b.jsonl'), '-f', format], { cwd: tmp, tty: true });

describe('--format compact, summary, github and sarif', () => {
  it('are offered by --format', () => {
    expect(FORMAT_NAMES).toEqual([
      'stylish',
      'compact',
      'summary',
      'json',
      'sarif',
      'github',
      'gitlab',
      'junit',
      'rdjson',
      'eslint',
    ]);
  });

  it('compact prints only `path:line: severity rule-id message` lines', async () => {
    const r = await run('compact');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^crash day\/a b\.jsonl:\d+: (error|warning) [a-z-]+ \S.*$/);
    expect(lines).toContainEqual(expect.stringMatching(/^crash day\/a b\.jsonl:2: error thinking-signature /));
    expect(r.stdout).not.toContain('\x1b');
  });

  it('summary prints one line for the file, coloured on a terminal; --quiet keeps only files with errors', async () => {
    const r = await run('summary');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('\x1b[31mfail\x1b[39m  1 error  1 warning  2 fixable  crash day/a b.jsonl\n');
    writeFileSync(path.join(tmp, 'warned.jsonl'), crashed(false));
    const both = ['warned.jsonl', path.join('crash day', 'a b.jsonl'), '-f', 'summary'];
    expect((await runCli(both, { cwd: tmp })).stdout).toBe(
      'fail  1 error   1 warning  2 fixable  crash day/a b.jsonl\nwarn  0 errors  1 warning  1 fixable  warned.jsonl\n',
    );
    // --quiet: errors only, as ESLint; a file left with nothing to show is left out, and with none, nothing is printed.
    const quiet = await runCli([...both, '--quiet'], { cwd: tmp });
    expect(quiet).toEqual({
      code: 1,
      stdout: 'fail  1 error  0 warnings  1 fixable  crash day/a b.jsonl\n',
      stderr: '',
    });
    expect(await runCli(['warned.jsonl', '-f', 'summary', '--quiet'], { cwd: tmp })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('github prints only workflow commands, errors first', async () => {
    const r = await run('github');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) {
      expect(line).toMatch(/^::(error|warning) file=crash day\/a b\.jsonl,line=\d+(,endLine=\d+)?,title=[a-z-]+::\S/);
    }
    const kinds = lines.map((l) => l.slice(2, l.indexOf(' ')));
    expect(kinds).toEqual([...kinds].sort());
    expect(kinds[0]).toBe('error');
    expect(kinds).toContain('warning');
    expect(r.stdout).not.toContain('\x1b');
  });

  it('sarif prints one schema-valid SARIF document', async () => {
    const r = await run('sarif');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const log = JSON.parse(r.stdout);
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const f of ['uri', 'uri-reference', 'date-time']) ajv.addFormat(f, true);
    const validate = ajv.compile(JSON.parse(readFileSync(path.join(here, 'sarif-schema-2.1.0.json'), 'utf8')));
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run0 = log.runs[0];
    expect(run0.originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(tmp).href}/`);
    const unsigned = run0.results.find((x: { ruleId: string }) => x.ruleId === 'thinking-signature');
    expect(unsigned.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'crash%20day/a%20b.jsonl', uriBaseId: '%SRCROOT%' },
      region: { startLine: 2 },
    });
  });
});
