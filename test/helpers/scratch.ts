// A temp folder for one test file, removed after it, and the two ways tests write sessions into it.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function scratch(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  return {
    dir,
    /** A file of its own name in the folder. */
    file(content: string | Uint8Array): string {
      const path = join(dir, `s${n++}.jsonl`);
      writeFileSync(path, content);
      return path;
    },
    /** `session.jsonl` alone in a folder of its own (mode 0640), so that the temp files beside it can be counted. */
    fileAlone(content: string | Uint8Array): string {
      const own = join(dir, `d${n++}`);
      mkdirSync(own);
      const path = join(own, 'session.jsonl');
      writeFileSync(path, content, { mode: 0o640 });
      chmodSync(path, 0o640);
      return path;
    },
  };
}
