// A Gemini CLI session with a restored copy of its own lines appended (generated Gemini seeds 74 and 92, cut from
// the recorded resumed.jsonl). Gemini CLI 0.61.0 reads the copy last; its `$set messages` snapshot is also a
// gemini/doubled-tool-result site. Before, the doubled fix mended that snapshot, so it was no byte copy any more, and
// the stale-record fix of the other copies left it as the last word: the fixed file sent only the first turn
// (harness: 2 calls lost). Now, recorded with the CLI (resume.sh, strict): both fixed files were accepted with both
// turns, each call and each result once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { scratch } from '../helpers/scratch.js';

const DATA = join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'gemini');
const resumed = readFileSync(join(DATA, 'resumed.jsonl'), 'utf8').replace(/\n$/, '').split('\n');
const tmp = scratch('tl-gemini-restored-');

/** The parts of the contents export gives, as `role: part part` lines (calls and results by id). */
function skeleton(contents: { role: string; parts: Record<string, { id?: string; name?: string }>[] }[]): string[] {
  return contents.map(
    (c) =>
      `${c.role}: ${c.parts
        .map((p) =>
          p.functionCall ? `call#${p.functionCall.id}` : p.functionResponse ? `resp#${p.functionResponse.id}` : 'text',
        )
        .join(' ')}`,
  );
}

const SENT = [
  'user: text text',
  'model: text call#fc_mock1_1',
  'user: resp#fc_mock1_1',
  'model: text',
  'user: text',
  'model: call#fc_mock28v_1_0 call#fc_mock28v_1_1',
  'user: resp#fc_mock28v_1_0 resp#fc_mock28v_1_1',
  'model: text',
];

describe('gemini: a restored copy of the session appended to it', () => {
  it.each([
    ['seed 74: lines 1-22, then lines 1-21 again', [...resumed, ...resumed.slice(0, 21)]],
    ['seed 92: lines 1-22, then 1-19, then line 1 again', [...resumed, ...resumed.slice(0, 19), resumed[0]!]],
  ])('%s: fixed, it sends both turns, each result once', async (_, lines) => {
    const file = tmp.file(`${lines.join('\n')}\n`);
    await runCli(['--fix', '--unsafe-fixes', '--no-backup', file], { cwd: tmp.dir });
    const lint = await runCli(['--format', 'json', file], { cwd: tmp.dir });
    expect(JSON.parse(lint.stdout).results.flatMap((r: { diagnostics: unknown[] }) => r.diagnostics)).toEqual([]);
    const exported = await runCli(['export', file], { cwd: tmp.dir });
    expect(skeleton(JSON.parse(exported.stdout).contents)).toEqual(SENT);
    // Every line is still there: the copies are kept in records the CLI skips.
    expect(readFileSync(file, 'utf8').split('\n').length).toBe(lines.length + 1);
  });
});
