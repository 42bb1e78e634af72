import { describe, expect, it } from 'vitest';
import rule from '../../../rules/copilot/valid-json.js';
import { exportRequest, fixBytes, lintBytes } from '../../../src/index.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recording } from './recorded.js';

const one = recording('one-tool');
const parallel = recording('parallel');
const cut = one.lines[13]!.slice(0, 300);
/** The event the fix keeps a broken line in, in place of it: its text, and the event before it as parent. */
const kept = (reason: string, text: string, timestamp: string, parentId: string): string =>
  JSON.stringify({
    type: 'transcript-lint.kept-line',
    data: { reason, text },
    id: '5b81754d-65bc-424e-ba58-466b21b19870',
    timestamp,
    parentId,
  });
const keptCut = kept('cut off mid-event', cut, '2026-12-01T09:40:25.864Z', '399b90c3-180a-4605-9700-97607a4253b9');

// Invalid UTF-8 cannot be written in a test's text: fixtures/rules/copilot/valid-json/invalid-utf8.jsonl has it.
runRuleTests(rule, {
  valid: [
    { name: 'a recorded session', text: one.text },
    { name: 'a recorded session with parallel calls', text: parallel.text },
    // Copilot writes the newline itself before it appends (measured), so a missing one is no finding.
    { name: 'no final newline', text: one.text.slice(0, -1) },
    { name: 'leading spaces before an event', text: one.with(4, `  ${one.lines[3]}`) },
  ],
  invalid: [
    {
      name: 'a UTF-8 byte order mark',
      text: `\uFEFF${one.text}`,
      errors: [{ messageId: 'bom', line: 1, severity: 'warn' }],
      output: one.text,
    },
    {
      name: 'CR LF line endings, all removed by one fix',
      text: one.text.replace(/\n/g, '\r\n'),
      errors: [{ messageId: 'crlf', line: 1, severity: 'warn', messageIncludes: '14 lines' }],
      output: one.text,
    },
    {
      name: 'blank lines',
      text: one.with(9, `${one.lines[8]}\n\n   `),
      errors: [
        { messageId: 'blank', line: 10, severity: 'warn' },
        { messageId: 'blank', line: 11, severity: 'warn' },
      ],
      output: one.text,
    },
    {
      name: 'the last event cut off by a crash',
      text: `${one.lines.slice(0, 13).join('\n')}\n${cut}`,
      // Resumed as it is, Copilot's recovery deletes it from the file (recorded): an error, and the fix keeps it.
      errors: [{ messageId: 'torn', line: 14, severity: 'error', messageIncludes: 'deletes it' }],
      output: `${one.lines.slice(0, 13).join('\n')}\n${keptCut}`,
    },
    {
      name: 'a terminated last line that does not parse is cut off too',
      text: `${one.lines.slice(0, 13).join('\n')}\n${cut}\n`,
      errors: [{ messageId: 'parse', line: 14, severity: 'error' }],
      output: `${one.lines.slice(0, 13).join('\n')}\n${kept(
        'not JSON',
        cut,
        '2026-12-01T09:40:25.864Z',
        '399b90c3-180a-4605-9700-97607a4253b9',
      )}\n`,
    },
    {
      name: 'garbage mid-file',
      text: parallel.with(13, `${parallel.lines[12]}\nthis line is not JSON`),
      errors: [{ messageId: 'parse', line: 14, severity: 'error' }],
      output: parallel.with(
        13,
        `${parallel.lines[12]}\n${kept('not JSON', 'this line is not JSON', '2026-12-01T09:40:36.125Z', '6d8ee8d3-0a87-4065-915b-bc3b812ff386')}`,
      ),
    },
    {
      name: 'a JSON value that is not an object',
      text: parallel.with(13, `${parallel.lines[12]}\n[1,2,3]`),
      errors: [{ messageId: 'notObject', line: 14, severity: 'warn' }],
      output: parallel.with(
        13,
        `${parallel.lines[12]}\n${kept('not an object', '[1,2,3]', '2026-12-01T09:40:36.125Z', '6d8ee8d3-0a87-4065-915b-bc3b812ff386')}`,
      ),
    },
  ],
});

// Differential seed 215: newline-text with 3886 bytes zeroed from byte 858, over the end of its only prompt. Kept whole
// in an event Copilot skips, the line took the prompt with it: Copilot 1.0.102 resumed the fixed copy with a request
// opening with the assistant, rejected (400 "messages.0: first message must use the user role"). Its text is whole in
// the cut line, so the fix writes the prompt again, and the request opens with it.
describe('a cut-off prompt', () => {
  const newline = recording('newline-text');
  const damaged = Buffer.from(newline.text, 'utf8');
  damaged.fill(0, 858, 858 + 3886);
  const file = '/s/813eb919-8c71-4c32-92c7-9799c54d9db7/events.jsonl';

  it('is written again from its text by the fix; the request opens with it', () => {
    const fixed = fixBytes(file, damaged, { unsafe: true });
    expect(fixed.changed).toBe(true);
    const request = exportRequest(file, fixed.output) as { messages: { role: string; content: unknown }[] };
    expect(request.messages[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'answer on two lines and run two commands' }],
    });
    const text = new TextDecoder().decode(fixed.output);
    // The cut line stays, whole, in the kept-line event before the prompt.
    expect(text).toContain(JSON.stringify(damaged.subarray(427, 858).toString('utf8')).slice(1, -1));
    expect(lintBytes(file, fixed.output).result.errorCount).toBe(0);
  });
});
