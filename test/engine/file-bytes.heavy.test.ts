// The CLI lints a session of 64 MiB or more in chunks (engine/file-bytes.ts): what it reports is what a lint of the
// whole file reports, and a file cut shorter meanwhile is said to have changed. The heavy tier (vitest.heavy.config.ts)
// runs it: it writes 66 MiB and lints it twice.
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/index.js';
import { FileChangedError } from '../../src/engine/file-bytes.js';
import { lintOne } from '../../src/engine/lint-files.js';
import { cutterRule } from '../helpers/cutter.js';
import { cleanSession as session, progressLine as progress } from '../helpers/line-shapes.js';
import { scratch } from '../helpers/scratch.js';

const { file: fileOf } = scratch('tl-file-bytes-heavy-');

describe('the CLI reads a session of 64 MiB or more in chunks', () => {
  // About 66 MiB of real-shaped lines, with a problem near the end so that a finding has a line to point at.
  const big = (() => {
    const parts: string[] = [];
    const one = session();
    let size = 0;
    while (size < 66 * 1024 * 1024) {
      const s = one.replaceAll('"parentUuid":null', `"parentUuid":"gone-${parts.length}"`);
      parts.push(s);
      size += s.length;
    }
    return fileOf(`${parts.join('')}${progress}\n{"type":"user","mess`);
  })();

  it('and reports what a lint of the whole file reports', () => {
    const reads: number[] = [];
    const outcome = lintOne(linter, big, {}, (file, read, size) => {
      expect([file, size]).toEqual([big, statSync(big).size]);
      reads.push(read);
    });
    // A progress line can follow it chunk by chunk (16 MiB each), up to the whole file.
    expect(reads.length).toBeGreaterThanOrEqual(5);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    expect(reads.at(-1)).toBe(statSync(big).size);
    expect(outcome.error).toBeUndefined();
    const whole = linter.lintBytes(big, readFileSync(big)).result;
    expect(outcome.result).toEqual(whole);
    expect(whole.diagnostics.some((d) => d.ruleId === 'valid-json')).toBe(true);
  });

  it('and says so when the file is cut shorter while it is linted', () => {
    const copy = fileOf(readFileSync(big));
    const cutter = cutterRule(copy, 100, 1000);
    const outcome = lintOne(linter, copy, { rules: [cutter] });
    expect(outcome.result).toBeUndefined();
    expect(outcome.error).toBeInstanceOf(FileChangedError);
    expect(outcome.error?.message).toMatch(/cut shorter while it was linted \(line 1001 /);
  });
});
