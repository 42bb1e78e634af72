// What a file no format recognises looks like, in a few words for the known-format rule's message: binary data,
// another encoding, a JSON document with these keys, JSONL whose records have these keys (and, when they match a
// tool's files, whose they seem to be), or text. Only the sample is read.
import { FORMAT_LOOKALIKES } from '../catalog.js';
import { type Sample, SAMPLE_LINES } from '../sample.js';

export type Description =
  | { kind: 'encoding'; encoding: string }
  | { kind: 'binary' }
  | { kind: 'compressed'; compression: string; decompress: string }
  | { kind: 'json'; what: string; guess?: Guess }
  | { kind: 'jsonl'; keys: string[]; guess?: Guess }
  | { kind: 'text' }
  | { kind: 'empty' };

/**
 * Whose file it seems to be; `format` when transcript-lint reads such files, so that one which did not read as one
 * (too few records of its shape) can be named with --input-format.
 */
export interface Guess {
  tool: string;
  format?: string;
}

/** Other tools' files that turn up among sessions, by the top-level keys of their records. */
const OTHER_TOOLS: readonly (Guess & { keys: readonly string[] })[] = [
  { keys: ['type', 'key', 'agentId'], tool: "a Claude Code workflow journal (a subagent's work log, not a session)" },
];

/** ...and by the keys of a JSON document. */
const OTHER_TOOL_DOCUMENTS: readonly (Guess & { keys: readonly string[] })[] = [
  {
    keys: ['sessionId', 'projectHash', 'messages'],
    tool: 'a Gemini CLI session of the single-JSON format before JSONL',
  },
  { keys: ['agentType', 'toolUseId'], tool: "a Claude Code subagent's metadata" },
];

/** The formats' look-alikes (their `lookalike`) and the other tools', the ones naming more keys first. */
function byKeys(
  lookalikes: readonly (Guess & { keys: readonly string[] })[],
): readonly (Guess & { keys: readonly string[] })[] {
  return [...lookalikes].sort((a, b) => b.keys.length - a.keys.length);
}

export const GUESSES = byKeys([
  ...FORMAT_LOOKALIKES.filter((l) => !l.document).map(({ keys, tool, format }) => ({ keys, tool, format })),
  ...OTHER_TOOLS,
]);

export const DOCUMENT_GUESSES = byKeys([
  ...FORMAT_LOOKALIKES.filter((l) => l.document).map(({ keys, tool, format }) => ({ keys, tool, format })),
  ...OTHER_TOOL_DOCUMENTS,
]);

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Compressed files by their magic bytes: a session that was archived (`.jsonl.gz`) is one command away. */
const COMPRESSIONS: readonly {
  magic: readonly (number | readonly number[])[];
  compression: string;
  decompress: string;
}[] = [
  { magic: [0x1f, 0x8b], compression: 'gzip', decompress: 'gunzip -k' },
  { magic: [0x28, 0xb5, 0x2f, 0xfd], compression: 'zstd', decompress: 'zstd -d' },
  { magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], compression: 'xz', decompress: 'unxz -k' },
  // "BZh" and the block size, 1 to 9: text can start with "BZh" too.
  { magic: [0x42, 0x5a, 0x68, [0x31, 0x39]], compression: 'bzip2', decompress: 'bunzip2 -k' },
  { magic: [0x50, 0x4b, 0x03, 0x04], compression: 'zip', decompress: 'unzip' },
];

function compressionOf(data: Uint8Array): { compression: string; decompress: string } | undefined {
  const found = COMPRESSIONS.find((c) =>
    c.magic.every((b, i) => (typeof b === 'number' ? data[i] === b : data[i]! >= b[0]! && data[i]! <= b[1]!)),
  );
  return found && { compression: found.compression, decompress: found.decompress };
}

export function describe(sample: Sample): Description {
  const encoding = sample.foreignEncoding ?? utf16WithoutMark(sample);
  if (encoding) return { kind: 'encoding', encoding };
  if (sample.empty) return { kind: 'empty' };
  const packed = compressionOf(sample.data);
  if (packed) return { kind: 'compressed', ...packed };
  if (looksBinary(sample)) return { kind: 'binary' };
  const whole = sample.document();
  if (whole.ok && whole.value !== null && typeof whole.value === 'object') {
    const value = whole.value;
    if (Array.isArray(value))
      return { kind: 'json', what: `a JSON array of ${value.length} ${value.length === 1 ? 'value' : 'values'}` };
    const keys = Object.keys(value);
    return { kind: 'json', what: `a JSON object with ${listKeys(keys)}`, guess: guess(DOCUMENT_GUESSES, keys) };
  }
  const keys = recordKeys(sample);
  // Object lines that share no key are still JSONL, not text.
  if (keys !== undefined) return { kind: 'jsonl', keys, guess: keys.length > 0 ? guess(GUESSES, keys) : undefined };
  return { kind: 'text' };
}

/**
 * The keys every object line of the sample has, in the first one's order; undefined when no line of the sample is
 * a JSON object.
 */
function recordKeys(sample: Sample): string[] | undefined {
  let common: string[] | undefined;
  for (let i = 0; i < SAMPLE_LINES; i++) {
    const parsed = sample.parsedLine(i);
    if (parsed === undefined) break;
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value))
      continue;
    const keys = Object.keys(parsed.value);
    common = common === undefined ? keys : common.filter((k) => keys.includes(k));
  }
  return common;
}

function guess(table: readonly (Guess & { keys: readonly string[] })[], keys: readonly string[]): Guess | undefined {
  const found = table.find((g) => g.keys.every((k) => keys.includes(k)));
  return found && { tool: found.tool, ...(found.format !== undefined && { format: found.format }) };
}

export function listKeys(keys: readonly string[]): string {
  if (keys.length === 0) return 'no keys';
  const shown = keys.slice(0, 4).map((k) => `\`${k}\``);
  const more = keys.length > 4 ? ` and ${keys.length - 4} more` : '';
  return shown.length === 1
    ? `key ${shown[0]}${more}`
    : `keys ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}${more}`;
}

/**
 * Binary data: many bytes that are no text (NUL and other control characters, bytes that are not UTF-8) in the
 * first 64 KiB. A damaged text file (a torn line, some NUL padding) stays well below the threshold.
 */
function looksBinary(sample: Sample): boolean {
  const head = sample.data.subarray(0, 64 * 1024);
  const text = lenient.decode(head);
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d)) bad++;
  }
  return text.length > 0 && bad / text.length > 0.1;
}

/** UTF-16 without a byte order mark: ASCII text whose every other byte is 0. */
function utf16WithoutMark(sample: Sample): string | undefined {
  const head = sample.data.subarray(0, 4096);
  if (head.length < 16) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i + 1 < head.length; i += 2) {
    if (head[i] === 0) evenZero++;
    if (head[i + 1] === 0) oddZero++;
  }
  const pairs = Math.floor(head.length / 2);
  if (oddZero / pairs > 0.9 && evenZero / pairs < 0.1) return 'UTF-16LE';
  if (evenZero / pairs > 0.9 && oddZero / pairs < 0.1) return 'UTF-16BE';
  return undefined;
}
