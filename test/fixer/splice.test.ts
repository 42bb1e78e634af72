// The byte-level locator and the splicing rewrite (issue 11, items 3 and 4): an edit changes only the bytes of the
// member or element it names; numbers as written, escapes, duplicate keys, whitespace and invalid UTF-8 elsewhere
// in the line keep their exact bytes.
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/fixer/apply.js';
import type { Edit, Fix } from '../../src/fixer/edits.js';
import { fixBytes } from '../../src/index.js';
import { MAX_DIFF_DEPTH, Splice, type SpliceEdit, spliceJson } from '../../src/fixer/splice.js';
import { JsonBytes, locate } from '../../src/fixer/splice-scan.js';
import { loadBytes } from '../../src/loader/read-jsonl.js';
import { text, transcript } from '../helpers/build.js';
import { enc } from '../helpers/bytes.js';

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const dec = (b: Uint8Array): string => lenient.decode(b);
/** Bytes from a string whose \xNN stand for single bytes (Latin-1), e.g. invalid UTF-8. */
const raw = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

/** The text of a located range. */
const at = (s: string, r: [number, number] | undefined): string | undefined => (r ? s.slice(r[0], r[1]) : undefined);

/** Applies edits to one JSON text as the fixer does, on its lenient parse. */
function splice(text: string | Uint8Array, edits: SpliceEdit[], parsed?: unknown): string {
  const bytes = typeof text === 'string' ? enc(text) : text;
  return latin1(spliceJson(bytes, parsed ?? JSON.parse(dec(bytes)), edits));
}
const splicedUtf8 = (text: string, edits: SpliceEdit[]): string =>
  Buffer.from(splice(text, edits), 'latin1').toString('utf8');

describe('locate', () => {
  it('finds values, members and the bytes a removal cuts', () => {
    const s = '{"a":1,"b":[10,20,30],"c":{"d":null}}';
    expect(at(s, locate(enc(s), '/b/1')?.value)).toBe('20');
    expect(locate(enc(s), '/b/1')?.cut.map((r) => at(s, r))).toEqual(['20,']);
    expect(locate(enc(s), '/b/2')?.cut.map((r) => at(s, r))).toEqual([',30']);
    expect(at(s, locate(enc(s), '/c/d')?.value)).toBe('null');
    expect(locate(enc(s), '/c/d')?.cut.map((r) => at(s, r))).toEqual(['"d":null']);
    expect(at(s, locate(enc(s), '/c')?.member)).toBe('"c":{"d":null}');
    expect(at(s, locate(enc(s), '')?.value)).toBe(s);
    expect(locate(enc(s), '/x')).toBeUndefined();
    expect(locate(enc(s), '/b/3')).toBeUndefined();
    expect(locate(enc(s), '/a/0')).toBeUndefined();
  });

  it('matches keys as decoded: "\\u0061" is "a", escaped slashes and quotes too', () => {
    const s = String.raw`{"\u0061":1,"x\/y":2,"q\"":3,"caf\u00e9":4,"café":5}`;
    expect(at(s, locate(enc(s), '/a')?.value)).toBe('1');
    expect(at(s, locate(enc(s), '/x~1y')?.value)).toBe('2');
    expect(at(s, locate(enc(s), '/q"')?.value)).toBe('3');
    // Two spellings of one key are duplicates: the last wins, as in JSON.parse.
    const bytes = enc(s);
    const found = locate(bytes, '/café')!;
    expect(dec(bytes.subarray(...found.value))).toBe('5');
    expect(found.cut).toHaveLength(2);
  });

  it('takes the last of duplicate keys, and a removal cuts every occurrence', () => {
    const s = '{"a":1,"b":2,"a":3}';
    const found = locate(enc(s), '/a')!;
    expect(at(s, found.value)).toBe('3');
    expect(found.cut.map((r) => at(s, r))).toEqual(['"a":1,', ',"a":3']);
  });

  it('allows whitespace everywhere between tokens', () => {
    const s = ' {\n  "a" : [ 1 ,\t2 ] ,\r\n  "b"\t:\t{ }\n} ';
    expect(at(s, locate(enc(s), '/a/1')?.value)).toBe('2');
    expect(at(s, locate(enc(s), '/a')?.member)).toBe('"a" : [ 1 ,\t2 ]');
    expect(at(s, locate(enc(s), '/b')?.value)).toBe('{ }');
    expect(locate(enc(s), '/a/0')?.cut.map((r) => at(s, r))).toEqual(['1 ,\t']);
  });

  it('reads numbers and literals exactly as written', () => {
    const s = '[1e400,-0,1.50,1E2,12345678901234567890,true,false,null,-1.5e-7]';
    const got = Array.from({ length: 9 }, (_, i) => at(s, locate(enc(s), `/${i}`)?.value));
    expect(got).toEqual(['1e400', '-0', '1.50', '1E2', '12345678901234567890', 'true', 'false', 'null', '-1.5e-7']);
  });

  it('steps over invalid UTF-8, NUL-free control escapes and quotes inside strings', () => {
    const bytes = raw('{"x":"caf\xe9 \xff \\" \\\\","y":"\xc3","z":[1]}');
    const found = locate(bytes, '/z/0')!;
    expect(latin1(bytes.subarray(...found.value))).toBe('1');
    expect(latin1(bytes.subarray(...locate(bytes, '/x')!.value))).toBe('"caf\xe9 \xff \\" \\\\"');
  });

  it('goes 10,000 levels deep, and a string ending in backslashes ends where it should', () => {
    const depth = 10_000;
    const s = '['.repeat(depth) + '"a\\\\"' + ']'.repeat(depth);
    const pointer = '/0'.repeat(depth);
    const found = locate(enc(s), pointer)!;
    expect(at(s, found.value)).toBe('"a\\\\"');
  });
});

