// The lines format detection parsed are taken over by the loader (loader/head-parses.ts): only those the loader
// would parse to the same object, each once and only from the same bytes; a lint then parses no line twice.
import { describe, expect, it, vi } from 'vitest';
import { linter } from '../../src/index.js';
import { Sample } from '../../src/formats/sample.js';
import { LAZY_LINE_BYTES } from '../../src/loader/lazy-strings.js';
import { loadBytes, type SourceFile } from '../../src/loader/read-jsonl.js';
import { brokenSession } from '../helpers/line-shapes.js';

const bytesOf = (...parts: (string | Uint8Array)[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));

/** A sample that has parsed every line it reads, as detection may. */
function sampled(data: Uint8Array): Sample {
  const sample = new Sample('s.jsonl', data);
  for (let i = 0; sample.parsedLine(i) !== undefined; i++);
  return sample;
}

const view = (file: SourceFile) =>
  file.lines.map((l) => ({ n: l.lineNo, json: l.json, problems: l.problems, crlf: l.crlf, bytes: [...l.bytes] }));

describe('the loader takes over what detection parsed', () => {
  it('takes the lines it would parse alike, the same objects, and loads what it loads without them', () => {
    const long = JSON.stringify({ type: 'user', text: 'x'.repeat(LAZY_LINE_BYTES) });
    const data = bytesOf(
      '{"type":"user","text":"héllo ✓"}\n', // 1 kept: valid UTF-8
      '  {"type":"pad"}\n', // 2 not: the trim detection does changed it
      '[1,2]\n', // 3 not: an array
      '{"type":"crlf"}\r\n', // 4 kept: the loader leaves out CR LF
      '\n', // 5 blank: detection skips it
      bytesOf('{"type":"bad","text":"', new Uint8Array([0xff]), '"}\n'), // 6 not: not UTF-8
      `${long}\n`, // 7 not: long enough for lazy strings
      '{"type":"last"}', // 8 kept: unterminated but whole
    );
    const sample = sampled(data);
    expect(sample.head.size).toBe(3);
    const taken = loadBytes('s.jsonl', data, { head: sample.head });
    expect(sample.head.taken).toBe(3);
    expect(sample.head.size).toBe(0);
    expect(taken.lines[0]!.json).toBe((sample.parsedLine(0) as { value: unknown }).value);
    expect(taken.lines[3]!.json).toEqual({ type: 'crlf' });
    expect(taken.lines[7]!.json).toEqual({ type: 'last' });
    expect(taken.lines[5]!.problems.map((p) => p.kind)).toEqual(['utf8']);
    expect(view(taken)).toEqual(view(loadBytes('s.jsonl', data)));
  });

  it('takes nothing from other bytes at the same place, nor a line over the line limit', () => {
    const data = bytesOf('{"type":"a"}\n{"type":"b"}\n');
    const other = bytesOf('{"type":"a"}\n{"type":"c"}\n');
    const sample = sampled(data);
    const file = loadBytes('s.jsonl', other, { head: sample.head });
    expect(sample.head.taken).toBe(1);
    expect(file.lines.map((l) => l.json)).toEqual([{ type: 'a' }, { type: 'c' }]);

    const limited = sampled(data);
    const short = loadBytes('s.jsonl', data, { head: limited.head, maxLineBytes: 8 });
    expect(limited.head.taken).toBe(0);
    expect(short.lines.map((l) => l.problems[0]?.kind)).toEqual(['too-long', 'too-long']);
  });

  it('decodes a line that is not UTF-8 leniently, as before', () => {
    const data = bytesOf('{"a":"', new Uint8Array([0xe2, 0x82]), '"}\n');
    const sample = sampled(data);
    expect(sample.line(0)).toBe(new TextDecoder('utf-8', { fatal: false }).decode(data).trim());
    expect(sample.parsedLine(0)!.ok).toBe(true);
    expect(sample.head.size).toBe(0);
  });

  it('a lint parses each line once: detection parses what a given format would have the loader parse', () => {
    const session = bytesOf(brokenSession());
    const parses = (options: { inputFormat?: string }) => {
      const spy = vi.spyOn(JSON, 'parse');
      try {
        const outcome = linter.lintBytes('s.jsonl', session, options);
        return { calls: spy.mock.calls.length, result: outcome.result };
      } finally {
        spy.mockRestore();
      }
    };
    const detected = parses({});
    const given = parses({ inputFormat: 'claude-code' });
    expect(detected.result).toEqual(given.result);
    expect(detected.calls).toBe(given.calls);
    expect(given.calls).toBeGreaterThanOrEqual(brokenSession().split('\n').filter(Boolean).length);
  });
});
