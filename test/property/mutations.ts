// Mutations of transcripts, as plain data: a case is a seed name and a list of operations, each holding only small
// numbers (taken modulo whatever they index), so any operation applies to any file, a failing case prints as a
// short readable counterexample, fast-check shrinks it towards fewer operations and smaller indexes, and
// `buildCase` replays it exactly (also from a regression test).
import fc from 'fast-check';
import type { Seed } from './seeds.js';

export type Op =
  /** Cut the file at a byte: a crash mid-write. */
  | { op: 'truncate'; at: number }
  /** Cut one line at a byte and keep the lines after it: a crash, then more appends. */
  | { op: 'tearLine'; line: number; at: number }
  | { op: 'deleteLine'; line: number }
  | { op: 'duplicateLine'; line: number; to: number }
  | { op: 'swapLines'; a: number; b: number }
  | { op: 'flipByte'; at: number; mask: number }
  /** Insert raw bytes (NUL, invalid UTF-8, a raw ESC, a stray CR/LF/BOM...) at a byte offset. */
  | { op: 'insertBytes'; at: number; bytes: number }
  /** Replace the value at a pointer of a JSON line with 10,000-deep (or deeper) nesting. */
  | { op: 'deepNest'; line: number; path: number; kind: number; depth: number }
  /** Replace the value at a pointer with an ~8 MB value, or insert an ~8 MB line. */
  | { op: 'huge'; line: number; path: number; kind: number }
  /** CRLF line ends on every line (every = 1) or on every n-th line. */
  | { op: 'crlf'; every: number; offset: number }
  | { op: 'bom'; twice: boolean }
  /** A value of another JSON type at a pointer. */
  | { op: 'wrongType'; line: number; path: number; value: number }
  /** `__proto__` / `constructor` keys at a pointer. */
  | { op: 'protoKeys'; line: number; path: number; variant: number }
  /** A string value (an id, a uuid, a type) set to `__proto__`, `constructor`, `toString`... */
  | { op: 'protoValue'; line: number; path: number; name: number }
  /** Terminal escape sequences in a string value. */
  | { op: 'escape'; line: number; path: number; seq: number; mode: number }
  /**
   * An id-like field (uuid, parentUuid, leafUuid, logicalParentUuid, a block's id or tool_use_id, message.id) set
   * to another id value of the same file: cycles, forks, duplicate uuids and ids, results paired with other calls.
   */
  | { op: 'alias'; line: number; path: number; from: number }
  /** Any JSON text at a pointer (not generated at random: for sweeps and regressions). */
  | { op: 'setRaw'; line: number; path: number; raw: string };

export interface Case {
  seed: string;
  target: 'claude-code' | 'api';
  ops: Op[];
  /** A small --max-line-bytes for some cases, so long lines become findings instead of entries. */
  maxLineBytes?: number;
}

// ---- value tables (indexes wrap around) ----------------------------------------------------------------------

export const RAW_BYTES: readonly (readonly number[])[] = [
  [0x00],
  [0x00, 0x00, 0x00, 0x00],
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0x80], // overlong NUL
  [0xed, 0xa0, 0x80], // an encoded surrogate
  [0xe2, 0x82], // a truncated sequence
  [0x80], // a lone continuation byte
  [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
  [0xf0, 0x9f, 0x98], // a truncated emoji
  [0x1b, 0x5b, 0x32, 0x4a], // ESC [ 2 J, raw
  [0x1b, 0x5d, 0x30, 0x3b, 0x70, 0x77, 0x6e, 0x07], // ESC ] 0 ; pwn BEL (window title), raw
  [0x0d], // a stray CR
  [0x0a], // a stray LF: the line splits in two
  [0xef, 0xbb, 0xbf], // a BOM in the middle of the file
  [0x22], // a quote
  [0x7b], // a brace
  [0x5c], // a backslash
  [0x09, 0x20], // whitespace
  [0x9b], // a raw C1 CSI byte (invalid UTF-8 on its own)
];

