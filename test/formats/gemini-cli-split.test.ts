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

async function split(lines: string[]): Promise<{ files: string[]; own: string; stdout: string }> {
  const dir = join(tmp.dir, `c${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, NAME), `${lines.join('\n')}\n`);
  const r = await runCli(['split', join(dir, NAME)], { cwd: dir });
  return { files: readdirSync(dir).sort(), own: readFileSync(join(dir, NAME), 'utf8'), stdout: r.stdout };
}

const CLEANUP =
  'would hold no session Gemini CLI lists (nothing it resumes), and its session cleanup deletes such a file at start-up, with every session file named with the same first 8 of the id';

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
    expect(r.stdout).toBe(
      `${NAME} also holds lines of session f9c4b80d-15eb-4c6c-8f72-7887934150fb; split leaves them there: without them, this file ${CLEANUP}\n`,
    );
  });

  it('moves nothing when the other session holds nothing to resume (its header and context only)', async () => {
    const lines = [...call, ...parallel.slice(0, 2)];
    const r = await split(lines);
    expect(r.files).toEqual([NAME]);
    expect(r.own).toBe(`${lines.join('\n')}\n`);
    expect(r.stdout).toBe(
      `${NAME} also holds lines of session f9c4b80d-15eb-4c6c-8f72-7887934150fb; split leaves them there: moved alone into a file, they ${CLEANUP}\n`,
    );
  });

  it('says so when the other session has no startTime to name its file by', async () => {
    const header = JSON.parse(parallel[0]!) as Record<string, unknown>;
    delete header.startTime;
    const lines = [...call, JSON.stringify(header), ...parallel.slice(1)];
    const r = await split(lines);
    expect(r.files).toEqual([NAME]);
    expect(r.stdout).toBe(
      `${NAME} also holds lines of session f9c4b80d-15eb-4c6c-8f72-7887934150fb; split leaves them there: its header has no startTime to name its file by\n`,
    );
  });

  it("says a file of one session's conversation has nothing to move", async () => {
    const r = await split(call);
    expect(r.stdout).toBe(`${NAME} holds one session's conversation: nothing to move\n`);
  });
});
