// `transcript-lint split` on Gemini CLI session files: it moves another session's lines into a file of its own only
// when both files then hold a session Gemini CLI 0.61.0 lists. A file it lists none in (no message to resume) is
// deleted by the CLI's start-up session cleanup with every other session file named with the same first 8 of the id;
// recorded for generated seed 3: the file split left (header, context, a cut-off prompt) was gone after a new session
// started beside it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { scratch } from '../helpers/scratch.js';

const DATA = join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'gemini');
const rec = (name: string) => readFileSync(join(DATA, name), 'utf8').replace(/\n$/, '').split('\n');
const call = rec('tool-call.jsonl');
const parallel = rec('parallel.jsonl');
const NAME = 'session-2026-12-07T06-57-d90bfb6e.jsonl';
const tmp = scratch('tl-gemini-split-');
let n = 0;

async function split(lines: string[]): Promise<{ files: string[]; own: string }> {
  const dir = join(tmp.dir, `c${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, NAME), `${lines.join('\n')}\n`);
  await runCli(['split', join(dir, NAME)], { cwd: dir });
  return { files: readdirSync(dir).sort(), own: readFileSync(join(dir, NAME), 'utf8') };
}

describe('split of a Gemini CLI session file', () => {
  it("moves another session's file joined to this one into a file of its own", async () => {
    const r = await split([...call, ...parallel]);
    expect(r.files).toEqual([NAME, `${NAME}.bak`, 'session-2026-12-07T07-01-f9c4b80d.jsonl']);
    expect(r.own).toBe(`${call.join('\n')}\n`);
  });

  it('moves nothing when the lines left would hold nothing to resume (seed 3: the prompt cut off)', async () => {
    const lines = [...call.slice(0, 2), call[2]!.slice(0, 114), ...parallel];
    const r = await split(lines);
    expect(r.files).toEqual([NAME]);
    expect(r.own).toBe(`${lines.join('\n')}\n`);
  });

  it('moves nothing when the other session holds nothing to resume (its header and context only)', async () => {
    const lines = [...call, ...parallel.slice(0, 2)];
    const r = await split(lines);
    expect(r.files).toEqual([NAME]);
    expect(r.own).toBe(`${lines.join('\n')}\n`);
  });
});
