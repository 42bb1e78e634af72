import rule from '../../../rules/codex/record-size.js';
import { truncateMiddle } from '../../../src/formats/codex-rollout/serialize.js';
import { expect, it } from 'vitest';
import { fixBytes } from '../../../src/index.js';
import { lintWith, runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, head, output, rollout, user } from './rollout.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const image = (data: string) =>
  output('call_G2', [{ type: 'input_image', image_url: `data:image/png;base64,${data}`, detail: 'original' }]);
const turn = (...rs: Record<string, unknown>[]) =>
  rollout(...head(), call('call_G2', { name: 'view_image' }), ...rs, assistant());
const HUGE = 'x'.repeat(10_485_761);
// A PNG header, then 20.1 MB of data: valid as far as its header tells.
const BIG = PNG.slice(0, 44) + 'A'.repeat(26_800_000);

runRuleTests(rule, {
  valid: [
    { name: 'a small image in a tool output (recorded view_image)', text: turn(image(PNG)) },
    { name: 'a tool output over 10 MiB: Codex cuts it', text: turn(output('call_G2', HUGE)) },
  ],
  invalid: [
    {
      name: 'a user message over 10 MiB (unsafe: cut in the middle)',
      text: rollout(...head(), user(HUGE, 'msg_big')),
      errors: [{ messageId: 'text', line: 7, severity: 'error' }],
      output: null,
      unsafeOutput: rollout(...head(), {
        ...user(truncateMiddle(HUGE, 48_000), 'msg_big'),
        transcript_lint: { rule: 'codex/record-size', original_length: 10_485_761 },
      }),
    },
    {
      name: 'a tool output over 10 MiB judged as raw input',
      text: turn(output('call_G2', HUGE)),
      target: 'openai-responses',
      errors: [{ messageId: 'output', line: 8 }],
      output: null,
      unsafeOutput: turn({
        ...output('call_G2', truncateMiddle(HUGE, 48_000)),
        transcript_lint: { rule: 'codex/record-size', original_length: 10_485_761 },
      }),
    },
    {
      name: 'image data that is no image: Codex sends its notice instead',
      text: turn(image('bm90IGEgcG5n')),
      errors: [{ messageId: 'undecodable', line: 8, severity: 'warn' }],
      output: turn({
        ...output('call_G2', [{ type: 'input_text', text: 'image content omitted because it could not be processed' }]),
        transcript_lint: { rule: 'codex/record-size' },
      }),
    },
  ],
});

// A 20 MB image is slow to build and check: one case, with time for it.
it('reports a valid image over 20 MB, and replaces it with a text saying so (unsafe)', { timeout: 60_000 }, () => {
  const text = turn(image(BIG));
  expect(lintWith(rule, text).result.diagnostics.map((d) => [d.messageId, d.line, d.message.slice(0, 30)])).toEqual([
    ['image', 8, 'An image of 20.1 MB in functio'],
  ]);
  const fixed = new TextDecoder().decode(
    fixBytes('t.jsonl', new TextEncoder().encode(text), { rules: [rule], unsafe: true }).output,
  );
  expect(fixed).toBe(
    turn({
      ...output('call_G2', [
        { type: 'input_text', text: '[transcript-lint: image removed: 20.1 MB, over the API’s 20 MB per image]' },
      ]),
      transcript_lint: { rule: 'codex/record-size' },
    }),
  );
});
