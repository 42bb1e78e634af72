// The size in UTF-8 bytes of a value's JSON text, without making the text. request-size measures whole requests:
// one JSON.stringify of a 200 MB session's request made a 200 MB string (and decoded every string kept as bytes),
// which cost a second per run, and past V8's string limit (about 512 MB) it could not be made at all. The count is
// exactly Buffer.byteLength(JSON.stringify(value)), walking the value as JSON.stringify does.
import { lazyJsonBytes, lazyStringHead } from '../loader/lazy-strings.js';

/** Characters JSON.stringify writes other than as themselves: quote, backslash, controls, and lone surrogates. */
const NEEDS_CARE = /["\\\u0000-\u001f\ud800-\udfff]/;

function stringBytes(s: string): number {
  // Most strings hold none of those: their JSON is the string between quotes. Surrogate pairs are fine either way,
  // so they take the exact path only because the class cannot tell a pair from a lone half.
  if (!NEEDS_CARE.test(s)) return Buffer.byteLength(s, 'utf8') + 2;
  return Buffer.byteLength(JSON.stringify(s), 'utf8');
}

/** Buffer.byteLength(JSON.stringify(value), 'utf8'), for values JSON.parse makes (and plain objects like them). */
export function jsonBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return jsonBytes((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) {
    let n = 2 + Math.max(0, value.length - 1);
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      // In an array, what JSON cannot hold is written as null.
      n += v === undefined || typeof v === 'function' || typeof v === 'symbol' ? 4 : jsonBytes(v);
    }
    return n;
  }
  let n = 2;
  let members = 0;
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const lazy = lazyJsonBytes(obj, key);
    const v = lazy === undefined ? obj[key] : undefined;
    // In an object, such members are left out.
    if (lazy === undefined && (v === undefined || typeof v === 'function' || typeof v === 'symbol')) continue;
    n += stringBytes(key) + 1 + (lazy ?? jsonBytes(v));
    members++;
  }
  return n + Math.max(0, members - 1);
}

/** Buffer.byteLength(obj[key], 'utf8') for a string field, without decoding a string kept as bytes. */
export function stringFieldBytes(obj: Record<string, unknown>, key: string): number {
  const lazy = lazyJsonBytes(obj, key);
  return lazy === undefined ? Buffer.byteLength(obj[key] as string, 'utf8') : lazy - 2;
}

/** `obj[key].slice(0, chars)` for a string field, decoding no more of a string kept as bytes than that. */
export function stringFieldHead(obj: Record<string, unknown>, key: string, chars: number): string {
  return lazyStringHead(obj, key, chars) ?? (obj[key] as string).slice(0, chars);
}
