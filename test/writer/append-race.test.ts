// Issue 11 item 1: a line appended between the writer's last check and its rename lands in the old file, which
// the rename replaces. The writer keeps the old file open and copies what arrived to the end of the new one. The
// faults are injected at the rename itself, so the append happens exactly in that window.
import {
  appendFileSync,
  closeSync,
  promises as fs,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixFile } from '../../src/index.js';
import { writeFileAtomic } from '../../src/engine/io.js';
import { cleanTranscript, tornTranscript, tornTranscriptFixed } from '../helpers/cli-fixtures.js';
import { runCli } from '../helpers/run-cli.js';

let tmp: string;
let file: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-race-'));
  file = path.join(tmp, 's.jsonl');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const LATE = '{"type":"user","late":true}\n';
const enc = (s: string) => Buffer.from(s);

/** fs.promises whose rename of the session runs `before` just before renaming and `after` just after. */
function aroundRename(before: () => void, after: () => void = () => undefined): typeof fs {
  return {
    ...fs,
    rename: async (from: string, to: string) => {
      if (to === file) before();
      await fs.rename(from, to);
      if (to === file) after();
    },
  } as typeof fs;
}

describe('a line appended while the file is being replaced', () => {
  it('appended just before the rename: it ends up after the fixed content', async () => {
    writeFileSync(file, 'original\n');
    const fsImpl = aroundRename(() => appendFileSync(file, LATE));
    const r = await writeFileAtomic(file, enc('fixed\n'), { original: enc('original\n'), fsImpl });
    expect(readFileSync(file, 'utf8')).toBe(`fixed\n${LATE}`);
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe('original\n');
    expect(r).toMatchObject({ carriedBytes: LATE.length });
  });

  it('several appends, before and just after the rename by a writer holding the old file: all of them, in order', async () => {
    writeFileSync(file, 'original\n');
    const fd = openSync(file, 'a');
    const fsImpl = aroundRename(
      () => {
        appendFileSync(file, '{"n":1}\n');
        writeSync(fd, '{"n":2}\n');
      },
      () => writeSync(fd, '{"n":3}\n'),
    );
    try {
      await writeFileAtomic(file, enc('fixed\n'), {
        original: enc('original\n'),
        fsImpl,
        backup: false,
        force: true,
        openers: () => [],
      });
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe('fixed\n{"n":1}\n{"n":2}\n{"n":3}\n');
  });

  it('through fixFile, when the fix dropped a torn last line that the late bytes continue: the whole line is kept', async () => {
    writeFileSync(file, tornTranscript());
    const rest = 'age":{"role":"user","content":"hi"}}\n';
    const warnings: string[] = [];
    const r = await fixFile(file, {
      fsImpl: aroundRename(() => appendFileSync(file, rest)),
      onWarning: (w) => warnings.push(w),
    });
    expect(r.written).toBe(true);
    const torn = tornTranscript().slice(cleanTranscript().length);
    // The fixed content (the torn line kept in an entry Claude Code ignores), then the original's last line as it now
    // reads, continued: no byte of it lost.
    expect(readFileSync(file, 'utf8')).toBe(`${tornTranscriptFixed()}${torn}${rest}`);
    expect(warnings.join('\n')).toMatch(
      /bytes appended while it was being fixed were added to the end of the fixed file/,
    );
  });

  it('through the CLI: the late line is in the file, and the user is told', async () => {
    writeFileSync(file, tornTranscript());
    const r = await runCli(['--fix', 's.jsonl'], { cwd: tmp, writeFs: aroundRename(() => appendFileSync(file, LATE)) });
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(
      `${tornTranscriptFixed()}${tornTranscript().slice(cleanTranscript().length)}${LATE}`,
    );
    expect(readdirSync(tmp).sort()).toEqual(['s.jsonl', 's.jsonl.bak']);
    expect(r.stderr).toContain(
      `${LATE.length} bytes appended while it was being fixed were added to the end of the fixed file`,
    );
  });

  it('an append before the last check is still refused: nothing written', async () => {
    writeFileSync(file, 'original\n');
    let appended = false;
    const fsImpl = {
      ...fs,
      open: async (p: string, flags: string, mode?: number) => {
        // While the temp file is being made, long after the fix was computed.
        if (String(p).endsWith('.tmp') && !appended) {
          appendFileSync(file, LATE);
          appended = true;
        }
        return fs.open(p, flags, mode);
      },
    } as typeof fs;
    await expect(writeFileAtomic(file, enc('fixed\n'), { original: enc('original\n'), fsImpl })).rejects.toThrow(
      /changed while it was being fixed/,
    );
    expect(readFileSync(file, 'utf8')).toBe(`original\n${LATE}`);
    expect(readdirSync(tmp)).toEqual(['s.jsonl']);
  });
});
