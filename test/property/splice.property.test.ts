// Property: an edit spliced into a JSON text (issue 11, items 3 and 4) means what the same edit means on the parsed
// value, and changes no byte outside what it names. The texts are generated with what re-serialising would lose:
// numbers as written (1e400, -0, 1.50, 1E2, 12345678901234567890), escapes (\u00e9, \/, surrogate pairs), duplicate
// keys (also spelled differently: "a" and "\u0061"), whitespace everywhere, and invalid UTF-8 inside strings and
// keys. Fixed seed under `npm test`; `npm run fuzz` (FUZZ_RUNS, FUZZ_SEED) for long runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/fixer/apply.js';
import { copyJson, jsonEqual } from '../../src/fixer/deep-json.js';
import type { Edit } from '../../src/fixer/edits.js';
import { formatPointer, removeAt, setAt } from '../../src/fixer/pointer.js';
import { type SpliceEdit, spliceJson } from '../../src/fixer/splice.js';
import { JsonBytes, locate } from '../../src/fixer/splice-scan.js';
import { loadBytes } from '../../src/loader/read-jsonl.js';
import { FUZZING, SEED } from './config.js';

const RUNS = FUZZING ? Math.max(100, Math.ceil(Number(process.env.FUZZ_RUNS) * 0.1)) : 400;
const params = { seed: SEED, numRuns: RUNS, endOnFailure: false } as const;
const TIMEOUT = 60_000 + RUNS * 50;

// ---- spelled JSON: a value and the exact bytes it is written with --------------------------------------------

type Spelled =
  | { t: 'raw'; bytes: number[] }
  | { t: 'arr'; items: Spelled[]; ws: string[] }
  | { t: 'obj'; members: [number[], Spelled][]; ws: string[] };

const ascii = (s: string): number[] => [...Buffer.from(s, 'utf8')];

const NUMBERS = [
  '0',
  '-0',
  '1',
  '1.50',
  '1E2',
  '1e+2',
  '1e400',
  '-1e400',
  '1e-400',
  '12345678901234567890',
  '-2.5e-3',
  '0.0',
  '42',
  '-7',
];
const STRING_PIECES: number[][] = [
  ascii('abc'),
  ascii(' '),
  ascii('\\"'),
  ascii('\\\\'),
  ascii('\\/'),
  ascii('\\n'),
  ascii('\\u00e9'),
  ascii('\\u0000'),
  ascii('\\ud83d\\ude00'),
  ascii('é'),
  ascii('😀'),
  [0xff],
  [0xe9],
  [0x63, 0x61, 0x66, 0xe9, 0x20, 0xff], // "caf\xe9 \xff"
  [0xc3],
  [0x80],
  [0xed, 0xa0, 0x80],
];
// Keys collide on purpose (duplicates, and two spellings of one key).
const KEYS: number[][] = [
  ascii('"a"'),
  ascii('"\\u0061"'),
  ascii('"b"'),
  ascii('"c"'),
  ascii('"__proto__"'),
  ascii('"0"'),
  ascii('"1"'),
  ascii('"é"'),
  ascii('"\\u00e9"'),
  ascii('"x\\/y"'),
  ascii('"~t"'),
  [0x22, 0x6b, 0xff, 0x22], // "k\xff"
];
const NEW_KEYS = ['a', 'z', 'é', '__proto__', '0', 'k/~', 'b'];

function spelledArb(ws: readonly string[]): fc.Arbitrary<Spelled> {
  const wsArb = fc.array(fc.constantFrom(...ws), { minLength: 1, maxLength: 4 });
  const scalar: fc.Arbitrary<Spelled> = fc.oneof(
    fc.constantFrom(...NUMBERS).map((s) => ({ t: 'raw' as const, bytes: ascii(s) })),
    fc.constantFrom('true', 'false', 'null').map((s) => ({ t: 'raw' as const, bytes: ascii(s) })),
    fc
      .array(fc.constantFrom(...STRING_PIECES), { maxLength: 5 })
      .map((parts) => ({ t: 'raw' as const, bytes: [0x22, ...parts.flat(), 0x22] })),
  );
  const tree = fc.letrec<{ value: Spelled; arr: Spelled; obj: Spelled }>((tie) => ({
    value: fc.oneof({ maxDepth: 4, depthSize: 'small' }, scalar, tie('arr'), tie('obj')),
    arr: fc.record({ t: fc.constant('arr' as const), items: fc.array(tie('value'), { maxLength: 5 }), ws: wsArb }),
    obj: fc.record({
      t: fc.constant('obj' as const),
      members: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('value')), { maxLength: 6 }),
      ws: wsArb,
    }),
  }));
  return tree.obj;
}