describe('JsonBytes', () => {
  it('refuses bytes that are not the JSON it was told about', () => {
    expect(() => new JsonBytes(enc('{"a":1} x')).root()).toThrow(/text after the JSON value/);
    expect(() => new JsonBytes(enc('{"a" 1}')).container(0)).toThrow(/expected ':'/);
  });
});

describe('splice: each edit kind', () => {
  it('set on a member rewrites its value only', () => {
    expect(splice('{ "a" : 1 , "b" : [ 2 ] }', [{ kind: 'set', pointer: '/a', value: { x: [1] } }])).toBe(
      '{ "a" : {"x":[1]} , "b" : [ 2 ] }',
    );
    expect(splice('{"a":1,"b":2}', [{ kind: 'set', pointer: '/b', value: undefined }])).toBe('{"a":1,"b":null}');
  });

  it('set on an absent key appends a member, copying the separators the object uses', () => {
    expect(splice('{"a":1}', [{ kind: 'set', pointer: '/z', value: true }])).toBe('{"a":1,"z":true}');
    expect(splice('{ "a" : 1 }', [{ kind: 'set', pointer: '/z', value: true }])).toBe('{ "a" : 1, "z" : true }');
    expect(splice('{"a": 1, "b": 2}', [{ kind: 'set', pointer: '/z', value: 3 }])).toBe('{"a": 1, "b": 2, "z": 3}');
    expect(splice('{}', [{ kind: 'set', pointer: '/z', value: 'é' }])).toBe(latin1(enc('{"z":"é"}')));
    expect(splice('{ }', [{ kind: 'set', pointer: '/z', value: 1 }])).toBe('{"z":1 }');
    expect(splice('{"a":{}}', [{ kind: 'set', pointer: '/a/k~1~0', value: 1 }])).toBe('{"a":{"k/~":1}}');
  });

  it('set on an array replaces an element, and appends at "-" or at the length', () => {
    expect(splice('[1, 2, 3]', [{ kind: 'set', pointer: '/1', value: 'x' }])).toBe('[1, "x", 3]');
    expect(splice('[1, 2]', [{ kind: 'set', pointer: '/-', value: 9 }])).toBe('[1, 2, 9]');
    expect(splice('[1]', [{ kind: 'set', pointer: '/1', value: 9 }])).toBe('[1,9]');
    expect(splice('[]', [{ kind: 'set', pointer: '/-', value: 9 }])).toBe('[9]');
    expect(() => splice('[1]', [{ kind: 'set', pointer: '/2', value: 9 }])).toThrow(/out of range/);
    expect(() => splice('[1]', [{ kind: 'set', pointer: '/01', value: 9 }])).toThrow(/invalid array index/);
  });

  it('remove cuts the member or element with exactly one adjacent comma', () => {
    expect(splice('{"a":1, "b":2, "c":3}', [{ kind: 'remove', pointer: '/a' }])).toBe('{"b":2, "c":3}');
    expect(splice('{"a":1, "b":2, "c":3}', [{ kind: 'remove', pointer: '/b' }])).toBe('{"a":1, "c":3}');
    expect(splice('{"a":1, "b":2, "c":3}', [{ kind: 'remove', pointer: '/c' }])).toBe('{"a":1, "b":2}');
    expect(splice('{ "a" : 1 }', [{ kind: 'remove', pointer: '/a' }])).toBe('{}');
    expect(splice('[1,2,3]', [{ kind: 'remove', pointer: '/1' }])).toBe('[1,3]');
    expect(splice('[1,2,3]', [{ kind: 'remove', pointer: '/2' }])).toBe('[1,2]');
    expect(splice('[[1]]', [{ kind: 'remove', pointer: '/0/0' }])).toBe('[[]]');
    // An absent key: nothing to remove (pointer.ts removeAt does the same).
    expect(splice('{"a":1}', [{ kind: 'remove', pointer: '/z' }])).toBe('{"a":1}');
    expect(() => splice('[1]', [{ kind: 'remove', pointer: '/1' }])).toThrow(/out of range/);
  });

  it('remove of a duplicated key removes every occurrence (else JSON.parse would show an earlier one)', () => {
    const out = splice('{"a":1,"b":2,"a":3,"c":4,"a":5}', [{ kind: 'remove', pointer: '/a' }]);
    expect(out).toBe('{"b":2,"c":4}');
  });

  it('set of a duplicated key rewrites the occurrence JSON.parse reads (the last)', () => {
    const out = splice('{"a":1,"b":2,"a":3}', [{ kind: 'set', pointer: '/a', value: 7 }]);
    expect(out).toBe('{"a":1,"b":2,"a":7}');
    expect(JSON.parse(out)).toEqual({ a: 7, b: 2 });
    expect(Object.keys(JSON.parse(out) as object)).toEqual(['a', 'b']);
  });

  it('edits on one text apply in order, each on the result of the one before', () => {
    const edits: SpliceEdit[] = [
      { kind: 'remove', pointer: '/c/3' },
      { kind: 'remove', pointer: '/c/0' },
      { kind: 'set', pointer: '/c/0', value: 'B' },
      { kind: 'set', pointer: '/c/-', value: { n: 1 } },
      { kind: 'set', pointer: '/c/3/m', value: 2 },
      { kind: 'remove', pointer: '/c/3/n' },
      { kind: 'set', pointer: '/k', value: 1 },
      { kind: 'remove', pointer: '/k' },
    ];
    expect(splice('{"c":[0, 1, 2, 3, 4]}', edits)).toBe('{"c":["B", 2, 4, {"m":2}]}');
  });

  it('an edit inside a value an earlier edit wrote goes into that value', () => {
    const out = splice('{"a":1e400}', [
      { kind: 'set', pointer: '/b', value: { list: [1] } },
      { kind: 'set', pointer: '/b/list/-', value: 2 },
      { kind: 'remove', pointer: '/b/list/0' },
    ]);
    expect(out).toBe('{"a":1e400,"b":{"list":[2]}}');
    expect(() =>
      splice('{"b":{"x":1}}', [
        { kind: 'set', pointer: '/b', value: { y: 1 } },
        { kind: 'set', pointer: '/b/x/z', value: 1 },
      ]),
    ).toThrow('no container at /b/x');
  });

  it('names the parent as pointer.ts does when the way down is missing', () => {
    expect(() => splice('{"a":{}}', [{ kind: 'set', pointer: '/a/b/c', value: 1 }])).toThrow('no container at /a/b');
    expect(() => splice('{"a":[1]}', [{ kind: 'remove', pointer: '/a/0/x' }])).toThrow('no container at /a/0');
    expect(() => splice('{"a":1}', [{ kind: 'set', pointer: '', value: 1 }])).toThrow(/root/);
  });

  it('replace keeps the bytes of every member that did not change', () => {
    const line = '{"n":1e400,"s":"caf\\u00e9","keep":{"x":-0},"drop":1,"edit":{"deep":[1,2,{"y":1.50}]}}';
    const value = JSON.parse(line) as Record<string, any>;
    const next: Record<string, unknown> = { ...value, edit: { deep: [1, 2, { y: 1.5, z: true }] }, added: 'new' };
    delete next.drop;
    expect(splice(line, [{ kind: 'replace', value: next }])).toBe(
      '{"n":1e400,"s":"caf\\u00e9","keep":{"x":-0},"edit":{"deep":[1,2,{"y":1.50,"z":true}]},"added":"new"}',
    );
  });

  it('replace with the keys in a new order writes the members in that order, each with its own bytes', () => {
    const line = '{"a":1.50, "b":"\\/", "a":2E0, "c":3}';
    const value = JSON.parse(line) as Record<string, unknown>;
    const next = { c: 3, a: value.a, b: value.b };
    const out = splice(line, [{ kind: 'replace', value: next }]);
    expect(out).toBe('{"c":3, "a":1.50, "a":2E0, "b":"\\/"}');
    expect(Object.keys(JSON.parse(out) as object)).toEqual(['c', 'a', 'b']);
  });

  it('replace of an array reuses elements a fix moved (by identity) and pairs the rest by position', () => {
    const line = '{"content":[{"t":"a","n":1.0},{"t":"b","n":2.0},{"t":"c","n":3.0}]}';
    const value = JSON.parse(line) as { content: Record<string, unknown>[] };
    const [a, b, c] = value.content;
    expect(splice(line, [{ kind: 'set', pointer: '/content', value: [c, a, b] }], value)).toBe(
      '{"content":[{"t":"c","n":3.0},{"t":"a","n":1.0},{"t":"b","n":2.0}]}',
    );
    expect(splice(line, [{ kind: 'set', pointer: '/content', value: [a, c] }], value)).toBe(
      '{"content":[{"t":"a","n":1.0},{"t":"c","n":3.0}]}',
    );
    // A changed copy of an element keeps the bytes of its unchanged members.
    expect(splice(line, [{ kind: 'set', pointer: '/content', value: [a, { ...b, t: 'B' }, c] }], value)).toBe(
      '{"content":[{"t":"a","n":1.0},{"t":"B","n":2.0},{"t":"c","n":3.0}]}',
    );
    // Deep copies, one dropped in the middle: the ends still match.
    const copy = JSON.parse(line) as { content: unknown[] };
    expect(splice(line, [{ kind: 'set', pointer: '/content', value: [copy.content[0], copy.content[2]] }])).toBe(
      '{"content":[{"t":"a","n":1.0},{"t":"c","n":3.0}]}',
    );
  });

  it('a value equal to what is there keeps its bytes', () => {
    const line = '{"a":[1E2,"\\u00e9"]}';
    expect(splice(line, [{ kind: 'set', pointer: '/a', value: [100, 'é'] }])).toBe(line);
    // -0 is not 0 to JSON.parse: setting 0 writes 0.
    expect(splice('{"a":-0}', [{ kind: 'set', pointer: '/a', value: 0 }])).toBe('{"a":0}');
  });

  it('a replace of a line that is not JSON writes the new value', () => {
    const s = new Splice(enc('garbage'), undefined);
    s.replace({ a: 1 });
    expect(dec(s.write())).toBe('{"a":1}');
    expect(() => spliceJson(enc('garbage'), undefined, [{ kind: 'set', pointer: '/a', value: 1 }])).toThrow(
      /not a JSON object/,
    );
  });

  it(`a diff deeper than ${MAX_DIFF_DEPTH} levels writes the rest of the value whole, and says so`, () => {
    const depth = MAX_DIFF_DEPTH + 50;
    const line = '{"keep":1.50,"v":' + '['.repeat(depth) + '1' + ']'.repeat(depth) + '}';
    const value = JSON.parse(line) as { v: unknown };
    let next: unknown = 2;
    for (let i = 0; i < depth; i++) next = [next];
    const s = new Splice(enc(line), value);
    s.set(['v'], next);
    const out = dec(s.write());
    expect(out).toBe('{"keep":1.50,"v":' + '['.repeat(depth) + '2' + ']'.repeat(depth) + '}');
    expect(s.fallbacks.length).toBeGreaterThan(0);
  });
});

