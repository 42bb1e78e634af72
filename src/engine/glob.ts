// Glob patterns for the config's `ignores`, matched in linear time. A pattern is compiled to tokens and run as a
// state machine over the path (every live state advanced one character at a time), never as a backtracking regular
// expression: `*a*a*a*a*a*a*a*a*b` or twelve `**/` against a long path would take minutes that way.
//
// Syntax: `*` and `?` stay within one path segment, `**` is a whole segment that spans segments (`**/` zero or more
// segments, a final `**` anything), `[abc]`, `[a-z]`, `[!abc]` / `[^abc]` classes, `{a,b}` alternatives (expanded up
// front), and `\` escapes the next character.

export class PatternError extends Error {
  override name = 'PatternError';
}

type Token =
  | { t: 'lit'; ch: string }
  | { t: 'any' }
  | { t: 'class'; negated: boolean; chars: string; ranges: [string, string][] }
  | { t: 'star' }
  /** `**` followed by `/`: zero or more whole segments, each with its slash. */
  | { t: 'segments' }
  /** A final `**`: anything, slashes included. */
  | { t: 'rest' };

/** A compiled glob: one token list per alternative of its braces. */
export interface Glob {
  source: string;
  alternatives: Token[][];
}

/** At most this many alternatives after brace expansion, and this deep a brace nesting. */
const MAX_ALTERNATIVES = 1024;
const MAX_BRACE_DEPTH = 32;

/** Longer patterns are refused: no path needs one, and their braces and classes cost time to take apart. */
export const MAX_PATTERN_CHARS = 4096;

export function compileGlob(glob: string): Glob {
  if (glob.length > MAX_PATTERN_CHARS)
    throw new PatternError(`${quoted(glob)}: a pattern of ${glob.length} characters (at most ${MAX_PATTERN_CHARS})`);
  return { source: glob, alternatives: expandBraces(glob).map((alt) => tokenize(alt, glob)) };
}

export function matchGlob(glob: Glob, path: string): boolean {
  return glob.alternatives.some((tokens) => run(tokens, path));
}

/**
 * The pattern with its braces expanded into brace-free alternatives. Escapes and character classes are kept as they
 * are (a `{` inside `[...]` or after `\` is not a brace).
 */
function expandBraces(glob: string, depth = 0): string[] {
  if (depth > MAX_BRACE_DEPTH) throw new PatternError(`${quoted(glob)}: braces nested too deeply`);
  const open = findBrace(glob);
  if (open === -1) return [glob];
  // The matching close brace and the top-level commas between.
  const commas: number[] = [];
  let level = 0;
  let close = -1;
  for (let i = open; i < glob.length && close === -1; i++) {
    const c = glob[i]!;
    if (c === '\\') i++;
    else if (c === '[') i = Math.max(i, classEnd(glob, i));
    else if (c === '{') level++;
    else if (c === '}') {
      level--;
      if (level === 0) close = i;
    } else if (c === ',' && level === 1) commas.push(i);
  }
  if (close === -1) throw new PatternError(`${quoted(glob)}: { without a closing }`);
  const head = glob.slice(0, open);
  const tail = glob.slice(close + 1);
  const bounds = [open, ...commas, close];
  const out: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const part = glob.slice(bounds[k]! + 1, bounds[k + 1]);
    for (const inner of expandBraces(part, depth + 1)) {
      for (const rest of expandBraces(tail, depth + 1)) {
        out.push(head + inner + rest);
        if (out.length > MAX_ALTERNATIVES)
          throw new PatternError(`${quoted(glob)}: more than ${MAX_ALTERNATIVES} alternatives`);
      }
    }
  }
  return out;
}

/** The first `{` that is not escaped and not inside a class; -1 when none. */
function findBrace(glob: string): number {
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\') i++;
    else if (c === '[') {
      const end = classEnd(glob, i);
      if (end !== -1) i = end;
    } else if (c === '{') return i;
  }
  return -1;
}