/** JSON texts of other types than whatever is at the pointer (mostly). */
export const WRONG_VALUES: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e308',
  '-0',
  '12345678901234567890123',
  'true',
  'false',
  'null',
  '""',
  '"x"',
  '[]',
  '[1,"a",null]',
  '{}',
  '{"type":"text"}',
  '[{}]',
  '[null]',
  '[[]]',
  '{"0":1,"length":5}',
  '"\\u0000"',
  '{"type":"tool_use"}',
  '[{"type":"tool_result"}]',
  '"2026-13-45T99:99:99Z"',
  '"\\ud800"', // a lone surrogate, valid JSON
  '{"toString":1}', // String(value) throws on these
  '{"valueOf":{},"toString":{}}',
  '[{"type":"text","text":{"toString":"x"}}]',
];

export const PROTO_VALUES: readonly string[] = [
  '{"__proto__":{"polluted":"yes","isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"__proto__":{"polluted":"yes"},"type":"text","text":"x"}',
  '[{"__proto__":{"polluted":"yes"},"type":"tool_use","id":"__proto__","name":"constructor","input":{"__proto__":{"polluted":"yes"}}}]',
  '[{"type":"tool_result","tool_use_id":"__proto__","content":[{"type":"text","text":"x","__proto__":{"polluted":"yes"}}]}]',
  '{"__proto__":null}',
  '{"__proto__":[]}',
  '{"prototype":{"polluted":"yes"},"toString":"x","valueOf":1,"hasOwnProperty":"x"}',
];
/** PROTO_VALUES.length: the variants at and after it inject the keys into the object already at the pointer. */
const INJECTS: readonly string[] = [
  '"__proto__":{"polluted":"yes"}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"__proto__":{"polluted":"yes"},"hasOwnProperty":1,"toString":"x"',
];

export const PROTO_NAMES: readonly string[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
];

export const ESCAPES: readonly string[] = [
  '\x1b[2J\x1b[H', // clear the screen
  '\x1b]0;pwned\x07', // set the window title
  '\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\', // a hyperlink
  '\x1b[31mred\x1b[0m',
  '\u009b2J', // C1 CSI
  '\r\x1b[K', // back to column 0, erase the line
  '\u202eevil', // a bidi override
  '\x07\x08\x00',
  '\x7f',
  '\x1b[8m', // hidden text
  '\x1bP+q\x1b\\', // DCS
  '\x0b\x0c',
];

// ---- byte and line helpers -----------------------------------------------------------------------------------

const encoder = new TextEncoder();
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

interface Lines {
  lines: Uint8Array[];
  finalNewline: boolean;
}

function splitLines(data: Uint8Array): Lines {
  const lines: Uint8Array[] = [];
  let start = 0;
  while (start < data.length) {
    let end = data.indexOf(0x0a, start);
    if (end === -1) end = data.length;
    lines.push(data.subarray(start, end));
    start = end + 1;
  }
  return { lines, finalNewline: data.length > 0 && data[data.length - 1] === 0x0a };
}

function joinLines({ lines, finalNewline }: Lines): Uint8Array {
  const parts: Uint8Array[] = [];
  lines.forEach((l, i) => {
    parts.push(l);
    if (i < lines.length - 1 || finalNewline) parts.push(Uint8Array.of(0x0a));
  });
  return concat(parts);
}

/** The lines that are JSON objects: index and parsed value (with any CR kept aside). */
function objectLines(ls: Lines): { i: number; value: Record<string, unknown>; cr: boolean }[] {
  const out: { i: number; value: Record<string, unknown>; cr: boolean }[] = [];
  ls.lines.forEach((l, i) => {
    const parsed = l.length > 0 ? parseObject(l) : undefined;
    if (parsed) out.push({ i, ...parsed });
  });
  return out;
}

