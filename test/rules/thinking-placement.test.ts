import { expect, it } from 'vitest';
import { fixBytes } from '../../src/index.js';
import rule from '../../rules/thinking-placement.js';
import { text, thinking, toolUse, transcript, fixed, uuidAt, type EditableEntry } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Json = EditableEntry;
const dropBlock =
  (i: number) =>
  (e: Json): void =>
    void e.message.content.splice(i, 1);

// think.jsonl shape: split parts, thinking first in both responses, hidden thinking in the second.
const think = transcript();
think.user('think then run');
think.assistant([thinking('I should run a command.', 'sigABC123')], { id: 'msg_a' });
think.assistant([toolUse('toolu_1')], { id: 'msg_a' });
think.result('toolu_1');
think.assistant([thinking('', 'sigDEF456')], { id: 'msg_b' });
think.assistant([text('Thought and ran.')], { id: 'msg_b' });

// A response that was cut off after its thinking part, then a new prompt.
const cutOff = transcript();
cutOff.user('think');
cutOff.assistant([thinking('Let me see.', 'sigA')], { id: 'msg_a' });
cutOff.user('are you there?');
cutOff.assistant([text('Yes.')], { id: 'msg_b' });

// The session ends right after a thinking part.
const endsThinking = transcript();
endsThinking.user('think');
endsThinking.assistant([thinking('Let me see.', 'sigA')], { id: 'msg_a' });

const trailing = transcript();
trailing.user('answer');
trailing.assistant([thinking('a', 'sigA'), text('Answer.'), thinking('b', 'sigB')], { id: 'msg_a' });

// Earlier in the request, a message may end with thinking: the API accepts replayed reasoning.
const earlierTrailing = transcript();
earlierTrailing.user('answer');
earlierTrailing.assistant([thinking('a', 'sigA'), text('Answer.'), thinking('b', 'sigB')], { id: 'msg_a' });
earlierTrailing.user('thanks');
earlierTrailing.assistant([text('You are welcome.')], { id: 'msg_b' });

const inUser = transcript();
inUser.user([text('look at this'), thinking('pasted', 'sigA')]);
inUser.assistant([text('Seen.')]);

const blankAfterThinking = transcript();
blankAfterThinking.user('think');
blankAfterThinking.assistant([thinking('Let me see.', 'sigA'), text('  ')], { id: 'msg_a' });

// A prompt that holds nothing but thinking: the turn stays, as Claude Code's "(no content)".
const onlyThinkingPrompt = transcript();
onlyThinkingPrompt.user([thinking('pasted', 'sigA')]);
onlyThinkingPrompt.assistant([text('Seen.')]);

// The session ends with a response cut off after two thinking parts, and last-prompt names the last part.
const endsSplit = transcript();
endsSplit.user('think hard');
endsSplit.assistant([thinking('One.', 'sigA')], { id: 'msg_a' });
endsSplit.assistant([{ type: 'redacted_thinking', data: 'EqQB' }], { id: 'msg_a' });
endsSplit.lastPrompt(endsSplit.lastUuid, 'think hard');

// Trailing thinking in the final tool_use-free part of a split response: the other parts stay as they are.
const splitTrailing = transcript();
splitTrailing.user('answer');
splitTrailing.assistant([thinking('a', 'sigA')], { id: 'msg_a' });
splitTrailing.assistant([text('Answer.'), thinking('b', 'sigB')], { id: 'msg_a' });

const texts = {
  inUser: inUser.toString(),
  cutOff: cutOff.toString(),
  endsThinking: endsThinking.toString(),
  blankAfterThinking: blankAfterThinking.toString(),
  trailing: trailing.toString(),
  onlyThinkingPrompt: onlyThinkingPrompt.toString(),
  endsSplit: endsSplit.toString(),
  splitTrailing: splitTrailing.toString(),
};