function tokenize(glob: string, source: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\') {
      if (i + 1 >= glob.length) throw new PatternError(`${quoted(source)} ends with a lone backslash`);
      tokens.push({ t: 'lit', ch: glob[++i]! });
    } else if (c === '*') {
      if (glob[i + 1] !== '*') {
        // `**` is the only run of stars with a meaning of its own; `*` then `*` again is one star.
        if (tokens[tokens.length - 1]?.t !== 'star') tokens.push({ t: 'star' });
        continue;
      }
      const startsSegment = i === 0 || glob[i - 1] === '/';
      const endsSegment = i + 2 === glob.length || glob[i + 2] === '/';
      if (!startsSegment || !endsSegment) throw new PatternError(`${quoted(source)}: ** must be a whole path segment`);
      if (i + 2 === glob.length) {
        tokens.push({ t: 'rest' });
        i += 1;
      } else {
        tokens.push({ t: 'segments' });
        i += 2;
      }
    } else if (c === '?') {
      tokens.push({ t: 'any' });
    } else if (c === '[') {
      const end = classEnd(glob, i);
      if (end === -1) throw new PatternError(`${quoted(source)}: [ without a closing ]`);
      tokens.push(parseClass(glob.slice(i + 1, end)));
      i = end;
    } else {
      tokens.push({ t: 'lit', ch: c });
    }
  }
  return tokens;
}

function parseClass(body: string): Token {
  const negated = body.startsWith('!') || body.startsWith('^');
  if (negated) body = body.slice(1);
  let chars = '';
  const ranges: [string, string][] = [];
  const items = [...body];
  for (let k = 0; k < items.length; k++) {
    let ch = items[k]!;
    if (ch === '\\' && k + 1 < items.length) ch = items[++k]!;
    if (items[k + 1] === '-' && k + 2 < items.length) {
      ranges.push([ch, items[k + 2]!]);
      k += 2;
    } else {
      chars += ch;
    }
  }
  return { t: 'class', negated, chars, ranges };
}

/** Where the `[` at `start` closes; a `]` right after `[`, `[!` or `[^` is a member, not the end; -1 when it does not. */
function classEnd(glob: string, start: number): number {
  let i = start + 1;
  if (glob[i] === '!' || glob[i] === '^') i++;
  if (glob[i] === ']') i++;
  for (; i < glob.length; i++) {
    if (glob[i] === '/') return -1;
    if (glob[i] === ']') return i;
  }
  return -1;
}

function inClass(token: Extract<Token, { t: 'class' }>, ch: string): boolean {
  const member = token.chars.includes(ch) || token.ranges.some(([lo, hi]) => ch >= lo && ch <= hi);
  return token.negated ? !member : member;
}

/**
 * Runs the tokens over `path`. State 2k is "before token k", 2k+1 "inside a segment of token k" (a `**\/`). Each
 * character moves every live state at once: O(path length x tokens), however the pattern is written.
 */
function run(tokens: readonly Token[], path: string): boolean {
  const n = tokens.length;
  let live = new Uint8Array(2 * n + 2);
  let next = new Uint8Array(2 * n + 2);
  const add = (set: Uint8Array, k: number): void => {
    // Before token k, and (through the tokens that may match nothing) before the ones after it.
    for (; k <= n; k++) {
      if (set[2 * k]) return;
      set[2 * k] = 1;
      const t = tokens[k]?.t;
      if (t !== 'star' && t !== 'segments' && t !== 'rest') return;
    }
  };
  add(live, 0);
  for (const ch of path) {
    next.fill(0);
    for (let k = 0; k < n; k++) {
      const token = tokens[k]!;
      if (live[2 * k + 1]) {
        // Inside a `**/` segment: more of it, or its slash ends it.
        if (ch === '/') add(next, k);
        else next[2 * k + 1] = 1;
      }
      if (!live[2 * k]) continue;
      switch (token.t) {
        case 'lit':
          if (ch === token.ch) add(next, k + 1);
          break;
        case 'any':
          if (ch !== '/') add(next, k + 1);
          break;
        case 'class':
          if (ch !== '/' && inClass(token, ch)) add(next, k + 1);
          break;
        case 'star':
          if (ch !== '/') add(next, k);
          break;
        case 'segments':
          // A segment is never empty.
          if (ch !== '/') next[2 * k + 1] = 1;
          break;
        case 'rest':
          add(next, k);
          break;
      }
    }
    [live, next] = [next, live];
    if (!live.includes(1)) return false;
  }
  return live[2 * n] === 1;
}

/** A pattern in a message: quoted, and its start only when it is long. */
function quoted(glob: string): string {
  return JSON.stringify(glob.length > 80 ? `${glob.slice(0, 60)}…` : glob);
}
