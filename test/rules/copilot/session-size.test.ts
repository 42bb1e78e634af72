import { describe, expect, it } from 'vitest';
import rule from '../../../rules/copilot/session-size.js';
import { lintBytes } from '../../../src/index.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { line, recording } from './recorded.js';

const parallel = recording('parallel');
/** The recording with the result of toolu_01P1 padded to `bytes` characters (the research's huge-event classes). */
const padded = (bytes: number) => {
  const e = parallel.event(11);
  e.data.result.content = 'x'.repeat(bytes);
  return parallel.with(11, line(e));
};

runRuleTests(rule, {
  valid: [
    { name: 'a recorded session', text: parallel.text },
    { name: 'a tool result just under 1 MiB', text: padded(1024 * 1024 - 2000) },
  ],
  invalid: [
    {
      name: 'a 1 MiB tool result overflows the context by itself',
      text: padded(1024 * 1024),
      errors: [
        {
          messageId: 'largeEvent',
          line: 11,
          severity: 'warn',
          messageIncludes: 'tool.execution_complete event is 1.0 MiB',
        },
      ],
    },
  ],
});

describe('copilot/session-size: lines transcript-lint does not read', () => {
  it('says a line over --max-line-bytes was not checked', () => {
    const { result } = lintBytes('e.jsonl', new TextEncoder().encode(padded(2 * 1024 * 1024)), {
      rules: [rule],
      maxLineBytes: 1024 * 1024,
      inputFormat: 'copilot-events',
    });
    expect(result.diagnostics.map((d) => [d.line, d.messageId, d.severity])).toEqual([[11, 'unread', 'warn']]);
  });
});
