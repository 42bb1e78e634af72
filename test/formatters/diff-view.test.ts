// --diff for reading: the changed words of a long JSONL line, its context cut to the terminal, colour when asked.
import { describe, expect, it } from 'vitest';
import { readableDiff } from '../../src/formatters/diff-view.js';

const names = { fromFile: 'a/s.jsonl', toFile: 'b/s.jsonl' };
const long = 'x'.repeat(400);
const entry = (content: unknown[]) => JSON.stringify({ type: 'user', message: { content }, pad: long, cwd: '/tmp/p' });
const text = { type: 'text', text: 'Here is the output:' };
const result = { tool_use_id: 'toolu_T3', type: 'tool_result', content: 't3' };
const before = `${entry([])}\n${entry([text, result])}\n`;
const after = `${entry([])}\n${entry([result, text])}\n`;

describe('readableDiff', () => {
  it('on a terminal: the header says what changed, context is cut to the width, changed lines to the change', () => {
    const out = readableDiff(before, after, names, { cut: true, color: false, width: 80 });
    expect(out).toBe(
      [
        '--- a/s.jsonl',
        '+++ b/s.jsonl',
        '@@ -1,2 +1,2 @@ line 2: message.content[0] <-> [1]',
        ` {"type":"user","message":{"content":[]},"pad":"xxxxxxxxxxxxxxxxxx… (+385 chars)`,
        '-…"message":{"content":[{"type":"text","text":"Here is the output:"},{"tool_use_id":"toolu_T3","type":"tool_result","content":"t3"}]},"pad":"xxxxxxxxxxxx…',
        '+…"message":{"content":[{"tool_use_id":"toolu_T3","type":"tool_result","content":"t3"},{"type":"text","text":"Here is the output:"}]},"pad":"xxxxxxxxxxxx…',
        '',
      ].join('\n'),
    );
    // Less than half the size of the two lines it compares.
    expect(out.length * 2).toBeLessThan(before.length + after.length);
  });

  it('colours removed lines red, added ones green, the changed words in inverse video', () => {
    const out = readableDiff(before, after, names, { cut: true, color: true, width: 80 });
    expect(out).toContain('\x1b[36m@@ -1,2 +1,2 @@ line 2: message.content[0] <-> [1]\x1b[39m');
    expect(out).toContain('\n-\x1b[31m…"message":{"content":[{"\x1b[39m\x1b[7m\x1b[31mtype\x1b[39m\x1b[27m');
    expect(out).toContain('\x1b[7m\x1b[31mHere is the output:\x1b[39m\x1b[27m');
    expect(out).toContain('\n+\x1b[32m…"message":{"content":[{"\x1b[39m\x1b[7m\x1b[32mtool_use_id\x1b[39m\x1b[27m');
  });

  it('on a terminal shows control characters as escapes; piped with --color keeps the lines whole and as they are', () => {
    const b = '{"a":"\x1b[2J"}\n';
    const a = '{"a":"ok"}\n';
    expect(readableDiff(b, a, names, { cut: true, color: false, width: 80 })).toContain('-{"a":"\\x1b[2J"}');
    const whole = readableDiff(before, after, names, { cut: false, color: true });
    expect(whole).toContain(long);
    expect(readableDiff(b, a, names, { cut: false, color: false })).toContain('-{"a":"\x1b[2J"}');
  });

  it('is empty when nothing changed', () => {
    expect(readableDiff(before, before, names, { cut: true, color: true, width: 80 })).toBe('');
  });
});