/** The bytes of a spelled value; whitespace taken in turn from the container's own list. */
function render(root: Spelled): Uint8Array {
  const out: number[] = [];
  const work: (Spelled | number[])[] = [root];
  while (work.length > 0) {
    const next = work.pop()!;
    if (Array.isArray(next)) {
      out.push(...next);
      continue;
    }
    if (next.t === 'raw') {
      out.push(...next.bytes);
      continue;
    }
    let w = 0;
    const ws = (): number[] => ascii(next.ws[w++ % next.ws.length]!);
    const parts: (Spelled | number[])[] = [[next.t === 'arr' ? 0x5b : 0x7b, ...ws()]];
    const items = next.t === 'arr' ? next.items.map((v) => [undefined, v] as const) : next.members;
    items.forEach(([key, value], i) => {
      if (i > 0) parts.push([...ws(), 0x2c, ...ws()]);
      if (key) parts.push([...key, ...ws(), 0x3a, ...ws()]);
      parts.push(value);
    });
    parts.push([...ws(), next.t === 'arr' ? 0x5d : 0x7d]);
    for (let i = parts.length - 1; i >= 0; i--) work.push(parts[i]!);
  }
  return Uint8Array.from(out);
}

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const parse = (b: Uint8Array): unknown => JSON.parse(lenient.decode(b));

// ---- edits chosen on the parsed value ---------------------------------------------------------------------------

interface Choice {
  mode: number;
  pick: number;
  key: string;
  value: unknown;
}

const choiceArb: fc.Arbitrary<Choice> = fc.record({
  mode: fc.nat({ max: 3 }),
  pick: fc.nat({ max: 1000 }),
  key: fc.constantFrom(...NEW_KEYS),
  // A value as JSON text gives it back (-0 is written 0 by any writer).
  value: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown),
});

/** Every value below the root, by tokens; and the containers (the root included). */
function paths(root: unknown): { values: string[][]; objects: string[][]; arrays: string[][] } {
  const values: string[][] = [];
  const objects: string[][] = [];
  const arrays: string[][] = [];
  const work: [unknown, string[]][] = [[root, []]];
  while (work.length > 0) {
    const [v, at] = work.pop()!;
    if (at.length > 0) values.push(at);
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      arrays.push(at);
      for (const [i, item] of v.entries()) work.push([item, [...at, String(i)]]);
    } else {
      objects.push(at);
      for (const k of Object.keys(v)) work.push([(v as Record<string, unknown>)[k], [...at, k]]);
    }
  }
  return { values, objects, arrays };
}

type Planned = { edit: SpliceEdit; tokens: string[]; kind: 'set' | 'remove' | 'add' };

function plan(current: unknown, c: Choice): Planned {
  const { values, objects, arrays } = paths(current);
  const mode = values.length === 0 ? 2 : c.mode;
  if (mode === 0 || mode === 1) {
    const tokens = values[c.pick % values.length]!;
    const pointer = formatPointer(tokens);
    return mode === 0
      ? { edit: { kind: 'set', pointer, value: c.value }, tokens, kind: 'set' }
      : { edit: { kind: 'remove', pointer }, tokens, kind: 'remove' };
  }
  if (mode === 3 && arrays.length > 0) {
    const tokens = [...arrays[c.pick % arrays.length]!, '-'];
    return { edit: { kind: 'set', pointer: formatPointer(tokens), value: c.value }, tokens, kind: 'add' };
  }
  const parent = objects[c.pick % objects.length]!;
  const tokens = [...parent, c.key];
  const exists = Object.hasOwn(getAt(current, parent) as object, c.key);
  return {
    edit: { kind: 'set', pointer: formatPointer(tokens), value: c.value },
    tokens,
    kind: exists ? 'set' : 'add',
  };
}

function getAt(root: unknown, tokens: readonly string[]): unknown {
  let v = root;
  for (const t of tokens) v = (v as Record<string, unknown>)[t];
  return v;
}

function applyToValue(value: unknown, e: SpliceEdit): void {
  if (e.kind === 'set') setAt(value, e.pointer, copyJson(e.value));
  else if (e.kind === 'remove') removeAt(value, e.pointer);
}

// ---- byte checks --------------------------------------------------------------------------------------------------

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

/** `out` is `orig` with [from, to) replaced by something. */
function keepsOutside(orig: Uint8Array, out: Uint8Array, from: number, to: number): boolean {
  const tail = orig.length - to;
  return (
    out.length >= from + tail &&
    same(out.subarray(0, from), orig.subarray(0, from)) &&
    same(out.subarray(out.length - tail), orig.subarray(to))
  );
}

/** `out` is `orig` with exactly the ranges cut out. */
function cutsExactly(orig: Uint8Array, out: Uint8Array, cuts: [number, number][]): boolean {
  const kept: number[] = [];
  const sorted = [...cuts].sort((a, b) => a[0] - b[0]);
  let at = 0;
  for (const [a, b] of sorted) {
    for (let i = at; i < a; i++) kept.push(orig[i]!);
    at = Math.max(at, b);
  }
  for (let i = at; i < orig.length; i++) kept.push(orig[i]!);
  return same(Uint8Array.from(kept), out);
}