describe('splice: every exotic form outside the edit keeps its bytes (issue 11, item 4)', () => {
  const cases: [string, string][] = [
    ['a number too large for a double', '1e400'],
    ['an integer beyond 2^53', '12345678901234567890'],
    ['negative zero', '-0'],
    ['a trailing zero', '1.50'],
    ['an upper-case exponent', '1E2'],
    ['a \\u escape', '"caf\\u00e9"'],
    ['an escaped slash', '"a\\/b"'],
    ['an escaped control character', '"\\u0001\\t"'],
  ];
  for (const [what, literal] of cases) {
    it(what, () => {
      const line = `{"other":${literal},"list":[${literal}],"target":1}`;
      expect(splice(line, [{ kind: 'set', pointer: '/target', value: 2 }])).toBe(
        `{"other":${literal},"list":[${literal}],"target":2}`,
      );
      expect(splice(line, [{ kind: 'remove', pointer: '/target' }])).toBe(`{"other":${literal},"list":[${literal}]}`);
    });
  }

  it('duplicate keys', () => {
    const line = '{"d":1,"d":2,"target":1}';
    expect(splice(line, [{ kind: 'set', pointer: '/target', value: 2 }])).toBe('{"d":1,"d":2,"target":2}');
  });

  it('invalid UTF-8', () => {
    const bytes = raw('{"t":"caf\xe9 \xff","target":1}');
    expect(splice(bytes, [{ kind: 'set', pointer: '/target', value: 'é' }])).toBe(
      '{"t":"caf\xe9 \xff","target":"\xc3\xa9"}',
    );
  });

  it('through applyFixes, on a loaded file', () => {
    const line = '{"n":12345678901234567890,"e":"\\u00e9\\/","d":1,"d":2, "x":1E2}';
    const file = loadBytes('t.jsonl', enc(`${line}\n`));
    const fix: Fix = {
      ruleId: 'r',
      applicability: 'safe',
      description: 'r',
      edits: [{ kind: 'set', line: 1, pointer: '/x', value: 3 }],
    };
    expect(dec(applyFixes(file, [fix]).bytes)).toBe('{"n":12345678901234567890,"e":"\\u00e9\\/","d":1,"d":2, "x":3}\n');
  });

  it('new text a fix writes is plain JSON.stringify', () => {
    expect(splicedUtf8('{}', [{ kind: 'set', pointer: '/s', value: 'é/\u2028' }])).toBe('{"s":"é/\u2028"}');
  });
});

