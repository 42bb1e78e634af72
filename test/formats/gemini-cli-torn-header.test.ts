// A Gemini CLI session whose header a crash cut off inside its projectHash (or its sessionId), in the CLI's own
// folder layout: `<tmp>/<project id>/.project_root` holds the project root whose sha256 is the projectHash. Recorded
// with Gemini CLI 0.61.0 (resume.sh, strict): with the header cut the CLI listed no session ("No previous sessions
// found for this project.") and its session cleanup deleted the file; with the header written again it resumed the
// file and sent every message and the call.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { scratch } from '../helpers/scratch.js';

const DATA = join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'gemini');
const call = readFileSync(join(DATA, 'tool-call.jsonl'), 'utf8').replace(/\n$/, '').split('\n');
const NAME = 'session-2026-12-07T06-57-d90bfb6e.jsonl';
const SESSION_ID = 'd90bfb6e-0143-44d0-9c0c-71c5b7b03061';
const kept = (text: string) =>
  JSON.stringify({ type: 'transcript-lint.kept-line', reason: 'the header, cut off', text });
const tmp = scratch('tl-gemini-header-');

/** The file in `<tmp>/<project>/chats/`, with `.project_root` beside `chats/` when `root` is given. */
function place(project: string, text: string, root?: string): string {
  const chats = join(tmp.dir, project, 'chats');
  mkdirSync(chats, { recursive: true });
  if (root !== undefined) writeFileSync(join(tmp.dir, project, '.project_root'), root);
  const file = join(chats, NAME);
  writeFileSync(file, text);
  return file;
}

describe('gemini/valid-jsonl: a header cut off', () => {
  it("is written again with the projectHash of the folder's project root, the cut text kept after it", async () => {
    const torn = call[0]!.slice(0, 100);
    const file = place('p1', `${[torn, ...call.slice(1)].join('\n')}\n`, '/tmp/gemini-proj');
    const r = await runCli(['--fix', '--no-backup', file], { cwd: tmp.dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const header = {
      sessionId: SESSION_ID,
      projectHash: '884648df34ad2e662cba78b154371f464ed0fc81c7962d3c50f9c5cb3d0dcf2f',
    };
    // The doubled result of line 8 is kept by gemini/doubled-tool-result; the other lines are as recorded.
    const out = readFileSync(file, 'utf8').split('\n');
    expect(out.slice(0, 2)).toEqual([JSON.stringify(header), kept(torn)]);
    expect(out.slice(2, 8)).toEqual(call.slice(1, 7));
  });

  it("takes the sessionId from the file's $set line when the cut text ends inside it", async () => {
    const torn = call[0]!.slice(0, 30);
    const set = `{"$set":{"sessionId":"${SESSION_ID}"}}`;
    const file = place('p2', `${[torn, ...call.slice(1), set].join('\n')}\n`, '/tmp/gemini-proj');
    await runCli(['--fix', '--no-backup', file], { cwd: tmp.dir });
    const out = readFileSync(file, 'utf8').split('\n');
    expect(JSON.parse(out[0]!)).toEqual({ sessionId: SESSION_ID, projectHash: expect.stringMatching(/^884648df/) });
    expect(out[1]).toBe(kept(torn));
  });

  it('is not written again when the folder records no project root, and says why', async () => {
    const torn = call[0]!.slice(0, 100);
    const text = `${[torn, ...call.slice(1)].join('\n')}\n`;
    const file = place('p3', text);
    const r = await runCli(['--fix', '--no-backup', file], { cwd: tmp.dir });
    expect(r.stdout + r.stderr).toContain(
      "No fix: its projectHash is cut off and the file's folder records no project root",
    );
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(torn);
  });
});
