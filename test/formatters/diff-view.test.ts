// --diff for reading: the changed words of a long JSONL line, its context cut to the terminal, colour when asked.
import { describe, expect, it } from 'vitest';
import { readableDiff } from '../../src/formatters/diff-view.js';
import { displayWidth } from '../../src/formatters/wrap-text.js';

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
        ` {"type":"user","message":{"content":[]},"pad":"xxxxxxxxxxxxxxxxxx… (+399 chars)`,
        // The changed span is cut to the width: the unchanged text beside it first, then its end.
        '-…ent":[{"type":"text","text":"Here is the output:"},{"tool_use_id":"toolu…(+48)',
        '+…ent":[{"tool_use_id":"toolu_T3","type":"tool_result","content":"t3"},{"t…(+48)',
        '',
      ].join('\n'),
    );
    for (const line of out.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    // Less than half the size of the two lines it compares.
    expect(out.length * 2).toBeLessThan(before.length + after.length);
  });

  it('colours removed lines red, added ones green, the changed words in inverse video', () => {
    const out = readableDiff(before, after, names, { cut: true, color: true, width: 80 });
    expect(out).toContain('\x1b[36m@@ -1,2 +1,2 @@ line 2: message.content[0] <-> [1]\x1b[39m');
    expect(out).toContain('\n-\x1b[31m…ent":[{"\x1b[39m\x1b[7m\x1b[31mtype\x1b[39m\x1b[27m');
    expect(out).toContain('\x1b[7m\x1b[31mHere is the output:\x1b[39m\x1b[27m');
    expect(out).toContain('\n+\x1b[32m…ent":[{"\x1b[39m\x1b[7m\x1b[32mtool_use_id\x1b[39m\x1b[27m');
    for (const line of out.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it('on a terminal shows control characters as escapes; piped with --color keeps the lines whole and as they are', () => {
    const b = '{"a":"\x1b[2J"}\n';
    const a = '{"a":"ok"}\n';
    expect(readableDiff(b, a, names, { cut: true, color: false, width: 80 })).toContain('-{"a":"\\x1b[2J"}');
    const whole = readableDiff(before, after, names, { cut: false, color: true });
    expect(whole).toContain(long);
    expect(readableDiff(b, a, names, { cut: false, color: false })).toContain('-{"a":"\x1b[2J"}');
  });

  it('cuts the text beside a change only as far as the width needs, counting wide characters as two columns', () => {
    const jp = (t: string) => `${JSON.stringify({ type: 'user', pad: long, message: { content: t } })}\n`;
    const out = readableDiff(jp('日本語のセッション'), jp('日本語の会話'), names, {
      cut: true,
      color: false,
      width: 40,
    });
    const lines = out.split('\n');
    // 24 characters of context fit beside the shorter change, 8 beside the longer one (at 40 columns).
    expect(lines.slice(3, 5)).toEqual(['-…t":"日本語のセッション"}}', '+…essage":{"content":"日本語の会話"}}']);
    const wide = readableDiff(jp('あ'.repeat(30)), jp('い'.repeat(30)), names, { cut: true, color: false, width: 40 });
    for (const line of wide.split('\n').slice(3)) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(wide).toContain('\n-…ntent":"ああああああああああああ…(+21)\n');
  });

  it('is empty when nothing changed', () => {
    expect(readableDiff(before, before, names, { cut: true, color: true, width: 80 })).toBe('');
  });
});