describe('splice: a string changed in place keeps the bytes of what it keeps (issue 34, item 6)', () => {
  const set = (value: string): SpliceEdit[] => [{ kind: 'set', pointer: '/s', value }];

  it('only the escapes that change are written, a \\u escape as a \\u escape', () => {
    const line = String.raw`{"s":"\ud83d\ude00 caf\u00e9 a\/b \ud800 \\ud800 \n"}`;
    const value = (JSON.parse(line) as { s: string }).s.replace('\ud800', '\ufffd');
    expect(splice(line, set(value))).toBe(String.raw`{"s":"\ud83d\ude00 caf\u00e9 a\/b \ufffd \\ud800 \n"}`);
  });

  it('a run of unescaped characters that changes is written whole, as JSON.stringify writes it; the rest stays', () => {
    const line = String.raw`{"s":"caf\u00e9 abc\ndef"}`;
    expect(splice(line, set('café aXc\ndef'))).toBe(String.raw`{"s":"caf\u00e9 aXc\ndef"}`);
    // A changed two-byte escape: written as JSON.stringify writes the new character.
    expect(splice(line, set('café abc"def'))).toBe(String.raw`{"s":"caf\u00e9 abc\"def"}`);
    expect(splicedUtf8(line, set('café abcédef'))).toBe(String.raw`{"s":"caf\u00e9 abc` + 'é' + 'def"}');
  });

  it('a character outside the BMP written as UTF-8 is two units: one of them changed rewrites that run', () => {
    const line = '{"s":"\u{1f600}\\u00e9"}';
    expect(splicedUtf8(line, set('\ud83d\ufffdé'))).toBe('{"s":"\\ud83d\ufffd\\u00e9"}');
  });

  it('invalid UTF-8 in the string stays when another piece changes', () => {
    const bytes = raw('{"s":"caf\xe9 \xff \\ud800 \\u00e9"}');
    const value = (JSON.parse(dec(bytes)) as { s: string }).s.replace('\ud800', '\ufffd');
    expect(splice(bytes, set(value))).toBe('{"s":"caf\xe9 \xff \\ufffd \\u00e9"}');
  });

  it('a string of another length is written whole, as before', () => {
    expect(splice(String.raw`{"s":"caf\u00e9 \ud800"}`, set('café'))).toBe('{"s":"caf\xc3\xa9"}');
  });

  it('a second edit of the same string starts from the original bytes again', () => {
    const line = String.raw`{"s":"\ud800\u00e9\udc00"}`;
    const edits: SpliceEdit[] = [...set('\ufffdé\udc00'), ...set('\ufffdé\ufffd')];
    expect(splice(line, edits)).toBe(String.raw`{"s":"\ufffd\u00e9\ufffd"}`);
    expect(splice(line, [...set('\ufffdé\udc00'), ...set('\ud800é\udc00')])).toBe(line);
    expect(() => splice(line, [...set('\ufffdé\udc00'), { kind: 'set', pointer: '/s/x', value: 1 }])).toThrow(
      'no container at /s',
    );
  });

  it('a replace of the whole value patches a string below it the same way', () => {
    const line = String.raw`{"a":[{"t":"caf\u00e9 \ud800"}],"n":1.50}`;
    const value = { a: [{ t: 'café \ufffd' }], n: 1.5 };
    expect(splice(line, [{ kind: 'replace', value }])).toBe(String.raw`{"a":[{"t":"caf\u00e9 \ufffd"}],"n":1.50}`);
  });
});

