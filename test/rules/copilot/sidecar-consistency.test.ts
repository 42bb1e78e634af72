// The sidecar is read from beside an events.jsonl on disk, so the invalid cases are session folders in a temporary
// directory; a file that is not a session's events.jsonl (the RuleTester's) has none, and nothing is reported.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../../../rules/copilot/sidecar-consistency.js';
import { fixBytes, lintBytes } from '../../../src/index.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recording } from './recorded.js';

const parallel = recording('parallel');
const ID = 'cdfd9208-c7e5-4966-9563-7e9d996aa3cf';
const WORKSPACE = `id: ${ID}\ncwd: ${tmpdir()}\nclient_name: github/cli\nname: run three echos\nuser_named: false\nsummary_count: 0\nfork_count: 0\ncreated_at: 2026-12-01T09:40:35.519Z\nupdated_at: 2026-12-01T09:40:35.694Z\n`;
// The recording ran in /tmp/copilot-proj; its events say so.
const events = parallel.text.replaceAll('"cwd":"/tmp/copilot-proj"', `"cwd":${JSON.stringify(tmpdir())}`);

runRuleTests(rule, {
  valid: [{ name: 'a file that is no session’s events.jsonl has no sidecar', text: parallel.text }],
  invalid: [],
});

const root = mkdtempSync(path.join(tmpdir(), 'tl-sidecar-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A session folder with these files; the lint of its events.jsonl with the rule alone. */
function lintFolder(files: Record<string, string | undefined>, folder = ID) {
  const dir = path.join(root, String(n++), folder);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries({ 'events.jsonl': events, 'workspace.yaml': WORKSPACE, ...files }))
    if (text !== undefined) writeFileSync(path.join(dir, name), text);
  const file = path.join(dir, 'events.jsonl');
  const bytes = new TextEncoder().encode(events);
  const { result } = lintBytes(file, bytes, { rules: [rule] });
  // Nothing here is events.jsonl's to fix.
  expect(fixBytes(file, bytes, { rules: [rule], unsafe: true }).changed).toBe(false);
  return result.diagnostics.map((d) => `${d.line} ${d.severity} ${d.messageId}: ${d.message}`);
}

describe('copilot/sidecar-consistency', () => {
  it('a recorded session folder is consistent', () => {
    expect(lintFolder({})).toEqual([]);
  });

  it('an unreadable workspace.yaml makes resume fail', () => {
    const [d] = lintFolder({ 'workspace.yaml': 'id: cdfd9208\u0000\u0000\u0000' });
    expect(d).toMatch(/^1 error workspaceUnreadable: .*control character at position 12.*Failed to load workspace/);
  });

  it('a missing workspace.yaml loses the session name', () => {
    expect(lintFolder({ 'workspace.yaml': undefined })).toEqual([
      expect.stringMatching(/^1 warn workspaceMissing: .*\("run three echos"\) is lost\.$/),
    ]);
  });

  it('an id that is not the folder, and a cwd that is not the last one', () => {
    const found = lintFolder({
      'workspace.yaml': WORKSPACE.replace(`id: ${ID}`, 'id: other').replace(`cwd: ${tmpdir()}`, 'cwd: /'),
    });
    expect(found).toEqual([
      expect.stringMatching(/^1 warn workspaceId: workspace.yaml's id is other, not the session's folder/),
      expect.stringMatching(
        new RegExp(`^1 warn workspaceCwd: workspace.yaml's cwd is /, but the session last ran in ${tmpdir()}`),
      ),
    ]);
  });

  it('a cwd that is no directory here', () => {
    expect(
      lintFolder({ 'workspace.yaml': WORKSPACE.replace(`cwd: ${tmpdir()}`, 'cwd: /nonexistent/project') }),
    ).toEqual([
      expect.stringMatching(/^1 warn cwdMissing: workspace.yaml's cwd \/nonexistent\/project is not a directory here/),
    ]);
  });

  it('the lock of a process that is gone, once for its .lock and .hold; a live one is no finding', () => {
    expect(
      lintFolder({
        'inuse.4194304.lock': '4194304\n',
        'inuse.4194304.hold': '',
        [`inuse.${process.pid}.lock`]: `${process.pid}\n`,
      }),
    ).toEqual([
      expect.stringMatching(
        /^1 warn staleLock: inuse.4194304.hold and inuse.4194304.lock beside it name process 4194304/,
      ),
    ]);
  });
});
