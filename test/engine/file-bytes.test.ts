// A large file linted in chunks (engine/file-bytes.ts, loader loadChunks): the model's lines are those loadBytes
// makes of the whole file, byte for byte, and so is every report; a line is read from the file again only when
// something asks for its bytes, and a file cut shorter meanwhile is said to have changed.
import { closeSync, existsSync, readFileSync, truncateSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/index.js';
import { FileBytes, FileChangedError, fileBytesReads } from '../../src/engine/file-bytes.js';
import { lintOne } from '../../src/engine/lint-files.js';
import { openRegularSync } from '../../src/engine/read-regular.js';
import { claudeCode } from '../../src/formats/claude-code/index.js';
import { type FileChunks, loadChunks, type SourceFile } from '../../src/loader/read-jsonl.js';
import { lazyFileReads } from '../../src/loader/lazy-strings.js';
import { jsonlFiles } from '../helpers/corpus.js';
import { cleanSession, longLine, progressLine as progress } from '../helpers/line-shapes.js';
import { scratch } from '../helpers/scratch.js';

const { file: fileOf } = scratch('tl-file-bytes-');

function open(path: string, chunkBytes: number): FileBytes {
  const { fd, size } = openRegularSync(path);
  return new FileBytes(path, fd, size, chunkBytes);
}

/** `file`, noting the memory of each chunk it hands out in `memories`. */
function spying(file: FileBytes, memories: Set<ArrayBufferLike>): FileChunks {
  return {
    source: file.source,
    *chunks(longestLine) {
      for (const chunk of file.chunks(longestLine)) {
        if ('bytes' in chunk) memories.add(chunk.bytes.buffer);
        yield chunk;
      }
    },
    reuse: (bytes) => file.reuse(bytes),
  };
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

const session = cleanSession;

const CASES: Record<string, string | Uint8Array> = {
  plain: session(),
  'no final newline': session().trimEnd(),
  crlf: session().replaceAll('\n', '\r\n'),
  bom: `\uFEFF${session()}`,
  'blank lines, a torn last line': `${session()}\n   \n${progress}\n{"type":"user","mess`,
  'bad lines': `${session()}[1,2]\nnot json\n{"a":1}\u0000\n${progress}\n`,
  'invalid UTF-8': Buffer.concat([Buffer.from(session()), Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d, 0x0a])]),
  'a long line among short ones': `${session()}${longLine}\n${session()}${progress}\n`,
  'UTF-16': Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  empty: '',
};

describe('a file loaded in chunks is the file loaded whole', () => {
  for (const [name, content] of Object.entries(CASES)) {
    it(name, () => {
      const path = fileOf(content);
      const whole = claudeCode.load(path, readFileSync(path), {});
      // Chunks smaller than a line, about a line, and larger than the file.
      for (const chunk of [7, 200, 1 << 20]) {
        const file = open(path, chunk);
        try {
          expect(shapeOf(claudeCode.loadChunks!(path, file, {}).file)).toEqual(shapeOf(whole.file));
          expect(linter.lintBytes(path, file).result).toEqual(linter.lintBytes(path, readFileSync(path)).result);
        } finally {
          file.close();
        }
      }
    });
  }

  it("chunks are read into one memory once nothing refers to them, though each starts with the last one's carry", () => {
    // Lines of at most ~400 bytes: a carry within a sixteenth of the 16 KiB chunks, as a real session's lines are
    // within a sixteenth of the 16 MiB ones.
    const path = fileOf(session().repeat(400));
    const file = open(path, 16384);
    const memories = new Set<ArrayBufferLike>();
    let chunks = 0;
    try {
      for (const chunk of file.chunks()) {
        if (!('bytes' in chunk)) continue;
        const { bytes } = chunk;
        chunks++;
        // What the loader does once a chunk's lines no longer refer to it.
        memories.add(bytes.buffer);
        file.reuse(bytes);
      }
    } finally {
      file.close();
    }
    expect(chunks).toBeGreaterThan(20);
    expect(memories.size).toBe(1);
  });

  it('a string kept as bytes reads them from the file once its chunk is read into again', () => {
    const path = fileOf(`${longLine}\n${session().repeat(400)}`);
    const file = open(path, 70_000);
    const memories = new Set<ArrayBufferLike>();
    try {
      const loaded = loadChunks(path, spying(file, memories), {});
      const before = lazyFileReads();
      const content = (loaded.lines[0]!.json!.message as { content: string }).content;
      expect(content).toBe(JSON.parse(longLine).message.content);
      expect(lazyFileReads()).toBe(before + 1);
      // The first chunk (the long line's) was read into again.
      expect(memories.size).toBe(1);
    } finally {
      file.close();
    }
  });
});

