// Files in pieces (loader/bytes.ts): what `--fix` holds instead of a copy of a large file. Every reader must see
// exactly what it would see in the joined bytes.
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/fixer/apply.js';
import { fixBytes } from '../../src/index.js';
import { joinBytes, PieceWriter, sameBytes } from '../../src/loader/bytes.js';
import { loadBytes, type SourceFile } from '../../src/loader/read-jsonl.js';
import { toolUse, transcript } from '../helpers/build.js';
import { enc } from '../helpers/bytes.js';

const decode = (b: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

/** The file cut into pieces after each of the given line numbers (1-based). */
function cutAfterLines(text: string, after: number[]): Uint8Array[] {
  const bytes = enc(text);
  const pieces: Uint8Array[] = [];
  let from = 0;
  let line = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x0a) continue;
    line++;
    if (after.includes(line)) {
      pieces.push(bytes.subarray(from, i + 1));
      from = i + 1;
    }
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

/** What a loaded file says, without the byte views themselves. */
const summary = (f: SourceFile) => ({
  ...f,
  lines: f.lines.map((l) => ({ ...l, bytes: decode(l.bytes) })),
});

describe('loadBytes on a file in pieces', () => {
  const texts: [string, string][] = [
    ['LF, unterminated last line', '{"a":1}\n{"b":2}\n\n{"c":3'],
    ['CRLF and a BOM', '\uFEFF{"a":1}\r\n{"b":2}\r\n{"c":3}\r\n'],
    ['bad lines in every piece', '{"a":1}\nnot json\n{"b":\u00e9}\n\u0000\n{"c":"caf\u00e9"}\n'],
  ];
  for (const [name, text] of texts) {
    it(`reads the same lines as the joined file: ${name}`, () => {
      const whole = loadBytes('f.jsonl', enc(text));
      for (const cuts of [[1], [1, 2], [2, 3, 4], [4]]) {
        expect(summary(loadBytes('f.jsonl', cutAfterLines(text, cuts)))).toEqual(summary(whole));
      }
    });
  }

  it('reads pieces that do not end a line as one joined copy', () => {
    const text = '{"a":1}\n{"b":2}\n';
    const bytes = enc(text);
    const pieces = [bytes.subarray(0, 3), bytes.subarray(3, 12), bytes.subarray(12)];
    expect(summary(loadBytes('f.jsonl', pieces))).toEqual(summary(loadBytes('f.jsonl', bytes)));
  });
});

describe('byte helpers', () => {
  it('compares however the bytes are cut', () => {
    const a = enc('hello world\n');
    expect(sameBytes(a, [a.subarray(0, 3), a.subarray(3)])).toBe(true);
    expect(sameBytes([a.subarray(0, 5), a.subarray(5)], [a.subarray(0, 2), a.subarray(2, 9), a.subarray(9)])).toBe(
      true,
    );
    expect(sameBytes(a, enc('hello World\n'))).toBe(false);
    expect(sameBytes(a, enc('hello world'))).toBe(false);
  });

  it('joins neighbouring views of one buffer without copying', () => {
    const a = enc('abcdef');
    const w = new PieceWriter();
    w.push(a.subarray(0, 2));
    w.push(a.subarray(2, 4));
    w.push(enc('X'));
    w.push(a.subarray(4));
    const pieces = w.finish() as Uint8Array[];
    expect(pieces.map(decode)).toEqual(['abcd', 'X', 'ef']);
    expect(pieces[0]!.buffer).toBe(a.buffer);
    expect(decode(joinBytes(pieces))).toBe('abcdXef');
  });
});

describe('a fixed file shares its untouched lines with the original', () => {
  it('apply: untouched runs of lines are views of the input, new lines pieces of their own', () => {
    const input = enc('{"a":1}\n{"b":2}\r\n{"c":3}\n{"d":4}');
    const file = loadBytes('f.jsonl', input);
    const r = applyFixes(file, [
      {
        ruleId: 'x',
        applicability: 'safe',
        description: 'x',
        edits: [
          { kind: 'delete', line: 3 },
          { kind: 'insertAfter', line: 4, value: { e: 5 } },
        ],
      },
    ]);
    const pieces = r.pieces as Uint8Array[];
    expect(pieces.map(decode)).toEqual(['{"a":1}\n{"b":2}\r\n', '{"d":4}\n{"e":5}\n']);
    expect(pieces[0]!.buffer).toBe(input.buffer);
    expect(decode(r.bytes)).toBe('{"a":1}\n{"b":2}\r\n{"d":4}\n{"e":5}\n');
  });

  it('apply: a BOM stays first when the first line is replaced or an entry inserted before it', () => {
    const input = enc('\uFEFF{"a":1}\n{"b":2}\n');
    const file = loadBytes('f.jsonl', input);
    const replaced = applyFixes(file, [
      { ruleId: 'x', applicability: 'safe', description: 'x', edits: [{ kind: 'replace', line: 1, value: { a: 2 } }] },
    ]);
    expect(decode(replaced.bytes)).toBe('\uFEFF{"a":2}\n{"b":2}\n');
    const inserted = applyFixes(file, [
      {
        ruleId: 'x',
        applicability: 'safe',
        description: 'x',
        edits: [{ kind: 'insertAfter', line: 0, value: { z: 0 } }],
      },
    ]);
    expect(decode(inserted.bytes)).toBe('\uFEFF{"z":0}\n{"a":1}\n{"b":2}\n');
  });

  it('fixBytes: the output pieces are the input but for the lines it changed', () => {
    const t = transcript();
    t.user('go');
    t.assistant([toolUse('toolu_1')]);
    t.user('next');
    const input = enc(`${t.toString()}{"torn":`);
    const out = fixBytes('f.jsonl', input, { unsafe: true });
    expect(out.changed).toBe(true);
    const pieces = Array.isArray(out.outputPieces) ? out.outputPieces : [out.outputPieces];
    expect(pieces.some((p) => p.buffer === input.buffer)).toBe(true);
    expect(sameBytes(out.outputPieces, out.output)).toBe(true);
  });
});
