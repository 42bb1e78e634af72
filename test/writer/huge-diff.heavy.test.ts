// Issue 11 item 20 (the fix side): --diff and --fix-dry-run show a file as text, and a file over V8's longest
// string (~512 MiB) cannot be. One clear line naming the limit, exit 2, not an internal error.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTranscript, tornTranscript } from '../helpers/cli-fixtures.js';
import { runCli } from '../helpers/run-cli.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-huge-'));
  // 600 MB: a clean exchange, one 600 MB line (over --max-line-bytes, so never parsed), and a torn last line.
  const fd = openSync(path.join(tmp, 'big.jsonl'), 'w');
  writeSync(fd, cleanTranscript());
  const block = Buffer.alloc(64 * 2 ** 20, 'x');
  for (let i = 0; i < 9; i++) writeSync(fd, block);
  writeSync(fd, '\n');
  writeSync(fd, tornTranscript().slice(cleanTranscript().length));
  closeSync(fd);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a 600 MB file', () => {
  it.each(['--diff', '--fix-dry-run'])(
    '%s: one line naming the limit, exit 2, no internal error',
    async (flag) => {
      const r = await runCli([flag, '--max-line-bytes', '1000', 'big.jsonl'], { cwd: tmp });
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('internal error');
      expect(r.stderr).toContain(
        `transcript-lint: big.jsonl: too large for ${flag} (576 MiB; ${flag} shows the file as text, and the longest text Node can hold is 511 MiB); nothing was written\n`,
      );
      expect(r.stdout).not.toMatch(/x{1000}/);
    },
    60_000,
  );
});
