// request-size's invalid case is a request over 32 MB, too big for a fixture file: it is built here from recording
// "main" the way item b05a was (a 33 MB Bash output in turn five's result of toolu_E1, line 186).
import { describe, expect, it } from 'vitest';
import rule, { KEEP_CHARS, MAX_REQUEST_BYTES } from '../../rules/request-size.js';
import { fixBytes } from '../../src/index.js';
import { text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const small = (() => {
  const t = transcript();
  t.user('go');
  t.assistant([toolUse('toolu_E1')]);
  t.user([toolResult('toolu_E1', 'x'.repeat(100_000))]);
  t.assistant([text('done')]);
  return t.toString();
})();

runRuleTests(rule, { valid: [{ name: 'a request far below 32 MB', text: small }], invalid: [] });

describe('request-size on item b05a (a 33 MB tool result)', () => {
  const source = itemText(recordedItem('b05a'));
  it('is reported on the result, with its size', () => {
    const found = lintWith(rule, source).result.diagnostics;
    expect(found.map((d) => [d.line, d.severity, d.messageId])).toEqual([[186, 'warn', 'tooLarge']]);
    expect(found[0]!.message).toMatch(/^The request resume sends is about 33(\.\d+)?MB, over the API's 32 MB limit/);
    expect(lintWith(rule, source, 'api').result.diagnostics.map((d) => d.severity)).toEqual(['error']);
  });
  it('--fix cuts that output to its first 2000 characters with a note, and touches no other line', () => {
    const out = fixBytes('test.jsonl', new TextEncoder().encode(source), { rules: [rule] });
    const before = source.split('\n');
    const after = new TextDecoder().decode(out.output).split('\n');
    expect(after.length).toBe(before.length);
    expect(after.filter((l, i) => l !== before[i]).length).toBe(1);
    const content = (JSON.parse(after[185]!) as { message: { content: { content: string }[] } }).message.content[0]!
      .content;
    expect(content.startsWith(`e1 ${'z'.repeat(KEEP_CHARS - 3)}\n[transcript-lint: `)).toBe(true);
    expect(content).toContain("cut here: the request was over the API's 32 MB limit");
    expect(out.output.byteLength).toBeLessThan(MAX_REQUEST_BYTES);
    expect(lintWith(rule, new TextDecoder().decode(out.output)).result.diagnostics).toEqual([]);
  });
});
