// Shallow objects (src/loader/shallow-objects.ts) stand for the parsed line to every reader, and the Claude Code
// format keeps only its metadata lines shallow; on real sessions no rule reads below their top level (a read would
// parse the line again: correct, but the cost the shallow objects exist to avoid).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintBytes } from '../../src/index.js';
import { unreadFields } from '../../src/formats/claude-code/entries.js';
import { loadBytes, loadText } from '../../src/loader/read-jsonl.js';
import { shallowObject, shallowReparses } from '../../src/loader/shallow-objects.js';
import { jsonlFiles } from '../helpers/corpus.js';

const encode = (text: string) => new TextEncoder().encode(text);

function shallowOf(text: string): Record<string, unknown> {
  return shallowObject(JSON.parse(text) as Record<string, unknown>, { bytes: encode(text) });
}

describe('shallowObject', () => {
  const text =
    '{"9":1,"type":"progress","data":{"message":{"content":[{"type":"text","text":"héllo \\u00e9"}]}},"n":null,"list":[1,[2]],"ok":true,"s":"x"}';

  it('reads as the parsed object: keys in order, values equal, JSON text identical', () => {
    const shallow = shallowOf(text);
    expect(Object.keys(shallow)).toEqual(Object.keys(JSON.parse(text)));
    expect(JSON.stringify(shallow)).toBe(JSON.stringify(JSON.parse(text)));
    expect(shallow).toEqual(JSON.parse(text));
    expect(shallow.data).toEqual({ message: { content: [{ type: 'text', text: 'héllo é' }] } });
    expect({ ...shallow }).toEqual(JSON.parse(text));
  });

  it('parses the line again only for a nested field, and serves reads in a row from one parse', () => {
    const shallow = shallowOf(text);
    const before = shallowReparses();
    expect([shallow.type, shallow.n, shallow.ok, shallow.s, shallow['9']]).toEqual(['progress', null, true, 'x', 1]);
    expect(shallowReparses()).toBe(before);
    expect(shallow.list).toEqual([1, [2]]);
    expect((shallow.data as { message: unknown }).message).toBeDefined();
    expect(shallowReparses()).toBe(before + 1);
  });

  it('keeps a __proto__ key an own field, as JSON.parse does, without touching the prototype', () => {
    const shallow = shallowOf('{"type":"x","__proto__":{"polluted":1},"after":"y"}');
    expect(Object.getPrototypeOf(shallow)).toBe(Object.prototype);
    expect(Object.keys(shallow)).toEqual(['type', '__proto__', 'after']);
    expect(Object.getOwnPropertyDescriptor(shallow, '__proto__')?.get).toBeTypeOf('function');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const scalar = shallowOf('{"__proto__":5,"type":"x"}');
    expect(Object.getOwnPropertyDescriptor(scalar, '__proto__')?.value).toBe(5);
    expect(Object.getPrototypeOf(scalar)).toBe(Object.prototype);
  });
});

describe('Claude Code metadata lines are kept shallow', () => {
  const session = [
    '{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"hi"}}',
    '{"type":"progress","uuid":"p1","parentUuid":"u1","data":{"type":"hook_progress","hookName":"x"}}',
    '{"type":"file-history-snapshot","messageId":"u1","snapshot":{"trackedFileBackups":{}}}',
    '{"uuid":"n1","message":{"role":"user","content":"no type: may be a damaged message"}}',
    '{"type":"user","uuid":"r1","parentUuid":"u1","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"ok"}]},"toolUseResult":{"stdout":"ok"}}',
  ].join('\n');

  it('shallow for types no rule reads below the top level; whole for messages and for lines without a type', () => {
    expect(
      loadBytes('s.jsonl', encode(session), {}, unreadFields).lines.map((l) => l.json && isShallow(l.json)),
    ).toEqual([false, true, true, false, true]);
    // Of a tool result's entry, only Claude Code's own record of the output (never sent) is left unparsed.
    const result = loadBytes('s.jsonl', encode(session), {}, unreadFields).lines[4]!.json!;
    const fields = Object.getOwnPropertyDescriptors(result);
    expect(fields.message?.value).toEqual(JSON.parse(session.split('\n')[4]!).message);
    expect(fields.toolUseResult?.get).toBeTypeOf('function');
    expect(result.toolUseResult).toEqual({ stdout: 'ok' });
    // Of a metadata line, only the fields the chain reads stay values; the rest parse the line again when read.
    const progressText =
      '{"parentUuid":"u1","isSidechain":false,"type":"progress","data":{"type":"x"},"toolUseID":"t","timestamp":"2026-06-01T23:02:59.188Z","uuid":"p1","cwd":null,"sessionId":"s"}';
    const progress = loadBytes('s.jsonl', encode(progressText), {}, unreadFields).lines[0]!.json!;
    const kept = Object.entries(Object.getOwnPropertyDescriptors(progress)).filter(([, d]) => 'value' in d);
    expect(kept.map(([key]) => key)).toEqual([
      'parentUuid',
      'isSidechain',
      'type',
      'timestamp',
      'uuid',
      'cwd',
      'sessionId',
    ]);
    expect(JSON.stringify(progress)).toBe(JSON.stringify(JSON.parse(progressText)));
    expect(progress.toolUseID).toBe('t');
    // Of an assistant reply, only its usage (read by context-budget, on the last reply only) is left unparsed.
    const reply =
      '{"type":"assistant","uuid":"a1","message":{"id":"m","role":"assistant","content":[{"type":"text","text":"hi"}],"usage":{"input_tokens":3,"cache_creation":{"x":1}},"stop_reason":null}}';
    const replyLine = loadBytes('s.jsonl', encode(reply), {}, unreadFields).lines[0]!.json!;
    const message = replyLine.message as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(message, 'usage')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(message, 'content')?.value).toEqual([{ type: 'text', text: 'hi' }]);
    const before = shallowReparses();
    expect(JSON.stringify(replyLine)).toBe(JSON.stringify(JSON.parse(reply)));
    expect(Object.keys(message)).toEqual(['id', 'role', 'content', 'usage', 'stop_reason']);
    expect(shallowReparses()).toBe(before + 1);
    // Other formats load every line whole.
    expect(loadText('s.jsonl', session).lines.some((l) => l.json && isShallow(l.json))).toBe(false);
  });
});

/** A shallow object's nested fields are getters; a parsed object has none. */
function isShallow(json: Record<string, unknown>): boolean {
  return Object.values(Object.getOwnPropertyDescriptors(json)).some((d) => d.get !== undefined);
}

const CORPUS = fileURLToPath(new URL('../../../shared/corpus', import.meta.url));

describe.skipIf(!existsSync(CORPUS))('no rule reads below the top level of a metadata line (real sessions)', () => {
  it('linting every real transcript of the corpus parses no line a second time', () => {
    const files = jsonlFiles(CORPUS);
    expect(files.length).toBeGreaterThan(100);
    let extra = 0;
    for (const file of files) {
      const before = shallowReparses();
      lintBytes(file, readFileSync(file));
      // context-budget reads the usage of the last reply: one line parsed again per transcript, at most.
      extra += Math.max(0, shallowReparses() - before - 1);
    }
    expect(extra).toBe(0);
  });
});
