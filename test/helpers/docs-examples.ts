// The Example of a rule page, read as the docs example tests run it (test/docs-examples.test.ts and its heavy tier).
// A Before written as the lines of a session (a ```jsonl block), as a whole request (a ```json block of an object
// holding `messages`) or as a Cline or Roo Code task history (a ```json block of an array of messages, linted under
// the name those tools give the file) is a whole input. A Before captioned "no newline at the end" ends where its
// block does; one whose caption names a path in a code span (`projects/-tmp-app/s.jsonl`) is linted under that path,
// and a block captioned "Beside it, `NAME`" is written beside it as NAME (both in a temporary folder), for rules that
// read the files beside a session.
// In a block, `⟨"s" × N⟩` stands for the JSON string s written N times (`⟨"\r"⟩` once) and `⟨0xff 0xfe⟩` for
// those raw bytes: what a page cannot show (NUL bytes, line separators, invalid UTF-8, a 33 MB string).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { rulesById } from '../../rules/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';

const DOCS = path.resolve(import.meta.dirname, '..', '..', 'docs', 'rules');

export interface Example {
  /**
   * The file name the example is linted as: example.jsonl, example.json for a request, a task history's name, or the
   * path the Before's caption names.
   */
  name: string;
  before: Uint8Array;
  after?: Uint8Array;
  /** The After as the page writes it, for pages that write the uuids a fix makes as `<uuid-1>`. */
  afterText?: string;
  unsafe: boolean;
  /** The After is a manual edit, not the fix's output. */
  manual: boolean;
  /** Files written beside the Before (by name), when the page gives some. */
  beside: { name: string; text: string }[];
}

/** `⟨"s" × N⟩` (or `⟨"s"⟩`), and `⟨0xHH ...⟩`. */
const STANDS_FOR = /⟨(?:("(?:[^"\\]|\\.)*")(?: × (\d+))?|(0x[0-9a-f]{2}(?: 0x[0-9a-f]{2})*))⟩/g;

/** A block's bytes, each `⟨...⟩` written out. */
export function expand(text: string): Uint8Array {
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  let at = 0;
  for (const m of text.matchAll(STANDS_FOR)) {
    parts.push(encoder.encode(text.slice(at, m.index)));
    if (m[1] !== undefined) parts.push(encoder.encode((JSON.parse(m[1]) as string).repeat(Number(m[2] ?? 1))));
    else parts.push(Uint8Array.from(m[3]!.split(' ').map((b) => Number.parseInt(b, 16))));
    at = m.index + m[0].length;
  }
  parts.push(encoder.encode(text.slice(at)));
  return Buffer.concat(parts);
}

/** The Example section's Before and After blocks, when the Before is a whole input (see jsonKind). */
export function exampleOf(page: string): Example | undefined {
  const section = /^## Examples?\n([\s\S]*?)(?=^## )/m.exec(page)?.[1];
  if (!section) return undefined;
  // A label's paragraph (it may wrap onto more lines), then its code block.
  const block = (label: string) =>
    new RegExp(`^(${label}[^\\n]*(?:\\n(?!\`\`\`)[^\\n]+)*)\\n+\`\`\`(\\w+)\\n([\\s\\S]*?)\\n\`\`\``, 'm').exec(
      section,
    ) ?? undefined;
  const before = block('Before');
  if (!before || before[3]!.includes('…')) return undefined;
  const lang = before[2]!;
  const kind = lang === 'jsonl' ? 'session' : lang === 'json' ? jsonKind(before[3]!) : undefined;
  if (!kind) return undefined;
  const after = block('After');
  if (after && (after[2] !== lang || after[3]!.includes('…'))) return undefined;
  const heading = after?.[1] ?? '';
  const [unsafe, manual] = [/unsafe/.test(heading), /manual edit/.test(heading)];
  // A Before whose caption says "no newline at the end" ends where its block ends (a torn last line).
  const open = /no newline at the end/.test(before[1]!);
  const named = /`([^`\s]*\/[^`\s]*\.jsonl?)`/.exec(before[1]!)?.[1];
  const name = named ?? (kind === 'history' ? 'api_conversation_history.json' : `example.${lang}`);
  const beside = [
    ...section.matchAll(/^Beside it, `([^`/]+)`[^\n]*(?:\n(?!```)[^\n]+)*\n+```\w*\n([\s\S]*?)\n```/gm),
  ].map((m) => ({ name: m[1]!, text: `${m[2]}\n` }));
  return {
    name,
    beside,
    before: expand(open ? before[3]! : `${before[3]}\n`),
    after: after && expand(`${after[3]}\n`),
    afterText: after && `${after[3]}\n`,
    unsafe,
    manual,
  };
}