runRuleTests(rule, {
  valid: [
    { name: 'thinking with tool use, split parts (think.jsonl)', text: think.toString() },
    { name: 'same on the api target', text: think.toString(), target: 'api' },
    { name: 'an earlier message ending with thinking', text: earlierTrailing.toString() },
    { name: 'api target: an earlier thinking-only message is accepted', text: cutOff.toString(), target: 'api' },
    {
      name: 'final message ending with a tool_use',
      text: (() => {
        const t = transcript();
        t.user('go');
        t.assistant([thinking('', 'sig'), toolUse('toolu_1')]);
        return t.toString();
      })(),
    },
  ],
  invalid: [
    {
      // Claude Code sends it as it is and fails (recordings 06a, 06b): an error at the claude-code target too.
      name: 'thinking in a user message',
      text: texts.inUser,
      errors: [{ messageId: 'inUser', line: 1, blockIndex: 1, severity: 'error' }],
      output: fixed(texts.inUser, { 1: dropBlock(1) }),
    },
    {
      name: 'thinking-only message mid-history (a cut-off response)',
      text: texts.cutOff,
      errors: [{ messageId: 'thinkingOnly', line: 2, blockIndex: 0, severity: 'warn' }],
      output: fixed(texts.cutOff, { 2: null, 3: (e) => void (e.parentUuid = uuidAt(texts.cutOff, 1)) }),
    },
    {
      name: 'the request ends with a thinking-only message',
      text: texts.endsThinking,
      errors: [{ messageId: 'thinkingOnlyFinal', line: 2, severity: 'warn' }],
      output: fixed(texts.endsThinking, { 2: null }),
    },
    {
      name: 'api target: the request ends with a thinking-only message',
      target: 'api',
      text: texts.endsThinking,
      errors: [{ messageId: 'thinkingOnlyFinal', line: 2, severity: 'error' }],
      output: fixed(texts.endsThinking, { 2: null }),
    },
    {
      name: 'final message holding thinking and whitespace-only text',
      text: texts.blankAfterThinking,
      errors: [{ messageId: 'thinkingOnlyFinal', line: 2, blockIndex: 0 }],
      // The blank text that is left is no-empty-content's to remove.
      output: fixed(texts.blankAfterThinking, { 2: dropBlock(0) }),
    },
    {
      name: 'the request ends with thinking after text',
      text: texts.trailing,
      errors: [{ messageId: 'trailingThinking', line: 2, blockIndex: 2, severity: 'warn' }],
      output: fixed(texts.trailing, { 2: dropBlock(2) }),
    },
    {
      name: 'api target: trailing thinking',
      target: 'api',
      text: texts.trailing,
      errors: [{ messageId: 'trailingThinking', line: 2, blockIndex: 2, severity: 'error' }],
      output: fixed(texts.trailing, { 2: dropBlock(2) }),
    },
    {
      name: 'api target: thinking in a user message',
      target: 'api',
      text: texts.inUser,
      errors: [{ messageId: 'inUser', line: 1, severity: 'error' }],
      output: fixed(texts.inUser, { 1: dropBlock(1) }),
    },
    {
      name: 'a prompt of thinking alone becomes "(no content)"',
      text: texts.onlyThinkingPrompt,
      errors: [{ messageId: 'inUser', line: 1, blockIndex: 0 }],
      output: fixed(texts.onlyThinkingPrompt, { 1: (e) => void (e.message.content = '(no content)') }),
    },
    {
      name: 'the session ends with two thinking-only parts; last-prompt follows the removal',
      text: texts.endsSplit,
      errors: [
        { messageId: 'thinkingOnlyFinal', line: 2, blockIndex: 0 },
        { messageId: 'thinkingOnlyFinal', line: 3, blockIndex: 0 },
      ],
      output: fixed(texts.endsSplit, { 2: null, 3: null, 4: (e) => void (e.leafUuid = uuidAt(texts.endsSplit, 1)) }),
    },
    {
      name: 'trailing thinking in a later part of a split response',
      text: texts.splitTrailing,
      errors: [{ messageId: 'trailingThinking', line: 3, blockIndex: 1 }],
      output: fixed(texts.splitTrailing, { 3: dropBlock(1) }),
    },
  ],
});

it('thinking-placement: removing a split part keeps the other parts split and the chain whole', () => {
  const t = transcript();
  t.user('run it');
  t.assistant([thinking('a', 'sigA')], { id: 'msg_a' });
  t.assistant([thinking('b', 'sigB')], { id: 'msg_a' });
  const call = t.assistant([toolUse('toolu_1')], { id: 'msg_a' });
  t.result('toolu_1');
  t.assistant([thinking('c', 'sigC')], { id: 'msg_b' });
  t.user('go on');
  t.assistant([text('Done.')], { id: 'msg_c' });
  const out = new TextDecoder().decode(
    fixBytes('t.jsonl', new TextEncoder().encode(t.toString()), { rules: [rule] }).output,
  );
  const entries = out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
  const uuids = new Set(entries.map((e) => e.uuid));
  for (const e of entries) if (e.parentUuid !== null) expect(uuids.has(e.parentUuid), `parent of ${e.uuid}`).toBe(true);
  // msg_a keeps its three parts (the mid-history thinking-only msg_b is the one removed).
  expect(entries.filter((e) => e.message?.id === 'msg_a')).toHaveLength(3);
  expect(entries.some((e) => e.message?.id === 'msg_b')).toBe(false);
  expect(entries.find((e) => e.message?.content === 'go on')!.parentUuid).toBe(
    entries.find((e) => e.message?.content?.[0]?.type === 'tool_result')!.uuid,
  );
  expect(entries.find((e) => e.message?.content?.[0]?.type === 'tool_result')!.parentUuid).toBe(call);
});