function parseObject(line: Uint8Array): { value: Record<string, unknown>; cr: boolean } | undefined {
  const cr = line.length > 0 && line[line.length - 1] === 0x0d;
  try {
    const v: unknown = JSON.parse(strict.decode(cr ? line.subarray(0, line.length - 1) : line));
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? { value: v as Record<string, unknown>, cr }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Pointers worth hitting first when they exist (or when their parent does). */
const PRIORITY: readonly string[] = [
  '/message/content',
  '/message',
  '/parentUuid',
  '/uuid',
  '/type',
  '/message/role',
  '/message/id',
  '/message/content/0',
  '/message/content/0/type',
  '/message/content/0/id',
  '/message/content/0/input',
  '/message/content/0/tool_use_id',
  '/message/content/0/content',
  '/message/content/0/text',
  '/message/content/0/signature',
  '/message/content/1',
  '/leafUuid',
  '/isSidechain',
  '/logicalParentUuid',
  '/attachment',
  '/attachment/type',
  '/toolUseResult',
  '/sessionId',
  '/timestamp',
  '/isCompactSummary',
  '/subtype',
  '/compactMetadata',
  '/message/stop_reason',
  '/message/model',
  '/requestId',
  '/isMeta',
  '/rendered',
  '/sourceToolAssistantUUID',
  '',
];

type Tok = string | number;

function tokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/');
}

function getAt(root: unknown, toks: readonly Tok[]): unknown {
  let cur = root;
  for (const t of toks) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (!Object.hasOwn(cur, t)) return undefined;
    cur = (cur as Record<string, unknown>)[String(t)];
  }
  return cur;
}