/**
 * What a ```json block is, when it is a whole input: a request (an object holding a `messages` array) or a task
 * history (an array of messages, each an object with a `role`); not one message or block.
 */
function jsonKind(text: string): 'request' | 'history' | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder().decode(expand(text)));
  } catch {
    return undefined;
  }
  if (Array.isArray(doc)) {
    const messages = doc.length > 0 && doc.every((m) => typeof m === 'object' && m !== null && 'role' in m);
    return messages ? 'history' : undefined;
  }
  const request = typeof doc === 'object' && doc !== null && Array.isArray((doc as { messages?: unknown }).messages);
  return request ? 'request' : undefined;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const decode = (bytes: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/**
 * The fix's output and the After, as text to compare: when the After writes `<uuid-1>`, `<uuid-2>`, ... for the
 * uuids the fix makes, each uuid the Before does not hold is written so, numbered by first appearance. (Fixes derive
 * their uuids from the file, so most pages show them as they are.) Bytes that are not UTF-8 are compared as bytes.
 */
export function comparable(output: Uint8Array, example: Example): { got: string; want: string } {
  const want = example.after ?? example.before;
  if (!example.afterText?.includes('<uuid-1>')) {
    const same = Buffer.compare(Buffer.from(output), Buffer.from(want)) === 0;
    const text = decode(want);
    return { got: decode(output), want: same ? text : text === decode(output) ? `${text} (other bytes)` : text };
  }
  const before = decode(example.before);
  const fresh = new Map<string, string>();
  const got = decode(output).replace(UUID, (uuid) => {
    if (before.includes(uuid)) return uuid;
    if (!fresh.has(uuid)) fresh.set(uuid, `<uuid-${fresh.size + 1}>`);
    return fresh.get(uuid)!;
  });
  return { got, want: decode(want) };
}

/** The ids of the rules with a page, sorted. */
export const pages: readonly string[] = (readdirSync(DOCS, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3).split(path.sep).join('/'))
  .filter((id) => rulesById.has(id))
  .sort();

/** Each page's example, or undefined when it is not a whole input. */
export function examples(): Map<string, Example | undefined> {
  return new Map(pages.map((id) => [id, exampleOf(readFileSync(path.join(DOCS, `${id}.md`), 'utf8'))]));
}

/** Examples this large (the Before's bytes, 4 MiB) run in the heavy tier. */
export const HEAVY_EXAMPLE_BYTES = 4 * 1024 * 1024;

/**
 * The name to lint the example under: its own, or, when the page gives files beside it, its path in a temporary
 * folder that holds them (removed when the run ends).
 */
export function placed(example: Example): string {
  if (example.beside.length === 0) return example.name;
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-docs-example-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, example.name);
  mkdirSync(path.dirname(file), { recursive: true });
  for (const { name, text } of example.beside) writeFileSync(path.join(path.dirname(file), name), text);
  return file;
}

/** Registers the test of one example: its Before is reported, and its After is what the fix writes (or clean). */
export function itRuns(id: string, example: Example): void {
  const rules = [rulesById.get(id)!];
  const name = placed(example);
  const lint = (bytes: Uint8Array) => lintBytes(name, bytes, { rules }).result.diagnostics;
  it(`${id}: Before is reported, and After is what the fix writes (or a manual edit that is clean)`, () => {
    expect(lint(example.before).length, 'Before is reported').toBeGreaterThan(0);
    if (example.manual) {
      expect(lint(example.after ?? new Uint8Array()).map((d) => d.message)).toEqual([]);
      return;
    }
    const fixed = fixBytes(name, example.before, { rules, unsafe: example.unsafe });
    const { got, want } = comparable(fixed.output, example);
    expect(got).toBe(want);
  });
}

/** Whether the example says what the rule does, linted under `name` (see placed): Before reported, and its After. */
export function agrees(id: string, example: Example, name: string): boolean {
  const rules = [rulesById.get(id)!];
  if (lintBytes(name, example.before, { rules }).result.diagnostics.length === 0) return false;
  if (example.manual)
    return example.after !== undefined && lintBytes(name, example.after, { rules }).result.diagnostics.length === 0;
  const { got, want } = comparable(fixBytes(name, example.before, { rules, unsafe: example.unsafe }).output, example);
  return got === want;
}
