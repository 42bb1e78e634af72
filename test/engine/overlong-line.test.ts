// A line over --max-line-bytes in a large file read in chunks (engine/file-bytes.ts) is passed over, not held: its
// bytes are scanned for the line feed that ends it and counted, and the loaded line reads them from the file only if
// asked. The lines are those loadBytes makes of the whole file, the digest a fix checks the file against is the
// file's, and a fix copies such a line from the file as a range. What a crash leaves at the end of a session, a run
// of NUL bytes hundreds of MB long, used to be read into one growing buffer (issue 34).
import { createHash } from 'node:crypto';
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { linter } from '../../src/index.js';
import { FileBytes, fileBytesReads } from '../../src/engine/file-bytes.js';
import { fixOnDisk } from '../../src/engine/fix-on-disk.js';
import { openRegularSync } from '../../src/engine/read-regular.js';
import { claudeCode } from '../../src/formats/claude-code/index.js';
import { render, renderPieces } from '../../src/fixer/apply.js';
import type { Edit } from '../../src/fixer/edits.js';
import { type ByteRange, joinBytes, type Piece } from '../../src/loader/bytes.js';
import { loadBytes, loadChunks, type SourceFile } from '../../src/loader/read-jsonl.js';
import { brokenSession, progressLine as progress } from '../helpers/line-shapes.js';

const dir = mkdtempSync(join(tmpdir(), 'tl-overlong-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A file of its own folder (a fix leaves temp files beside it). */
function fileOf(content: string | Uint8Array): string {
  const own = join(dir, `d${n++}`);
  mkdirSync(own);
  const path = join(own, 'session.jsonl');
  writeFileSync(path, content);
  return path;
}

function open(path: string, chunkBytes: number): FileBytes {
  const { fd, size } = openRegularSync(path);
  return new FileBytes(path, fd, size, chunkBytes);
}

/** What a loaded file says, line by line, with each line's bytes as text. */
function shapeOf(file: SourceFile) {
  const { path: _path, lines, ...rest } = file;
  return {
    ...rest,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      bytes: Buffer.from(l.bytes).toString('latin1'),
      crlf: l.crlf,
      json: l.json === undefined ? undefined : JSON.stringify(l.json),
      problems: l.problems,
      blank: l.blank,
    })),
  };
}

const LIMIT = 100;
const session = brokenSession();
const nuls = (count: number) => '\u0000'.repeat(count);

const CASES: Record<string, string> = {
  'a run of NUL bytes between entries': `${session}${nuls(5000)}\n${session}`,
  'a run of NUL bytes ending the file, unterminated': `${session}${nuls(5000)}`,
  'a long line ended by CRLF': `${session}${'x'.repeat(300)}\r\n${progress}\n`,
  'a line of the limit and its CRLF (not too long)': `${session}${'y'.repeat(LIMIT)}\r\n${progress}\n`,
  'one byte over the limit, then CRLF': `${session}${'y'.repeat(LIMIT + 1)}\r\n${progress}\n`,
  'a CR inside a long line': `${session}${'y'.repeat(LIMIT)}\r${'y'.repeat(LIMIT)}\n${progress}\n`,
  'two long lines in a row, the second unterminated': `${session}${nuls(700)}\n${'z'.repeat(900)}`,
  'a long first line (read whole: it says the encoding)': `${nuls(5000)}\n${session}`,
  'a byte order mark, then a long line later': `\uFEFF${session}${nuls(5000)}\n${progress}\n`,
};

describe('a line over the limit, in chunks, loads as it does whole', () => {
  for (const [name, content] of Object.entries(CASES)) {
    it(name, () => {
      const path = fileOf(content);
      const options = { maxLineBytes: LIMIT };
      const whole = claudeCode.load(path, readFileSync(path), options);
      // Chunks smaller than the limit, about it, and larger than the file.
      for (const chunk of [7, 64, LIMIT + 1, LIMIT + 2, 1024, 1 << 20]) {
        const file = open(path, chunk);
        try {
          expect(shapeOf(claudeCode.loadChunks!(path, file, options).file)).toEqual(shapeOf(whole.file));
          expect(linter.lintBytes(path, file, options).result).toEqual(
            linter.lintBytes(path, readFileSync(path), options).result,
          );
        } finally {
          file.close();
        }
      }
    });
  }
});