/** Every pointer down to a small depth, capped: priority ones (existing, or whose parent exists) first. */
function pointersOf(root: Record<string, unknown>, filter?: (v: unknown) => boolean): Tok[][] {
  const out: Tok[][] = [];
  const seen = new Set<string>();
  const add = (toks: Tok[]): void => {
    const k = JSON.stringify(toks);
    if (seen.has(k)) return;
    if (filter && !filter(getAt(root, toks))) return;
    seen.add(k);
    out.push(toks);
  };
  for (const p of PRIORITY) {
    const toks = tokens(p).map((t) => (/^\d+$/.test(t) ? Number(t) : t));
    const parent = getAt(root, toks.slice(0, -1));
    if (
      toks.length === 0 ||
      getAt(root, toks) !== undefined ||
      (parent !== null && typeof parent === 'object' && !Array.isArray(parent))
    )
      add(toks);
  }
  const walk = (v: unknown, toks: Tok[], depth: number): void => {
    if (out.length > 400 || depth > 6 || v === null || typeof v !== 'object') return;
    const keys: Tok[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    for (const k of keys.slice(0, 40)) {
      const next = [...toks, k];
      add(next);
      walk((v as Record<string, unknown>)[String(k)], next, depth + 1);
    }
  };
  walk(root, [], 0);
  return out;
}

const SENTINEL = 'SENTINEL-9f2c6b1e-transcript-lint-fuzz';

/** The line with the value at `toks` replaced by raw JSON text (via a sentinel, so any text can go in). */
function replaceAt(
  value: Record<string, unknown>,
  cr: boolean,
  toks: readonly Tok[],
  raw: (old: unknown) => string,
): Uint8Array | undefined {
  const old = getAt(value, toks);
  let text: string;
  if (toks.length === 0) {
    text = raw(old);
  } else {
    const parent = getAt(value, toks.slice(0, -1));
    if (parent === null || typeof parent !== 'object') return undefined;
    const key = toks[toks.length - 1]!;
    if (Array.isArray(parent)) {
      const i = Number(key);
      if (!(i >= 0 && i <= parent.length)) return undefined;
      parent[i] = SENTINEL;
    } else {
      Object.defineProperty(parent, String(key), {
        value: SENTINEL,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    let serialised: string;
    try {
      serialised = JSON.stringify(value);
    } catch {
      return undefined; // e.g. nesting deeper than JSON.stringify copes with, from an earlier operation
    }
    const at = serialised.indexOf(JSON.stringify(SENTINEL));
    if (at === -1) return undefined;
    text = serialised.slice(0, at) + raw(old) + serialised.slice(at + SENTINEL.length + 2);
  }
  return encoder.encode(cr ? text + '\r' : text);
}

function stringifyOr(old: unknown, fallback: string): string {
  try {
    return JSON.stringify(old) ?? fallback;
  } catch {
    return fallback;
  }
}

function nested(kind: number, depth: number): string {
  switch (kind % 4) {
    case 0:
      return '['.repeat(depth) + ']'.repeat(depth);
    case 1:
      return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    case 2:
      // tool_result blocks holding tool_result blocks: what a recursive walk of result content would follow.
      return '[{"type":"tool_result","tool_use_id":"toolu_x","content":'.repeat(depth) + '[]' + '}]'.repeat(depth);
    default:
      return '{"type":"text","text":"x","content":['.repeat(depth) + '' + ']}'.repeat(depth);
  }
}

const MB8 = 8 * 1024 * 1024;

function huge(kind: number, old: unknown): string {
  switch (kind % 5) {
    case 0:
      return JSON.stringify('x'.repeat(MB8));
    case 1:
      return '"' + '\\n'.repeat(MB8 / 2) + '"';
    case 2:
      return '[' + '0,'.repeat(MB8 / 2 - 1) + '0]';
    case 3:
      return JSON.stringify(typeof old === 'string' ? old + 'é'.repeat(MB8 / 2) : 'é'.repeat(MB8 / 2));
    default:
      return '{' + Array.from({ length: MB8 / 16 }, (_, i) => `"k${String(i).padStart(8, '0')}":1`).join(',') + '}';
  }
}

// ---- applying a case ------------------------------------------------------------------------------------------

export function applyOp(data: Uint8Array, op: Op): Uint8Array {
  switch (op.op) {
    case 'truncate':
      return data.slice(0, op.at % (data.length + 1));
    case 'flipByte': {
      if (data.length === 0) return data;
      const out = data.slice();
      const i = op.at % data.length;
      out[i] = out[i]! ^ ((op.mask % 255) + 1);
      return out;
    }
    case 'insertBytes': {
      const i = op.at % (data.length + 1);
      return concat([data.subarray(0, i), Uint8Array.from(RAW_BYTES[op.bytes % RAW_BYTES.length]!), data.subarray(i)]);
    }
    case 'bom': {
      const bom = Uint8Array.of(0xef, 0xbb, 0xbf);
      return concat(op.twice ? [bom, bom, data] : [bom, data]);
    }
    case 'crlf': {
      const ls = splitLines(data);
      const every = (op.every % 4) + 1;
      ls.lines = ls.lines.map((l, i) =>
        (i + op.offset) % every === 0 &&
        (l.length === 0 || l[l.length - 1] !== 0x0d) &&
        (i < ls.lines.length - 1 || ls.finalNewline)
          ? concat([l, Uint8Array.of(0x0d)])
          : l,
      );
      return joinLines(ls);
    }
    default:
      return applyLineOp(data, op);
  }
}

function applyLineOp(data: Uint8Array, op: Op): Uint8Array {
  const ls = splitLines(data);
  const n = ls.lines.length;
  switch (op.op) {
    case 'tearLine': {
      if (n === 0) return data;
      const i = op.line % n;
      const l = ls.lines[i]!;
      ls.lines[i] = l.subarray(0, op.at % (l.length + 1));
      return joinLines(ls);
    }
    case 'deleteLine':
      if (n === 0) return data;
      ls.lines.splice(op.line % n, 1);
      return joinLines(ls);
    case 'duplicateLine':
      if (n === 0) return data;
      ls.lines.splice(op.to % (n + 1), 0, ls.lines[op.line % n]!);
      return joinLines(ls);
    case 'swapLines': {
      if (n === 0) return data;
      const a = op.a % n;
      const b = op.b % n;
      [ls.lines[a], ls.lines[b]] = [ls.lines[b]!, ls.lines[a]!];
      return joinLines(ls);
    }
    case 'huge':
      if (op.kind % 7 >= 5 || objectLines(ls).length === 0) {
        // A monstrous line that is not JSON (or is one huge string), inserted whole.
        const line =
          op.kind % 7 === 5 ? encoder.encode('A'.repeat(MB8)) : encoder.encode(JSON.stringify('B'.repeat(MB8)));
        ls.lines.splice(op.line % (n + 1), 0, line);
        return joinLines(ls);
      }
      return jsonOp(ls, op.line, op.path, undefined, (old) => huge(op.kind, old));
    case 'deepNest':
      return jsonOp(ls, op.line, op.path, undefined, () =>
        nested(op.kind, [10_000, 10_000, 10_001, 100_000][op.depth % 4]!),
      );
    case 'wrongType':
      return jsonOp(ls, op.line, op.path, undefined, () => WRONG_VALUES[op.value % WRONG_VALUES.length]!);
    case 'setRaw':
      return jsonOp(ls, op.line, op.path, undefined, () => op.raw);
    case 'alias': {
      const pool = idValues(ls);
      if (pool.length === 0) return data;
      // One more choice than there are ids: null (a root, or no parent).
      const value =
        op.from % (pool.length + 1) === pool.length ? 'null' : JSON.stringify(pool[op.from % (pool.length + 1)]);
      return jsonOp(ls, op.line, op.path, undefined, () => value, ID_KEYS);
    }
    case 'protoKeys': {
      const variant = op.variant % (PROTO_VALUES.length + INJECTS.length);
      if (variant < PROTO_VALUES.length) return jsonOp(ls, op.line, op.path, undefined, () => PROTO_VALUES[variant]!);
      const inject = INJECTS[variant - PROTO_VALUES.length]!;
      return jsonOp(
        ls,
        op.line,
        op.path,
        (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
        (old) => {
          const text = stringifyOr(old, '{}');
          return text === '{}' ? `{${inject}}` : `{${inject},${text.slice(1)}`;
        },
      );
    }
    case 'protoValue':
      return jsonOp(
        ls,
        op.line,
        op.path,
        (v) => typeof v === 'string',
        () => JSON.stringify(PROTO_NAMES[op.name % PROTO_NAMES.length]!),
      );
    case 'escape': {
      const seq = ESCAPES[op.seq % ESCAPES.length]!;
      return jsonOp(
        ls,
        op.line,
        op.path,
        (v) => typeof v === 'string',
        (old) =>
          JSON.stringify(op.mode % 3 === 0 ? seq : op.mode % 3 === 1 ? `${String(old)}${seq}` : `${seq}${String(old)}`),
      );
    }
    default:
      return data;
  }
}

/** For exhaustive sweeps: per JSON-object line (its odd `line` choice), how many pointers it offers. */
export function pointerCounts(data: Uint8Array): { line: number; pointers: number }[] {
  return objectLines(splitLines(data)).map((l, k) => ({ line: 2 * k + 1, pointers: pointersOf(l.value).length }));
}

const CHAIN_TYPES = new Set(['user', 'assistant', 'attachment', 'system']);

const ID_KEYS = new Set([
  'uuid',
  'parentUuid',
  'leafUuid',
  'logicalParentUuid',
  'id',
  'tool_use_id',
  'sourceToolAssistantUUID',
  'messageId',
]);

/** Every id-like string value of the file, sorted, once each. */
function idValues(ls: Lines): string[] {
  const found = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && ID_KEYS.has(k)) found.add(x);
      else walk(x, depth + 1);
    }
  };
  for (const l of objectLines(ls)) walk(l.value, 0);
  return [...found].sort();
}

/** Replaces the value at the chosen pointer of the chosen JSON-object line; a no-op when there is none. */
function jsonOp(
  ls: Lines,
  lineChoice: number,
  pathChoice: number,
  filter: ((v: unknown) => boolean) | undefined,
  raw: (old: unknown) => string,
  keys?: ReadonlySet<string>,
): Uint8Array {
  const all = objectLines(ls);
  // Even choices go to the conversation entries (user, assistant, attachment, system), where the rules look most.
  const chain = all.filter((l) => typeof l.value.type === 'string' && CHAIN_TYPES.has(l.value.type));
  const candidates = lineChoice % 2 === 0 && chain.length > 0 ? chain : all;
  if (candidates.length === 0) return joinLines(ls);
  const parsed = candidates[Math.floor(lineChoice / 2) % candidates.length]!;
  const i = parsed.i;
  const pointers = pointersOf(parsed.value, filter).filter((p) => !keys || keys.has(String(p[p.length - 1])));
  if (pointers.length === 0) return joinLines(ls);
  const replaced = replaceAt(parsed.value, parsed.cr, pointers[pathChoice % pointers.length]!, raw);
  if (replaced) ls.lines[i] = replaced;
  return joinLines(ls);
}

export function buildCase(c: Case, seeds: readonly Seed[]): Uint8Array {
  const seed = seeds.find((s) => s.name === c.seed);
  if (!seed) throw new Error(`unknown seed ${c.seed}`);
  return c.ops.reduce((data, op) => applyOp(data, op), seed.bytes);
}

/** Whether a case holds an operation that builds a multi-megabyte file (slower: fewer of those per run). */
export function isHeavy(c: Case): boolean {
  return c.ops.some((o) => o.op === 'huge' || (o.op === 'deepNest' && o.depth % 4 === 3));
}

// ---- arbitraries ----------------------------------------------------------------------------------------------

const small = fc.nat({ max: 1000 });
/** A pointer choice: often among the first (priority) pointers, otherwise anywhere in the entry. */
const path = fc.oneof(fc.nat({ max: 15 }), fc.nat({ max: 1000 }));
const pos = fc.nat({ max: 1 << 20 });

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: pos }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('tearLine' as const), line: small, at: pos }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('deleteLine' as const), line: small }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('duplicateLine' as const), line: small, to: small }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('swapLines' as const), a: small, b: small }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('flipByte' as const), at: pos, mask: fc.nat({ max: 254 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('insertBytes' as const),
      at: pos,
      bytes: fc.nat({ max: RAW_BYTES.length - 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('deepNest' as const),
      line: small,
      path,
      kind: fc.nat({ max: 3 }),
      depth: fc.nat({ max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('crlf' as const), every: fc.nat({ max: 3 }), offset: fc.nat({ max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('bom' as const), twice: fc.boolean() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('wrongType' as const),
      line: small,
      path,
      value: fc.nat({ max: WRONG_VALUES.length - 1 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('protoKeys' as const),
      line: small,
      path,
      variant: fc.nat({ max: PROTO_VALUES.length + INJECTS.length - 1 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('protoValue' as const),
      line: small,
      path,
      name: fc.nat({ max: PROTO_NAMES.length - 1 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('escape' as const),
      line: small,
      path,
      seq: fc.nat({ max: ESCAPES.length - 1 }),
      mode: fc.nat({ max: 2 }),
    }),
  },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('alias' as const), line: small, path, from: small }) },
);

/** The rare multi-megabyte operation, kept apart so a run can ask for a few of them. */
export const hugeOpArb: fc.Arbitrary<Op> = fc.record({
  op: fc.constant('huge' as const),
  line: small,
  path,
  kind: fc.nat({ max: 6 }),
});

export function caseArb(
  seeds: readonly Seed[],
  opts: { heavyWeight?: number; maxOps?: number } = {},
): fc.Arbitrary<Case> {
  const heavy = opts.heavyWeight ?? 0;
  const op =
    heavy > 0 ? fc.oneof({ weight: 100 - heavy, arbitrary: opArb }, { weight: heavy, arbitrary: hugeOpArb }) : opArb;
  return fc.record(
    {
      seed: fc.constantFrom(...seeds.map((s) => s.name)),
      target: fc.constantFrom('claude-code' as const, 'api' as const),
      ops: fc.array(op, { minLength: 1, maxLength: opts.maxOps ?? 4 }),
      maxLineBytes: fc.constantFrom(2048, 100_000),
    },
    { requiredKeys: ['seed', 'target', 'ops'] },
  );
}
