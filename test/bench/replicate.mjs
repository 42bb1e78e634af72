// Copies of a real transcript with fresh ids, so a benchmark can be built from real sessions without repeating one
// id twice. A source is cut once into a template (text between the ids, the ids, the timestamps); each copy then
// draws new ids in first-seen order from a seeded generator, so the same seed gives the same bytes. Every id is
// replaced wherever it occurs (keys, nested progress entries, tool results that quote it), so the links between
// entries hold within a copy; ids keep their prefix, their UUID version and their length (mock ids shorter than 12
// characters grow to 12, so copies cannot collide), so the bytes keep their shape.
import { readFileSync } from 'node:fs';

// A lowercase UUID; an API id (message, request, tool use), or one the file declares in an id field (mock ids such as
// toolu_M1, agent ids), replaced alone so agent_msg_X follows msg_X; an ISO timestamp, shifted per copy so a chained
// session runs forward in time.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const API_ID = '(?:msg|req|toolu|srvtoolu)_[0-9A-Za-z]{16,}';
const TS = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
const ID_KEYS = new Set([
  'tool_use_id',
  'toolUseID',
  'parentToolUseID',
  'sourceToolUseID',
  'agentId',
  'requestId',
  'messageId',
]);
const TOOL_USE = /tool_use$/;
const CHAIN_TYPES = new Set(['user', 'assistant', 'system', 'attachment', 'progress']);
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Cuts a transcript into a template. Segments are strings or tokens: {id} (a UUID or other id), {ts: ms}, or {root}
 * (where the first root's `"parentUuid":null` stood, so a copy can hang off the previous copy's leaf).
 */
export function makeTemplate(file) {
  let text = readFileSync(file, 'utf8');
  if (!text.endsWith('\n')) text += '\n';
  const lines = text.split('\n');
  const sessionIds = new Set();
  const declared = new Set();
  let rootLine = -1;
  let leaf = null;
  let firstTs = Infinity;
  let lastTs = -Infinity;
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const e = JSON.parse(line);
    if (typeof e.sessionId === 'string') sessionIds.add(e.sessionId);
    declareIds(e, '', declared);
    const t = Date.parse(e.timestamp);
    if (t < firstTs) firstTs = t;
    if (t > lastTs) lastTs = t;
    if (typeof e.uuid !== 'string' || e.isSidechain === true || !CHAIN_TYPES.has(e.type)) return;
    if (rootLine < 0 && e.parentUuid === null) rootLine = i;
    leaf = e.uuid;
  });
  // Declared ids that the general patterns miss, longest first; never inside a longer word.
  const own = [...declared]
    .filter((d) => !new RegExp(`^(?:${UUID}|${API_ID})$`).test(d))
    .sort((a, b) => b.length - a.length);
  const ownAlt = own.length ? `(?<![0-9A-Za-z])(?:${own.map(escapeRe).join('|')})(?![0-9A-Za-z_])|` : '';
  const token = new RegExp(`(${UUID}|${ownAlt}${API_ID})|(${TS})`, 'g');
  const segments = [];
  lines.forEach((line, i) => {
    if (i === rootLine) {
      const at = line.indexOf('"parentUuid":null');
      cut(line.slice(0, at), segments, token);
      segments.push({ root: true });
      line = line.slice(at + '"parentUuid":null'.length);
    }
    cut(line, segments, token);
    if (i < lines.length - 1) segments.push('\n');
  });
  const span = Number.isFinite(lastTs - firstTs) ? lastTs - firstTs : 0;
  return {
    file,
    bytes: Buffer.byteLength(text),
    segments: merge(segments),
    sessionIds,
    leaf,
    span,
    firstTs: Number.isFinite(firstTs) ? firstTs : 0,
  };
}

/** Collects the ids an entry holds in its id fields, at any depth (progress entries nest whole entries). */
function declareIds(v, key, out) {
  if (Array.isArray(v)) for (const x of v) declareIds(x, key, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const isId = ID_KEYS.has(k) || (k === 'id' && (key === 'message' || TOOL_USE.test(v.type ?? '')));
      if (typeof x === 'string') {
        if (isId && x.length >= 6 && /^[0-9A-Za-z_-]+$/.test(x)) out.add(x);
      } else declareIds(x, k, out);
    }
  }
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function cut(text, out, token) {
  let last = 0;
  for (const m of text.matchAll(token)) {
    out.push(text.slice(last, m.index));
    out.push(m[1] ? { id: m[1] } : { ts: Date.parse(m[2]) });
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
}

/** Joins neighbouring strings, so rendering walks fewer segments. */
function merge(segments) {
  const out = [];
  for (const s of segments) {
    if (typeof s === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += s;
    else if (s !== '') out.push(s);
  }
  return out;
}

function freshUuid(old, rand) {
  let s = '';
  for (let i = 0; i < 36; i++) {
    // Dashes, the version nibble (14) and the variant nibble (19) stay as they were.
    s += i === 8 || i === 13 || i === 18 || i === 23 || i === 14 || i === 19 ? old[i] : HEX[(rand() * 16) | 0];
  }
  return s;
}

/**
 * A fresh id like `old`: its prefix up to the first underscore (or its first character) kept, the rest drawn from
 * hex if it was hex, else base62, and at least 12 characters long so short mock ids (toolu_M1) cannot collide.
 */
function freshId(old, rand) {
  const cutAt = old.indexOf('_') + 1 || 1;
  const tail = old.slice(cutAt);
  const alphabet = /^[0-9a-f]+$/.test(tail) ? HEX : B62;
  let s = old.slice(0, cutAt);
  for (let i = 0, n = Math.max(tail.length, 12); i < n; i++) s += alphabet[(rand() * alphabet.length) | 0];
  return s;
}

/**
 * Renders one copy. `sessionId`: the session the copy belongs to (every session id of the source becomes it).
 * `parent`: the uuid the copy's first root hangs off (null: it stays a root). `shiftMs`: added to every timestamp.
 * Returns the text and the copy's leaf uuid.
 */
export function renderCopy(template, { seed, sessionId, parent = null, shiftMs = 0 }) {
  const rand = rng(seed);
  const map = new Map();
  for (const id of template.sessionIds) map.set(id, sessionId);
  const fresh = (key, make) => {
    let v = map.get(key);
    if (v === undefined) map.set(key, (v = make()));
    return v;
  };
  const parts = new Array(template.segments.length);
  template.segments.forEach((s, i) => {
    if (typeof s === 'string') parts[i] = s;
    else if (s.id)
      parts[i] = fresh(s.id, () =>
        s.id.length === 36 && s.id[8] === '-' ? freshUuid(s.id, rand) : freshId(s.id, rand),
      );
    else if (s.ts !== undefined) parts[i] = new Date(s.ts + shiftMs).toISOString();
    else parts[i] = parent === null ? '"parentUuid":null' : `"parentUuid":"${parent}"`;
  });
  return { text: parts.join(''), leaf: template.leaf && map.get(template.leaf) };
}

export function uuidFromSeed(seed) {
  return freshUuid('00000000-0000-4000-8000-000000000000', rng(seed));
}
