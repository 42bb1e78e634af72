// A JSON parser that records where every value starts (line, column, offset) under its RFC 6901 pointer, so that a
// finding on a request or message list written as one JSON document points at the line where the offending message
// or block starts, also in pretty-printed files. It never throws: a text that is not JSON gives the position of the
// first error. It is iterative (no recursion), so deep nesting cannot overflow the stack. Its values are those of
// JSON.parse (the last of duplicate keys wins, "__proto__" is an ordinary key).
//
// The same module holds the layout of the document (indentation, separators, ASCII-only) and a serializer that
// writes a value back in that layout, which the fixer uses to rewrite a document it changed.

export interface JsonPosition {
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units. */
  column: number;
  /** 0-based offset in the text. */
  offset: number;
}

export interface JsonParseError extends JsonPosition {
  message: string;
}

/** How a document is laid out, so that a rewrite looks like the original. */
export interface JsonLayout {
  /** One level of indentation ('' for a document on one line). */
  indent: string;
  /** Between a key and its value: ':' or ': '. */
  colon: string;
  /** Between the elements of a one-line document: ',' or ', '. */
  comma: string;
  /** The original holds no character outside ASCII: non-ASCII text is written as \u escapes. */
  asciiOnly: boolean;
}

export interface JsonDocument {
  /** The value, when the text is JSON. */
  value?: unknown;
  ok: boolean;
  error?: JsonParseError;
  /**
   * Where each value starts, by JSON pointer ('' is the root), down to MAX_POSITION_DEPTH levels. Values before a
   * parse error are recorded too.
   */
  positions: Map<string, JsonPosition>;
  layout: JsonLayout;
  /** Keys an object names twice (JSON.parse keeps the last): each repeat, where it starts, under its object's pointer. */
  repeatedKeys: RepeatedKey[];
}

export interface RepeatedKey extends JsonPosition {
  key: string;
  /** The object holding it ('' for the root); undefined below MAX_POSITION_DEPTH. */
  object?: string;
}

export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Line starts of a text, for offset -> line lookups by binary search. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  at(offset: number): JsonPosition {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1, offset };
  }
}

/** Positions are recorded down to this depth (findings never point deeper; pointers of deeper values get long). */
export const MAX_POSITION_DEPTH = 32;

interface Frame {
  container: Record<string, unknown> | unknown[];
  /** Undefined below MAX_POSITION_DEPTH. */
  pointer?: string;
  isArray: boolean;
  key?: string;
  count: number;
}

class ParseFailure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const CONTROL = /[\u0000-\u001f]/;

