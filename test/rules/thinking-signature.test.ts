import { expect, it } from 'vitest';
import { fixBytes } from '../../src/index.js';
import rule from '../../rules/thinking-signature.js';
import { text, thinking, toolUse, transcript, fixed, uuidAt, type EditableEntry } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Json = EditableEntry;

function session(first: Record<string, unknown>, second: Record<string, unknown> = thinking('Done.', 'sigB')): string {
  const t = transcript();
  t.user('think then run');
  t.assistant([first], { id: 'msg_a' });
  t.assistant([toolUse('toolu_1')], { id: 'msg_a' });
  t.result('toolu_1');
  t.assistant([second], { id: 'msg_b' });
  t.assistant([text('Thought and ran.')], { id: 'msg_b' });
  return t.toString();
}

const redacted = (data?: unknown): Record<string, unknown> =>
  data === undefined ? { type: 'redacted_thinking' } : { type: 'redacted_thinking', data };

// Off the active chain: an abandoned branch is never sent.
const offChain = transcript();
const root = offChain.user('first');
offChain.assistant([thinking('x', '')], { id: 'msg_old' });
offChain.assistant([text('old answer')], { id: 'msg_old' });
offChain.from(root).assistant([text('new answer')], { id: 'msg_new' });
offChain.lastPrompt();

/** The first part of a split response is removed: the next part hangs off the prompt instead. */
const firstPartRemoved = (s: string): string => fixed(s, { 2: null, 3: (e) => void (e.parentUuid = uuidAt(s, 1)) });

const missing = session({ type: 'thinking', thinking: 'I should run it.' });
const emptyLater = session(thinking('a', 'sigA'), thinking('Done.', ''));
const notString = session({ type: 'thinking', thinking: 'a', signature: null });
const bothRedacted = session(redacted(), redacted(''));
const apiEmpty = session(thinking('a', ''));

// One entry holding a bad thinking block and text: only the block goes.
const mixed = transcript();
mixed.user('answer');
mixed.assistant([thinking('a', ''), text('Answer.')], { id: 'msg_a' });
mixed.user('thanks');
const mixedText = mixed.toString();

// Two thinking-only parts of one response, both bad, then two parallel tool_use parts whose results hang off their
// own parts (the shape Claude Code writes): both bad parts go in one pass.
const twoParts = transcript();
twoParts.user('think then run');
twoParts.assistant([thinking('a', '')], { id: 'msg_a' });
twoParts.assistant([redacted('')], { id: 'msg_a' });
const call1 = twoParts.assistant([toolUse('toolu_1')], { id: 'msg_a' });
const call2 = twoParts.assistant([toolUse('toolu_2')], { id: 'msg_a' });
twoParts.result('toolu_1', 'one', { parent: call1 });
twoParts.result('toolu_2', 'two', { parent: call2 });
twoParts.assistant([text('Ran both.')], { id: 'msg_b' });
const twoPartsText = twoParts.toString();

runRuleTests(rule, {
  valid: [
    { name: 'thinking with signatures, split parts', text: session(thinking('I should run it.', 'sigA')) },
    {
      name: 'hidden thinking: empty text with a signature',
      text: session(thinking('', 'EpMCCkYIBxgCKkA'), thinking('', 'EqQBCkYIBx')),
    },
    { name: 'redacted_thinking with data', text: session(redacted('EqQBCgIYAhIM')) },
    { name: 'a bad block on an abandoned branch is not sent', text: offChain.toString() },
    { name: 'api target, valid signatures', text: session(thinking('a', 'sigA')), target: 'api' },
  ],
  invalid: [
    {
      name: 'signature key missing',
      text: missing,
      errors: [{ messageId: 'missingSignature', line: 2, blockIndex: 0, severity: 'error' }],
      output: firstPartRemoved(missing),
    },
    {
      name: 'empty signature, in the later response',
      text: emptyLater,
      errors: [{ messageId: 'emptySignature', line: 5, blockIndex: 0 }],
      output: fixed(emptyLater, { 5: null, 6: (e) => void (e.parentUuid = uuidAt(emptyLater, 4)) }),
    },
    {
      name: 'signature that is not a string',
      text: notString,
      errors: [{ messageId: 'missingSignature', line: 2 }],
      output: firstPartRemoved(notString),
    },
    {
      name: 'redacted_thinking without data, and with empty data',
      text: bothRedacted,
      errors: [
        { messageId: 'redactedNoData', line: 2 },
        { messageId: 'redactedNoData', line: 5 },
      ],
      output: fixed(bothRedacted, {
        2: null,
        3: (e) => void (e.parentUuid = uuidAt(bothRedacted, 1)),
        5: null,
        6: (e) => void (e.parentUuid = uuidAt(bothRedacted, 4)),
      }),
    },
    {
      name: 'a bad block next to text in one entry: only the block goes',
      text: mixedText,
      errors: [{ messageId: 'emptySignature', line: 2, blockIndex: 0 }],
      output: fixed(mixedText, { 2: (e) => void e.message.content.splice(0, 1) }),
    },
    {
      name: 'two bad thinking-only parts of one response go in one pass',
      text: twoPartsText,
      errors: [
        { messageId: 'emptySignature', line: 2 },
        { messageId: 'redactedNoData', line: 3 },
      ],
      output: fixed(twoPartsText, { 2: null, 3: null, 4: (e) => void (e.parentUuid = uuidAt(twoPartsText, 1)) }),
    },
    {
      name: 'api target',
      target: 'api',
      text: apiEmpty,
      errors: [{ messageId: 'emptySignature', line: 2, severity: 'error' }],
      output: firstPartRemoved(apiEmpty),
    },
  ],
});

it('thinking-signature: the fix keeps the other parts split and the chain whole', () => {
  const out = new TextDecoder().decode(
    fixBytes('t.jsonl', new TextEncoder().encode(twoPartsText), { rules: [rule] }).output,
  );
  const entries = out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
  const uuids = new Set(entries.map((e) => e.uuid));
  for (const e of entries) if (e.parentUuid !== null) expect(uuids.has(e.parentUuid)).toBe(true);
  const parts = entries.filter((e) => e.message?.id === 'msg_a');
  expect(parts.map((e) => e.message.content.map((b: Json) => b.type))).toEqual([['tool_use'], ['tool_use']]);
  // The results still hang off the parts holding their calls.
  expect(entries.filter((e) => e.message?.content?.[0]?.type === 'tool_result').map((e) => e.parentUuid)).toEqual([
    call1,
    call2,
  ]);
  expect(parts.map((e) => e.uuid)).toEqual([call1, call2]);
  expect(parts[0]!.parentUuid).toBe(entries[0]!.uuid);
});