describe('a safe fix keeps invalid UTF-8 it does not name, and the finding (issue 11, item 3)', () => {
  function session(): Uint8Array {
    const t = transcript();
    t.user('hi');
    t.assistant([text('INVALID'), text('')]);
    t.user('thanks');
    // The first text block holds invalid UTF-8 ("caf\xe9 \xff"); the second is empty, which no-empty-content drops.
    const [head, tail] = t.toString().split('INVALID');
    return new Uint8Array([...enc(head!), ...raw('caf\xe9 \xff'), ...enc(tail!)]);
  }

  it('no-empty-content drops the empty block; the other block keeps its bytes and valid-json still reports the line', () => {
    const input = session();
    const before = fixBytes('s.jsonl', input);
    expect(before.status).toBe('fixed');
    expect(before.applied.map((f) => f.ruleId)).toContain('no-empty-content');
    const outLine = latin1(before.output).split('\n')[1]!;
    const inLine = latin1(input).split('\n')[1]!;
    expect(outLine).toContain('"text":"caf\xe9 \xff"');
    expect(outLine).toBe(inLine.replace(',{"type":"text","text":""}', ''));
    const utf8 = before.final.result.diagnostics.filter((d) => d.ruleId === 'valid-json');
    expect(utf8.map((d) => [d.line, d.messageId])).toEqual([[2, 'utf8']]);
    expect(before.final.model.file.lines[1]!.problems.map((p) => p.kind)).toEqual(['utf8']);
  });
});

