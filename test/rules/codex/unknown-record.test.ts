import rule from '../../../rules/codex/unknown-record.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, head, item, output, rollout } from './rollout.js';

const turn = (...rs: (Record<string, unknown> | string)[]) => rollout(...head(), call(), ...rs, assistant());
const marked = (r: Record<string, unknown>, fields: Record<string, unknown> = {}) => ({
  ...r,
  transcript_lint: { rule: 'codex/unknown-record', ...fields },
});

runRuleTests(rule, {
  valid: [
    { name: 'recorded shell turn', text: turn(output()) },
    { name: 'unknown extra fields are ignored', text: turn({ ...output(), x_extra: 1 }) },
    { name: 'output as content parts', text: turn(output('call_S1', [{ type: 'input_text', text: 'one' }])) },
  ],
  invalid: [
    {
      name: 'a record type Codex does not know',
      text: turn(output(), { timestamp: 't', type: 'future_record', payload: {} }),
      errors: [{ messageId: 'unknownType', line: 9 }],
      output: null,
    },
    {
      name: 'a response_item type Codex does not know (kept, never sent)',
      text: turn(output(), item({ type: 'future_item' })),
      errors: [{ messageId: 'unknownItem', line: 9 }],
      output: null,
    },
    {
      name: 'a record without payload',
      text: turn(output(), { timestamp: 't', type: 'response_item' }),
      errors: [{ messageId: 'noPayload', line: 9 }],
      output: turn(output()),
    },
    {
      name: 'metadata that is no object: the output is dropped',
      text: turn({ ...output(), metadata: 'x' }),
      errors: [{ messageId: 'metadata', line: 8 }],
      output: turn(marked(output(), { original_metadata: 'x' })),
    },
    {
      name: 'a tool output stored as an object: unwrapped',
      text: turn(output('call_S1', { content: 'one\n', success: true })),
      errors: [{ messageId: 'outputObject', line: 8 }],
      output: turn(marked(output(), { original_output: { content: 'one\n', success: true } })),
    },
    {
      name: 'a record without timestamp',
      text: turn({ ...output(), timestamp: undefined }),
      errors: [{ messageId: 'noTimestamp', line: 8 }],
      output: turn(marked({ ...output(), timestamp: undefined }, { original_timestamp: null }))
        .replace('"ordinal":7,', '"ordinal":7,')
        .replace('"transcript_lint"', '"timestamp":"2026-12-01T09:29:44.335Z","transcript_lint"'),
    },
    {
      name: 'a message with role tool (unsafe: assistant)',
      text: turn(output(), item({ type: 'message', role: 'tool', content: [{ type: 'output_text', text: 'x' }] })),
      errors: [{ messageId: 'role', line: 9, severity: 'error' }],
      output: null,
      unsafeOutput: turn(
        output(),
        marked(item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'x' }] }), {
          original_role: 'tool',
        }),
      ),
    },
  ],
});