describe('a line over the limit is never held', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The session, then `run` NUL bytes (a hole: the file is sparse), then what `after` says. */
  function withNulRun(run: number, after: string): string {
    const path = fileOf(session);
    const fd = openSync(path, 'r+');
    try {
      const at = Buffer.byteLength(session) + run;
      if (after === '') ftruncateSync(fd, at);
      else writeSync(fd, Buffer.from(after), 0, Buffer.byteLength(after), at);
    } finally {
      closeSync(fd);
    }
    return path;
  }

  /** The largest buffer allocated while `fn` runs. */
  function largestAllocation(fn: () => void): number {
    const sizes: number[] = [];
    for (const name of ['allocUnsafeSlow', 'allocUnsafe', 'alloc'] as const) {
      const original = Buffer[name];
      vi.spyOn(Buffer, name).mockImplementation(((size: number, ...rest: unknown[]) => {
        sizes.push(size);
        return (original as (...a: unknown[]) => Buffer).call(Buffer, size, ...rest);
      }) as never);
    }
    fn();
    vi.restoreAllMocks();
    return Math.max(...sizes);
  }

  const RUN = 16 * 1024 * 1024;
  const options = { maxLineBytes: 4096 };

  for (const [name, after] of [
    ['ending the file', ''],
    ['between entries', `\n${progress}\n`],
  ] as const) {
    it(`lint: no buffer grows with a 16 MiB run of NUL bytes ${name}`, () => {
      const path = withNulRun(RUN, after);
      const file = open(path, 1 << 16);
      let result: ReturnType<typeof linter.lintBytes>['result'] | undefined;
      try {
        const largest = largestAllocation(() => {
          result = linter.lintBytes(path, file, options).result;
        });
        // A chunk (64 KiB and a sixteenth), or a window of the line searched for ids (1 MiB): never the line.
        expect(largest).toBeLessThanOrEqual(1 << 20);
      } finally {
        file.close();
      }
      const tooLong = result!.diagnostics.find((d) => d.ruleId === 'valid-json');
      expect(tooLong?.message).toMatch(new RegExp(`^Line is ${RUN} bytes, over the 4096-byte limit`));
    });

    it(`--fix: refuses, saying why, and leaves the file as it was (a run ${name})`, () => {
      const path = withNulRun(RUN, after);
      const before = readFileSync(path);
      let status: string | undefined;
      let unread: unknown;
      const largest = largestAllocation(() => {
        const disk = fixOnDisk(linter, path, path, options, 1 << 16);
        status = disk.loop.status;
        unread = disk.loop.unreadLine;
        expect(disk.fixed).toBeUndefined();
      });
      expect(largest).toBeLessThanOrEqual(1 << 20);
      expect(status).toBe('unread-line');
      expect(unread).toEqual({ line: session.split('\n').length, bytes: RUN, limit: 4096 });
      expect(readFileSync(path).equals(before)).toBe(true);
      expect(readdirSync(dirname(path))).toEqual(['session.jsonl']);
    });
  }
});

describe('a fix of a file with a line passed over', () => {
  it('checks the file against the digest of all of it, the line and an unterminated tail included', () => {
    for (const content of Object.values(CASES)) {
      const path = fileOf(content);
      const bytes = readFileSync(path);
      const file = open(path, 64).hashing();
      try {
        loadChunks(path, file, { maxLineBytes: LIMIT });
        expect(file.digest()).toEqual({
          length: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          tailLength: bytes.length - bytes.lastIndexOf(0x0a) - 1,
        });
      } finally {
        file.close();
      }
    }
  });

  it('copies the line from the file as a range, an unterminated last line too, and never reads it', () => {
    const content = `${session}${nuls(5000)}`;
    const path = fileOf(content);
    const file = open(path, 64);
    try {
      const loaded = loadChunks(path, file, { maxLineBytes: LIMIT });
      const last = loaded.lines.at(-1)!.lineNo;
      const value = { type: 'progress', uuid: 'inserted' };
      const edits: Edit[] = [
        { kind: 'insertAfter', line: 2, value },
        { kind: 'insertAfter', line: last, value },
      ];
      const reads = fileBytesReads();
      const pieces = renderPieces(loaded, edits);
      expect(fileBytesReads()).toBe(reads);
      // The untouched lines after the first insert, the long one last, are one run of the file, to its end.
      const ranges = pieces.filter((p): p is ByteRange => !(p instanceof Uint8Array));
      expect(ranges.map((r) => r.offset + r.length)).toContain(Buffer.byteLength(content));
      const expected = joinBytes(render(loadBytes(path, readFileSync(path), { maxLineBytes: LIMIT }), edits));
      expect(Buffer.from(written(pieces)).equals(Buffer.from(expected))).toBe(true);
    } finally {
      file.close();
    }
  });
});

/** The pieces' bytes, their ranges read from their file. */
function written(pieces: Piece[]): Uint8Array {
  return joinBytes(pieces.map((p) => (p instanceof Uint8Array ? p : p.source.read(p.offset, p.length, p.lineNo))));
}
