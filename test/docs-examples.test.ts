// The Example of each rule page runs, as typescript-eslint's docs test and ESLint's check-rule-examples do: a Before
// written as the lines of a session (a ```jsonl block), as a whole request (a ```json block of an object holding
// `messages`) or as a Cline or Roo Code task history (a ```json block of an array of messages, linted under the name
// those tools give the file) is linted with that rule alone and must be reported; the fix (`--fix`, or `--fix --unsafe-fixes` when
// the After's heading says "unsafe") must write the After block exactly, and an After "a manual edit" must be clean.
// A Before captioned "no newline at the end" ends where its block does; one whose caption names a path in a code
// span (`projects/-tmp-app/s.jsonl`) is linted under that path, for rules that read where the file lies. Pages whose example is not a whole input (a
// block, a message, prose, lines cut with "…") are listed in NOT_RUNNABLE; pages whose example runs but says
// otherwise than the rule does, in DIFFERS. Both lists only shrink.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesById } from '../rules/index.js';
import { fixBytes, lintBytes } from '../src/index.js';

const DOCS = path.resolve(import.meta.dirname, '..', 'docs', 'rules');

/** The pages whose example is not a whole input yet (by rule id). Make one run, then take it off. */
const NOT_RUNNABLE = new Set<string>([
  'gemini/call-has-response',
  'gemini/doubled-tool-result',
  'gemini/empty-session',
  'gemini/response-has-call',
  'gemini/single-session',
  'gemini/stale-record',
  'gemini/valid-jsonl',
  'qwen/call-has-result',
  'qwen/duplicate-record',
  'qwen/history-gap',
  'qwen/result-has-call',
  'qwen/single-session',
  'qwen/valid-jsonl',
  'codex/arguments-json',
  'codex/call-has-output',
  'codex/compaction',
  'codex/function-name',
  'codex/ordinal-sequence',
  'codex/output-has-call',
  'codex/reasoning-shape',
  'codex/record-size',
  'codex/session-meta',
  'codex/turn-context',
  'codex/unique-call-id',
  'codex/unknown-record',
  'codex/valid-jsonl',
  'copilot/concatenated-event',
  'copilot/known-event-type',
  'copilot/line-separator',
  'copilot/merged-answers',
  'copilot/one-event-per-line',
  'copilot/session-size',
  'copilot/session-structure',
  'copilot/sidecar-consistency',
  'copilot/tool-request-has-completion',
  'copilot/trailing-nul',
  'copilot/valid-json',
  'openai/finetune-tokens',
  'request-size',
  'roo/interrupted-tool-use',
]);

/** Pages whose example runs and disagrees with the rule, each with what differs. Fix the page, then take it off. */
const DIFFERS = new Map<string, string>([]);

interface Example {
  /**
   * The file name the example is linted as: example.jsonl, example.json for a request, a task history's name, or the
   * path the Before's caption names.
   */
  name: string;
  before: string;
  after?: string;
  unsafe: boolean;
  /** The After is a manual edit, not the fix's output. */
  manual: boolean;
}

/** The Example section's Before and After blocks, when the Before is a whole input (see jsonKind). */
function exampleOf(page: string): Example | undefined {
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
  const text = open ? before[3]! : `${before[3]}\n`;
  const named = /`([^`\s]*\/[^`\s]*\.jsonl?)`/.exec(before[1]!)?.[1];
  const name = named ?? (kind === 'history' ? 'api_conversation_history.json' : `example.${lang}`);
  return { name, before: text, after: after && `${after[3]}\n`, unsafe, manual };
}

/**
 * What a ```json block is, when it is a whole input: a request (an object holding a `messages` array) or a task
 * history (an array of messages, each an object with a `role`); not one message or block.
 */
function jsonKind(text: string): 'request' | 'history' | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
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

/**
 * The fix's output as the page shows it: when the After writes `<uuid-1>`, `<uuid-2>`, ... for the uuids the fix makes,
 * each uuid the Before does not hold is written so, numbered by first appearance. (Fixes derive their uuids from the
 * file, so most pages show them as they are.)
 */
function shown(output: Uint8Array, example: Example): string {
  const text = new TextDecoder().decode(output);
  return example.after?.includes('<uuid-1>') ? masked(text, example.before) : text;
}

function masked(output: string, before: string): string {
  const fresh = new Map<string, string>();
  return output.replace(UUID, (uuid) => {
    if (before.includes(uuid)) return uuid;
    if (!fresh.has(uuid)) fresh.set(uuid, `<uuid-${fresh.size + 1}>`);
    return fresh.get(uuid)!;
  });
}

const pages = (readdirSync(DOCS, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3).split(path.sep).join('/'))
  .filter((id) => rulesById.has(id))
  .sort();
const examples = new Map(pages.map((id) => [id, exampleOf(readFileSync(path.join(DOCS, `${id}.md`), 'utf8'))]));

describe('rule pages: the example runs', () => {
  it('every page whose example is not a whole input is listed, and no listed page runs', () => {
    const notRunnable = pages.filter((id) => examples.get(id) === undefined);
    expect(notRunnable.filter((id) => !NOT_RUNNABLE.has(id))).toEqual([]);
    expect([...NOT_RUNNABLE].filter((id) => !notRunnable.includes(id))).toEqual([]);
  });

  it('every page listed as differing runs', () => {
    expect([...DIFFERS.keys()].filter((id) => examples.get(id) === undefined)).toEqual([]);
  });

  for (const [id, example] of examples) {
    if (!example) continue;
    const lint = (text: string) =>
      lintBytes(example.name, new TextEncoder().encode(text), { rules: [rulesById.get(id)!] }).result.diagnostics;
    /** Whether the example says what the rule does: Before reported, and the After it shows. */
    const agrees = (): boolean => {
      if (lint(example.before).length === 0) return false;
      if (example.manual) return example.after !== undefined && lint(example.after).length === 0;
      const bytes = new TextEncoder().encode(example.before);
      const fixed = fixBytes(example.name, bytes, { rules: [rulesById.get(id)!], unsafe: example.unsafe });
      return shown(fixed.output, example) === (example.after ?? example.before);
    };
    if (DIFFERS.has(id)) {
      it(`${id}: still differs (${DIFFERS.get(id)})`, () => expect(agrees()).toBe(false));
      continue;
    }
    it(`${id}: Before is reported, and After is what the fix writes (or a manual edit that is clean)`, () => {
      expect(lint(example.before).length, 'Before is reported').toBeGreaterThan(0);
      if (example.manual) {
        expect(lint(example.after ?? '').map((d) => d.message)).toEqual([]);
        return;
      }
      const bytes = new TextEncoder().encode(example.before);
      const fixed = fixBytes(example.name, bytes, { rules: [rulesById.get(id)!], unsafe: example.unsafe });
      expect(shown(fixed.output, example)).toBe(example.after ?? example.before);
    });
  }
});