/** Where an added member or element goes: after the container's last item (or just inside an empty one). */
function insertionPoint(bytes: Uint8Array, parent: readonly string[]): number {
  const range = parent.length === 0 ? new JsonBytes(bytes).root() : { start: locate(bytes, '', parent)!.value[0] };
  const scan = new JsonBytes(bytes).container(range.start);
  return scan.count > 0 ? scan.ends[scan.count - 1]! : scan.start + 1;
}

function checkOneEdit(bytes: Uint8Array, out: Uint8Array, p: Planned): void {
  if (p.kind === 'set') {
    const found = locate(bytes, '', p.tokens)!;
    expect(keepsOutside(bytes, out, found.value[0], found.value[1]), 'bytes outside the set value unchanged').toBe(
      true,
    );
  } else if (p.kind === 'remove') {
    const found = locate(bytes, '', p.tokens)!;
    expect(cutsExactly(bytes, out, found.cut), 'exactly the member (all its occurrences) and one comma cut').toBe(true);
  } else {
    const at = insertionPoint(bytes, p.tokens.slice(0, -1));
    expect(keepsOutside(bytes, out, at, at), 'the new member or element inserted, nothing else changed').toBe(true);
  }
}

function expectSameValue(actual: unknown, expected: unknown): void {
  if (!jsonEqual(actual, expected)) expect(actual).toEqual(expected);
  expect(jsonEqual(actual, expected), 'equal as JSON, key order and -0 included').toBe(true);
}

describe('property: spliced edits', () => {
  it(
    'one set or remove on a line: the value is the edit applied to the parsed line; no byte outside it changes',
    () => {
      fc.assert(
        fc.property(spelledArb([' ', '', '\t', ' \r ']), choiceArb, (spelled, choice) => {
          const bytes = render(spelled);
          const original = parse(bytes);
          const planned = plan(original, choice);
          const expected = copyJson(original);
          applyToValue(expected, planned.edit);
          // Through the fix engine, on a loaded one-line file (the loader's lenient parse, its 'utf8' finding).
          const file = loadBytes('p.jsonl', Uint8Array.from([...bytes, 0x0a]));
          const edit = { ...planned.edit, line: 1 } as Edit;
          const result = applyFixes(file, [{ ruleId: 'p', applicability: 'safe', description: 'p', edits: [edit] }]);
          expect(result.failed).toEqual([]);
          const out = result.bytes.subarray(0, result.bytes.length - 1);
          expectSameValue(parse(out), expected);
          checkOneEdit(bytes, out, planned);
          // Invalid UTF-8 outside the edit is still there, so the line is still reported.
          const hadInvalid = file.lines[0]!.problems.some((q) => q.kind === 'utf8');
          const after = loadBytes('p.jsonl', result.bytes).lines[0]!.problems.some((q) => q.kind === 'utf8');
          if (hadInvalid && planned.kind !== 'remove' && planned.kind !== 'set') expect(after).toBe(true);
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'on multi-line texts too (documents), and a sequence of edits applies in order',
    () => {
      fc.assert(
        fc.property(
          spelledArb(['', ' ', '\n', '\n  ', '\r\n\t']),
          fc.array(choiceArb, { minLength: 1, maxLength: 4 }),
          (spelled, choices) => {
            const bytes = render(spelled);
            const original = parse(bytes);
            const expected = copyJson(original);
            const planned = choices.map((c) => {
              const p = plan(expected, c);
              applyToValue(expected, p.edit);
              return p;
            });
            const out = spliceJson(
              bytes,
              original,
              planned.map((p) => p.edit),
            );
            expectSameValue(parse(out), expected);
            if (planned.length === 1) checkOneEdit(bytes, out, planned[0]!);
          },
        ),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'a whole new value (replace) keeps the bytes of everything the change does not reach',
    () => {
      fc.assert(
        fc.property(spelledArb([' ', '', '\n ']), choiceArb, (spelled, choice) => {
          const bytes = render(spelled);
          const original = parse(bytes);
          const planned = plan(original, choice);
          const next = copyJson(original);
          applyToValue(next, planned.edit);
          const out = spliceJson(bytes, original, [{ kind: 'replace', value: next }]);
          expectSameValue(parse(out), next);
          // Equal elements of an array are interchangeable to a diff, so only the container holding the change is
          // pinned: nothing outside it moves.
          const parent = planned.tokens.slice(0, -1);
          const range =
            parent.length === 0
              ? new JsonBytes(bytes).root()
              : { start: locate(bytes, '', parent)!.value[0], end: locate(bytes, '', parent)!.value[1] };
          expect(
            keepsOutside(bytes, out, range.start, range.end),
            'bytes outside the changed container unchanged',
          ).toBe(true);
          // An object member set or removed is exact.
          const holder = getAt(original, parent);
          if (!Array.isArray(holder)) checkOneEdit(bytes, out, planned);
        }),
        params,
      );
    },
    TIMEOUT,
  );
});
