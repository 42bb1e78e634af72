// A session of one line too long to decode (a single huge message, over the 64 MiB detection reads): detection looks
// at the line's first and last few KiB for Claude Code's keys, so valid-json says the line is too long, instead of
// known-format calling the file a transcript it does not know.
import { describe, expect, it } from 'vitest';
import { anthropicShape } from '../../src/formats/anthropic-shapes.js';
import { Sample } from '../../src/formats/sample.js';

const HUGE = 65 * 2 ** 20;

function oneLine(prefix: string, suffix: string): Uint8Array {
  const bytes = Buffer.alloc(prefix.length + HUGE + suffix.length + 1, 'x');
  bytes.write(prefix, 0, 'latin1');
  bytes.write(suffix, prefix.length + HUGE, 'latin1');
  bytes[bytes.length - 1] = 0x0a;
  return bytes;
}

describe('a first line too long to decode', () => {
  it('is a session when its end names Claude Code keys (the message first, the ids after it)', () => {
    const data = oneLine('{"type":"user","message":{"role":"user","content":"', '"},"uuid":"u1","parentUuid":null}');
    expect(anthropicShape(new Sample('s.jsonl', data))).toBe('claude-code');
  });

  it('is a session when its start does (Claude Code writes parentUuid first)', () => {
    const data = oneLine('{"parentUuid":null,"isSidechain":false,"message":{"content":"', '"}}');
    expect(anthropicShape(new Sample('s.jsonl', data))).toBe('claude-code');
  });

  it('is nothing of ours when neither end names them', () => {
    const data = oneLine('{"blob":"', '"}');
    expect(anthropicShape(new Sample('s.jsonl', data))).toBe('none');
  });
});