describe('long and deep lines', () => {
  it('a long line (its long strings read lazily) keeps them, and a replace built from the parsed entry keeps them too', () => {
    const long = 'x'.repeat(200_000) + '\\u00e9';
    const line = `{"n":1E2,"message":{"content":[{"type":"text","text":"${long}"},{"type":"text","text":"tail "}]},"d":1,"d":2}`;
    const file = loadBytes('long.jsonl', enc(line + '\n'));
    expect(file.lines[0]!.json).toBeDefined();
    const set: Fix = {
      ruleId: 'r',
      applicability: 'safe',
      description: 'r',
      edits: [{ kind: 'set', line: 1, pointer: '/message/content/1/text', value: 'tail' }],
    };
    expect(dec(applyFixes(file, [set]).bytes)).toBe(line.replace('"tail "', '"tail"') + '\n');
    const entry = file.lines[0]!.json as { message: { content: Record<string, unknown>[] } };
    const [first, second] = entry.message.content;
    const value = { ...entry, message: { ...entry.message, content: [{ ...first }, { ...second, text: 'tail' }] } };
    const replace: Fix = {
      ruleId: 'r',
      applicability: 'safe',
      description: 'r',
      edits: [{ kind: 'replace', line: 1, value }],
    };
    expect(dec(applyFixes(file, [replace]).bytes)).toBe(line.replace('"tail "', '"tail"') + '\n');
  });

  it('an edit 10,000 levels down, and one beside a 100,000-deep value, stay fast', () => {
    const deep = (n: number, inner: string): string => '['.repeat(n) + inner + ']'.repeat(n);
    const line = `{"a":${deep(10_000, '1.50')},"b":${deep(100_000, '-0')},"c":1}`;
    const file = loadBytes('deep.jsonl', enc(line + '\n'));
    const down: Fix = {
      ruleId: 'r',
      applicability: 'safe',
      description: 'r',
      edits: [{ kind: 'set', line: 1, pointer: '/a' + '/0'.repeat(9_999), value: [2] }],
    };
    expect(dec(applyFixes(file, [down]).bytes)).toBe(line.replace(deep(10_000, '1.50'), deep(10_000, '2')) + '\n');
    const beside: Fix = {
      ruleId: 'r',
      applicability: 'safe',
      description: 'r',
      edits: [{ kind: 'remove', line: 1, pointer: '/c' }],
    };
    expect(dec(applyFixes(file, [beside]).bytes)).toBe(line.replace(',"c":1', '') + '\n');
  });
});

describe('many edits on one huge line stay linear', () => {
  it('removes 200,000 of 400,000 blocks (quadratic work would not end within the timeout)', () => {
    const n = 400_000;
    const blocks = Array.from({ length: n }, (_, i) =>
      i % 2 ? '{"type":"text","text":""}' : `{"type":"text","text":"b${i}"}`,
    );
    const line = `{"message":{"content":[${blocks.join(',')}]},"n":1e400}`;
    const edits: Edit[] = [];
    for (let i = n - 1; i >= 0; i -= 2) edits.push({ kind: 'remove', line: 1, pointer: `/message/content/${i}` });
    const file = loadBytes('big.jsonl', enc(line + '\n'));
    const out = applyFixes(file, [{ ruleId: 'r', applicability: 'safe', description: 'r', edits }]);
    const kept = blocks.filter((_, i) => i % 2 === 0);
    expect(dec(out.bytes)).toBe(`{"message":{"content":[${kept.join(',')}]},"n":1e400}\n`);
  }, 30_000);
});
