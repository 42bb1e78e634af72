// Property (b), (e): the CLI, run on any mutation of a real transcript, exits 0 or 1 (never 2), prints no stack
// trace, keeps raw control characters off the terminal, and gives valid JSON in the machine formats. Fixed seed
// under `npm run test:heavy` (300 CLI runs); `npm run fuzz` for long runs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { params, testTimeout, tracked } from './config.js';
import { assertNoPollution, assertNoStack, assertTerminalSafe, sameBytes } from './invariants.js';
import { buildCase, type Case, caseArb } from './mutations.js';
import { allSeeds } from './seeds.js';

const seeds = allSeeds();
let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-cli-prop-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const MODES: readonly string[][] = [
  [],
  ['--fix-dry-run'],
  ['--fix-dry-run', '--unsafe-fixes'],
  ['--diff'],
  ['--diff', '--unsafe-fixes'],
  ['--fix'],
  ['--fix', '--unsafe-fixes', '--no-backup'],
];
const FORMATS = ['stylish', 'compact', 'github', 'json', 'sarif'] as const;

const cliArb = fc.record({
  format: fc.constantFrom(...FORMATS),
  mode: fc.nat({ max: MODES.length - 1 }),
  color: fc.constantFrom<string[]>([], ['--color'], ['--no-color']),
  tty: fc.boolean(),
});
type CliChoice = typeof cliArb extends fc.Arbitrary<infer T> ? T : never;

let counter = 0;

async function runCase(c: Case, cli: CliChoice): Promise<void> {
  const dir = path.join(tmp, String(counter++));
  mkdirSync(dir);
  const file = path.join(dir, 'session.jsonl');
  const bytes = buildCase(c, seeds);
  writeFileSync(file, bytes);
  const mode = MODES[cli.mode]!;
  const limit = c.maxLineBytes !== undefined ? ['--max-line-bytes', String(c.maxLineBytes)] : [];
  // --diff prints a patch and takes no --format (a usage error).
  const format = mode[0] === '--diff' ? [] : ['--format', cli.format];
  const argv = ['session.jsonl', ...format, '--target', c.target, ...mode, ...cli.color, ...limit];
  const what = `transcript-lint ${argv.join(' ')}`;
  try {
    const { code, stdout, stderr } = await runCli(argv, { cwd: dir, tty: cli.tty });
    assertNoPollution();
    assertNoStack(stderr, `${what}: stderr`);
    assertNoStack(stdout, `${what}: stdout`);
    if (code !== 0 && code !== 1) throw new Error(`${what}: exit code ${code}; stderr: ${stderr}`);
    if (/internal error/.test(stderr)) throw new Error(`${what}: ${stderr}`);
    assertTerminalSafe(stderr, `${what}: stderr`);
    if (mode[0] === '--diff') {
      // Piped, a diff is input for patch(1) and keeps the file's own bytes; on a terminal it is neutralised.
      if (cli.tty) assertTerminalSafe(stdout, `${what}: stdout`, true);
    } else if (cli.format === 'json' || cli.format === 'sarif') {
      JSON.parse(stdout);
    } else {
      const color = cli.format === 'stylish' && (cli.color[0] === '--color' || (cli.color.length === 0 && cli.tty));
      assertTerminalSafe(stdout, `${what}: stdout`, color);
    }
    if (mode[0] === '--fix' && !mode.includes('--no-backup')) {
      let backup: Buffer | undefined;
      try {
        backup = readFileSync(`${file}.bak`);
      } catch {
        // no backup: nothing was written
      }
      if (backup && !sameBytes(backup, bytes)) throw new Error(`${what}: the backup differs from the original`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('property: the CLI on mutated transcripts', () => {
  it(
    'exits 0 or 1, without a stack trace, escaping control characters',
    async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(seeds), cliArb, (c, cli) => tracked('cli', { case: c, cli }, () => runCase(c, cli))),
        params('cli'),
      );
    },
    testTimeout('cli'),
  );
});