describe('lines read their bytes from the file again', () => {
  it('only when asked, and a file cut shorter meanwhile is an error that says so', () => {
    const content = session();
    const path = fileOf(content);
    const file = open(path, 64);
    try {
      const loaded = loadChunks(path, file, {});
      const before = fileBytesReads();
      expect(Buffer.from(loaded.lines[2]!.bytes).toString()).toBe(content.split('\n')[2]);
      expect(fileBytesReads()).toBe(before + 1);
      truncateSync(path, 10);
      expect(() => loaded.lines[3]!.bytes).toThrow(FileChangedError);
      expect(() => loaded.lines[3]!.bytes).toThrow(/cut shorter while it was linted/);
    } finally {
      file.close();
    }
  });

  it('never after the lint ended', () => {
    const path = fileOf(session());
    const file = open(path, 64);
    const loaded = loadChunks(path, file, {});
    file.close();
    expect(() => loaded.lines[0]!.bytes).toThrow(/read after its lint ended/);
  });

  it('into memory given for them when it holds them (a fix copying a run), else into new memory', () => {
    const content = session();
    const path = fileOf(content);
    const file = open(path, 64);
    try {
      const window = Buffer.alloc(32);
      const copied = file.read(5, 20, 1, window);
      expect(copied.buffer).toBe(window.buffer);
      expect(Buffer.from(copied).toString()).toBe(content.slice(5, 25));
      const longer = file.read(5, 40, 1, window);
      expect(longer.buffer).not.toBe(window.buffer);
      expect(Buffer.from(longer).toString()).toBe(content.slice(5, 45));
      // A view of the given memory is cut to the length asked for, though the memory is longer.
      expect(file.read(0, 3, 1, window).length).toBe(3);
    } finally {
      file.close();
    }
  });

  it('the CLI lints a small file from memory, as before', () => {
    const path = fileOf(session());
    const outcome = lintOne(linter, path, {});
    expect(outcome.result?.diagnostics).toEqual(linter.lintBytes(path, readFileSync(path)).result.diagnostics);
  });
});

// A recorded session of eleven `last-prompt` lines, none a copy of another: last-prompt-leaf compares their lengths,
// and read each of them again before.
const RECORDED = fileURLToPath(
  new URL('../../fixtures/sessions/claude-code/recorded/recordings/main/session.jsonl', import.meta.url),
);

it('the CLI lints a clean session in chunks reading no line again but the last reply (context-budget)', () => {
  const file = open(RECORDED, 1 << 12);
  try {
    const before = fileBytesReads();
    const result = linter.lintBytes(RECORDED, file).result;
    expect(result.diagnostics).toEqual([]);
    expect(fileBytesReads() - before).toBe(1);
  } finally {
    file.close();
  }
});

const CORPUS = fileURLToPath(new URL('../../../shared/corpus', import.meta.url));

describe.skipIf(!existsSync(CORPUS))('real transcripts in chunks (the corpus)', () => {
  it('lint as they do whole, reading again only lines a finding points at', () => {
    let findings = 0;
    const before = fileBytesReads();
    const lazyBefore = lazyFileReads();
    for (const path of jsonlFiles(CORPUS)) {
      const file = open(path, 1 << 16);
      try {
        const result = linter.lintBytes(path, file).result;
        expect(result).toEqual(linter.lintBytes(path, readFileSync(path)).result);
        findings += result.diagnostics.length;
      } finally {
        file.close();
      }
    }
    // Strings kept as bytes read theirs from the file too, each time one is read (lazy-strings.ts).
    expect(fileBytesReads() - before).toBeLessThanOrEqual(2 * findings + (lazyFileReads() - lazyBefore));
  });
});

// Closing twice is harmless, and closing does close the descriptor.
it('closing twice is harmless', () => {
  const path = fileOf('');
  const { fd, size } = openRegularSync(path);
  const file = new FileBytes(path, fd, size);
  file.close();
  file.close();
  expect(() => closeSync(fd)).toThrow();
});
