// A line over --max-line-bytes is reported by valid-json and not read, but the agent reads it: what it holds (the
// parent of the next entry, a tool call's result, the leaf a last-prompt names) is there on resume. The rules that
// find something missing look for it in such lines first (TranscriptModel.unreadLineHolding), and report only what
// no line holds.
import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/index.js';

const LONG = 'y'.repeat(3000);
const entry = (o: Record<string, unknown>) => JSON.stringify({ sessionId: 's', ...o });
const t = (s: number) => `2026-01-01T00:00:0${s}Z`;

/** Line 3, the tool call's result, is the long one; `resultId` is the call it answers. */
function session(resultId: string, parentOfLast = 'u2'): string {
  return `${[
    entry({
      type: 'user',
      uuid: 'u1',
      parentUuid: null,
      timestamp: t(0),
      message: { role: 'user', content: 'list the files' },
    }),
    entry({
      type: 'assistant',
      uuid: 'a1',
      parentUuid: 'u1',
      timestamp: t(1),
      message: {
        id: 'msg_1',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'tool_use', id: 'toolu_01X', name: 'Bash', input: { command: 'ls' } }],
      },
    }),
    entry({
      type: 'user',
      uuid: 'u2',
      parentUuid: 'a1',
      timestamp: t(2),
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: resultId, content: LONG }] },
    }),
    entry({
      type: 'assistant',
      uuid: 'a2',
      parentUuid: parentOfLast,
      timestamp: t(3),
      message: { id: 'msg_2', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'ok' }] },
    }),
    entry({ type: 'last-prompt', lastPrompt: 'list the files', leafUuid: 'a2' }),
  ].join('\n')}\n`;
}

const found = (text: string, maxLineBytes?: number) =>
  lintText(text, { filePath: 's.jsonl', ...(maxLineBytes ? { maxLineBytes } : {}) }).diagnostics.map(
    (d) => `${d.line} ${d.ruleId}`,
  );

describe('rules and a line too long to read', () => {
  it('read whole, the session is clean', () => {
    expect(found(session('toolu_01X'))).toEqual([]);
  });

  it('unread, only valid-json reports it: the parent and the result it holds are not called missing', () => {
    expect(found(session('toolu_01X'), 1000)).toEqual(['3 valid-json']);
  });

  it('only the id where it names the entry or the call counts, not the same text elsewhere in the long line', () => {
    // The long line answers another call, but its text mentions toolu_01X and the last entry's missing parent u9.
    const text = session('toolu_01OTHER', 'u9').replace(LONG, `see toolu_01X and u9 ${LONG}`);
    expect(found(text, 1000)).toEqual(['2 tool-use-has-result', '3 valid-json', '4 parent-exists']);
  });

  it('an id is found where two of the windows the long line is searched in meet (1 MiB each)', () => {
    // Padding before the result puts its tool_use_id across the first window's end.
    const line = (pad: number) =>
      session('toolu_01X')
        .split('\n')[2]!
        .replace('"uuid":"u2"', `"pad":"${'y'.repeat(pad)}","uuid":"u2"`);
    const at = line(0).indexOf('"tool_use_id"');
    const padded = line(1024 * 1024 - 8 - at);
    expect(padded.indexOf('"tool_use_id"')).toBe(1024 * 1024 - 8);
    const lines = session('toolu_01X').split('\n');
    lines[2] = padded;
    expect(found(lines.join('\n'), 1000)).toEqual(['3 valid-json']);
  });

  it('what no line holds is still missing', () => {
    // The long line answers another call, and the last entry's parent is on no line.
    expect(found(session('toolu_01OTHER', 'u9'), 1000)).toEqual([
      '2 tool-use-has-result',
      '3 valid-json',
      '4 parent-exists',
    ]);
  });
});