function describeChar(text: string, pos: number): string {
  if (pos >= text.length) return 'end of input';
  const c = text[pos]!;
  return /[\u0000-\u001f]/.test(c)
    ? `character U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`
    : `'${c}'`;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

export function parseJsonDocument(text: string): JsonDocument {
  const lines = new LineIndex(text);
  const positions = new Map<string, JsonPosition>();
  const repeatedKeys: RepeatedKey[] = [];
  const layout = detectLayout(text);
  let sawColon = false;
  let sawComma = false;
  const stack: Frame[] = [];
  let root: unknown;
  let pos = 0;
  const n = text.length;

  const skipWs = (): void => {
    while (pos < n) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
      else break;
    }
  };

  const readString = (): string => {
    const start = pos; // at the opening quote
    let i = pos + 1;
    let end = -1;
    while (true) {
      const q = text.indexOf('"', i);
      if (q === -1) break;
      let b = q - 1;
      let slashes = 0;
      while (b > start && text.charCodeAt(b) === 0x5c) {
        slashes++;
        b--;
      }
      if (slashes % 2 === 0) {
        end = q;
        break;
      }
      i = q + 1;
    }
    const body = text.slice(start + 1, end === -1 ? n : end);
    const control = CONTROL.exec(body);
    if (control) throw new ParseFailure(`Bad control character in string literal`, start + 1 + control.index);
    if (end === -1) throw new ParseFailure('Unterminated string', start);
    pos = end + 1;
    if (body.indexOf('\\') === -1) return body;
    try {
      return JSON.parse(text.slice(start, end + 1)) as string;
    } catch {
      const bad = /\\(?:[^"\\/bfnrtu]|u(?![0-9a-fA-F]{4}))/.exec(body);
      throw new ParseFailure('Bad escape in string', start + 1 + (bad?.index ?? 0));
    }
  };

  const attach = (value: unknown): void => {
    const frame = stack[stack.length - 1];
    if (!frame) {
      root = value;
      return;
    }
    if (frame.isArray) (frame.container as unknown[]).push(value);
    else define(frame.container as Record<string, unknown>, frame.key!, value);
    frame.count++;
  };

  const readKey = (frame: Frame): void => {
    skipWs();
    if (text[pos] !== '"')
      throw new ParseFailure(`Expected a property name in double quotes but found ${describeChar(text, pos)}`, pos);
    const at = pos;
    frame.key = readString();
    if (Object.hasOwn(frame.container, frame.key))
      repeatedKeys.push({ key: frame.key, object: frame.pointer, ...lines.at(at) });
    skipWs();
    if (text[pos] !== ':')
      throw new ParseFailure(`Expected ':' after property name but found ${describeChar(text, pos)}`, pos);
    pos++;
    if (!sawColon) {
      sawColon = true;
      layout.colon = text[pos] === ' ' ? ': ' : ':';
    }
  };

  try {
    let expectValue = true;
    while (true) {
      skipWs();
      if (expectValue) {
        const frame = stack[stack.length - 1];
        const pointer = !frame
          ? ''
          : frame.pointer === undefined || stack.length > MAX_POSITION_DEPTH
            ? undefined
            : `${frame.pointer}/${frame.isArray ? frame.count : escapePointerToken(frame.key!)}`;
        if (pos >= n) throw new ParseFailure('Unexpected end of JSON input', pos);
        if (pointer !== undefined) positions.set(pointer, lines.at(pos));
        const c = text[pos]!;
        if (c === '{' || c === '[') {
          const isArray = c === '[';
          const container: Record<string, unknown> | unknown[] = isArray ? [] : {};
          attach(container);
          const child: Frame = { container, pointer, isArray, count: 0 };
          stack.push(child);
          pos++;
          skipWs();
          if (text[pos] === (isArray ? ']' : '}')) {
            pos++;
            stack.pop();
            expectValue = false;
            continue;
          }
          if (!isArray) readKey(child);
          continue;
        }
        if (c === '"') {
          attach(readString());
        } else if (c === 't' && text.startsWith('true', pos)) {
          attach(true);
          pos += 4;
        } else if (c === 'f' && text.startsWith('false', pos)) {
          attach(false);
          pos += 5;
        } else if (c === 'n' && text.startsWith('null', pos)) {
          attach(null);
          pos += 4;
        } else {
          NUMBER.lastIndex = pos;
          const m = NUMBER.exec(text);
          if (!m) throw new ParseFailure(`Unexpected ${describeChar(text, pos)}, expected a JSON value`, pos);
          attach(Number(m[0]));
          pos += m[0].length;
        }
        expectValue = false;
        continue;
      }
      const frame = stack[stack.length - 1];
      if (!frame) break;
      const close = frame.isArray ? ']' : '}';
      const c = text[pos];
      if (c === ',') {
        pos++;
        if (!sawComma) {
          sawComma = true;
          if (layout.indent === '' && text[pos] === ' ') layout.comma = ', ';
        }
        if (!frame.isArray) readKey(frame);
        expectValue = true;
      } else if (c === close) {
        pos++;
        stack.pop();
      } else {
        throw new ParseFailure(`Expected ',' or '${close}' but found ${describeChar(text, pos)}`, pos);
      }
    }
    skipWs();
    if (pos < n) throw new ParseFailure(`Unexpected ${describeChar(text, pos)} after the end of the JSON value`, pos);
    return { ok: true, value: root, positions, layout, repeatedKeys };
  } catch (err) {
    if (!(err instanceof ParseFailure)) throw err;
    const at = lines.at(Math.min(err.offset, n));
    return { ok: false, error: { ...at, message: err.message }, positions, layout, repeatedKeys };
  }
}

/**
 * Indentation from the first indented line (a tab, or a number of spaces); a document on one line has none. The
 * separators are refined by the parser from the first key and the first comma it meets.
 */
export function detectLayout(text: string): JsonLayout {
  const trimmed = text.trim();
  const multiLine = trimmed.includes('\n');
  let indent = '';
  if (multiLine) {
    const m = /\n([ \t]+)\S/.exec(trimmed);
    indent = m ? (m[1]!.includes('\t') ? '\t' : m[1]!) : '  ';
  }
  return { indent, colon: multiLine ? ': ' : ':', comma: ',', asciiOnly: !/[^\u0000-\u007f]/.test(text) };
}

const NON_ASCII = /[\u0080-\uffff]/g;

/**
 * Writes a JSON value in a layout; key order is kept, undefined members are left out (as JSON.stringify does).
 * `indent` is the indentation of the line the value starts on (a value written into a document).
 */
export function serializeJson(value: unknown, layout: JsonLayout, indent = ''): string {
  const out = write(value, layout, indent);
  return layout.asciiOnly ? out.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : out;
}

function write(value: unknown, layout: JsonLayout, current: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const inner = current + layout.indent;
  const pretty = layout.indent !== '';
  const join = (items: string[], open: string, close: string): string => {
    if (items.length === 0) return open + close;
    if (!pretty) return open + items.join(layout.comma) + close;
    return `${open}\n${inner}${items.join(`,\n${inner}`)}\n${current}${close}`;
  };
  if (Array.isArray(value)) {
    return join(
      value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : write(v, layout, inner))),
      '[',
      ']',
    );
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return JSON.stringify(value);
  const items: string[] = [];
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function') continue;
    items.push(`${JSON.stringify(key)}${layout.colon}${write(v, layout, inner)}`);
  }
  return join(items, '{', '}');
}
