// --fix of a session of 64 MiB or more through the CLI (engine/fix-on-disk.ts): the file written is, byte for byte,
// the file a fix in memory writes, and the original is its backup. The heavy tier (vitest.heavy.config.ts) runs it:
// it writes 65 MiB and fixes it twice.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/index.js';
import { fixBytes } from '../../src/engine/fix-loop.js';
import { brokenSession as broken } from '../helpers/line-shapes.js';
import { runCli } from '../helpers/run-cli.js';
import { scratch } from '../helpers/scratch.js';

const { fileAlone: fileOf } = scratch('tl-fix-on-disk-heavy-');

const namesBeside = (path: string) => readdirSync(join(path, '..')).sort();

describe('the CLI fixes a session of 64 MiB or more on disk', () => {
  it('and writes what a fix in memory writes, with the original as its backup', async () => {
    const one = broken();
    const parts: string[] = [];
    let size = 0;
    // Every copy's ids are its own (uuids, message and tool ids), so each copy is a session of its own: only the
    // defects each copy has are fixed.
    for (let i = 0; size < 65 * 1024 * 1024; i++) {
      const copy = one.replace(/("(?:uuid|parentUuid|id|tool_use_id)":"[^"]+)"/g, `$1-${i}"`);
      parts.push(copy);
      size += copy.length;
    }
    const content = `${parts.join('')}{"type":"user","mess`;
    const path = fileOf(content);
    const expected = Buffer.from(fixBytes(linter, path, readFileSync(path)).output);
    const { code, stderr } = await runCli(['--fix', path], { cwd: join(path, '..') });
    expect(stderr).toMatch(
      /^transcript-lint: fixed \d+ problems \(unique-uuid .*\) in 1 file; backups beside each file/,
    );
    expect(code).toBeLessThan(2);
    expect(readFileSync(path).equals(expected)).toBe(true);
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(content);
    expect(namesBeside(path)).toEqual(['session.jsonl', 'session.jsonl.bak']);
  });
});
