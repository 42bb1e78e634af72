import { expect, it } from 'vitest';
import { fixBytes } from '../../src/index.js';
import rule from '../../rules/no-empty-content.js';
import { text, thinking, toolUse, transcript, fixed, uuidAt, type EditableEntry } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Json = EditableEntry;
const dropBlock =
  (i: number) =>
  (e: Json): void =>
    void e.message.content.splice(i, 1);
const noContent = (e: Json): void => void (e.message.content = '(no content)');
const parent =
  (uuid: string | null) =>
  (e: Json): void =>
    void (e.parentUuid = uuid);

function session(
  assistantContent: Record<string, unknown>[],
  prompt: string | Record<string, unknown>[] = 'run it',
): string {
  const t = transcript();
  t.user(prompt);
  t.assistant(assistantContent, { id: 'msg_a' });
  t.result('toolu_1', '');
  t.assistant([text('Done.')], { id: 'msg_b' });
  return t.toString();
}

const clean = transcript();
clean.user('say hello');
clean.attachment({ type: 'date', date: '2026-11-01' }, { rendered: ['<system-reminder>today</system-reminder>'] });
clean.attachment(
  { type: 'environment' },
  { rendered: ['<system-reminder>\n\n</system-reminder>'], renderedRole: 'system' },
);
clean.assistant([thinking('', 'sigA')], { id: 'msg_a' });
clean.assistant([text(' Hello there. ')], { id: 'msg_a' });

const emptyFinal = transcript();
emptyFinal.user('hi');
emptyFinal.assistant([], { id: 'msg_a' });

const twoPrompts = transcript();
twoPrompts.user('');
twoPrompts.user('do round two');
twoPrompts.assistant([text('OK.')]);

const emptyMid = transcript();
emptyMid.user('hi');
emptyMid.assistant([], { id: 'msg_a' });
emptyMid.user('hello?');
emptyMid.assistant([text('Hi.')], { id: 'msg_b' });

const emptyUser = transcript();
emptyUser.user([]);
emptyUser.assistant([text('Hi.')]);

const blankAttachment = transcript();
blankAttachment.user('hi');
blankAttachment.attachment({ type: 'date' }, { rendered: ['   '] });
blankAttachment.assistant([text('Hi.')]);

const blankBlocksPrompt = transcript();
blankBlocksPrompt.user([text(''), text(' ')]);
blankBlocksPrompt.assistant([text('Hi.')]);

// An interrupted stream left "\n\n" as the first part of a split response (the doc's example).
const blankPart = transcript();
blankPart.user('list files');
blankPart.assistant([text('\n\n')], { id: 'msg_a' });
blankPart.assistant([toolUse('toolu_1')], { id: 'msg_a' });
blankPart.result('toolu_1');
blankPart.assistant([text('Done.')], { id: 'msg_b' });

// A rendered list holding something that is not sent before the blank text: the fix removes the right element.
const oddRendered = transcript();
oddRendered.user('hi');
const odd = {
  ...JSON.parse(blankAttachment.lines[1]!),
  rendered: [{ note: 'not sent' }, { content: ' ' }],
  uuid: oddRendered.newUuid(),
};
oddRendered.raw(odd);
oddRendered.assistant([text('Hi.')], { parent: odd.uuid });

// A whitespace prompt typed right after a tool result is merged into that result's message.
const afterResult = transcript();
afterResult.user('run it');
afterResult.assistant([toolUse('toolu_1')]);
afterResult.result('toolu_1');
afterResult.user('  ');
afterResult.assistant([text('Ran it.')]);

const emptySummary = transcript();
emptySummary.user('hi');
emptySummary.assistant([text('Hi.')]);
emptySummary.compactBoundary();
emptySummary.compactSummary('');
emptySummary.assistant([text('Continuing.')]);

// Entries no person wrote: a blank local command output (system) and a blank meta entry, both before a prompt.
const machine = transcript();
machine.user('hi');
machine.assistant([text('Hi.')]);
machine.raw({
  parentUuid: machine.lastUuid,
  isSidechain: false,
  type: 'system',
  subtype: 'local_command',
  content: ' ',
  uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
  level: 'info',
});
machine.from('aaaaaaaa-0000-4000-8000-000000000001').user('', { extra: { isMeta: true } });
machine.user('next');
machine.assistant([text('OK.')]);

const t = {
  machine: machine.toString(),
  prompt: session([toolUse('toolu_1')], ''),
  emptyFirst: session([text(''), toolUse('toolu_1')]),
  blankFirst: session([text('\n\n'), toolUse('toolu_1')]),
  promptBlocks: session([toolUse('toolu_1')], [text('look'), text(' ')]),
  api: session([text(' '), toolUse('toolu_1')]),
  twoPrompts: twoPrompts.toString(),
  emptyMid: emptyMid.toString(),
  emptyUser: emptyUser.toString(),
  emptyFinal: emptyFinal.toString(),
  blankAttachment: blankAttachment.toString(),
  blankBlocksPrompt: blankBlocksPrompt.toString(),
  blankPart: blankPart.toString(),
  oddRendered: oddRendered.toString(),
  afterResult: afterResult.toString(),
  emptySummary: emptySummary.toString(),
};

runRuleTests(rule, {
  valid: [
    { name: 'text with surrounding spaces, hidden thinking, attachments', text: clean.toString() },
    {
      name: 'an empty tool_result content string is not a text block',
      text: session([text('Running.'), toolUse('toolu_1')]),
    },
    {
      name: 'api target: an empty final assistant message is a valid prefill',
      text: emptyFinal.toString(),
      target: 'api',
    },
  ],
  invalid: [
    {
      name: 'empty text block before a tool_use',
      text: t.emptyFirst,
      errors: [
        { messageId: 'emptyText', line: 2, blockIndex: 0, severity: 'warn', messageIncludes: 'must be non-empty' },
      ],
      output: fixed(t.emptyFirst, { 2: dropBlock(0) }),
    },
    {
      name: 'whitespace-only text block',
      text: t.blankFirst,
      errors: [{ messageId: 'emptyText', line: 2, blockIndex: 0, messageIncludes: 'must contain non-whitespace text' }],
      output: fixed(t.blankFirst, { 2: dropBlock(0) }),
    },
    {
      name: 'empty user prompt',
      text: t.prompt,
      errors: [{ messageId: 'emptyPrompt', line: 1, messageIncludes: '(no content)' }],
      output: fixed(t.prompt, { 1: noContent }),
    },
    {
      name: 'empty prompt merged with the next prompt is still reported as empty',
      text: t.twoPrompts,
      errors: [{ messageId: 'emptyPrompt', line: 1, messageIncludes: 'is empty' }],
      // A prompt is never removed, even where Claude Code would send only its neighbour.
      output: fixed(t.twoPrompts, { 1: noContent }),
    },
    {
      name: 'empty text block in a user prompt given as blocks',
      text: t.promptBlocks,
      errors: [{ messageId: 'emptyText', line: 1, blockIndex: 1 }],
      output: fixed(t.promptBlocks, { 1: dropBlock(1) }),
    },
    {
      // Claude Code sends such a reply as "(no content)" (recording 10c), it does not drop it.
      name: 'assistant entry with no content mid-history',
      text: t.emptyMid,
      errors: [{ messageId: 'noContentReply', line: 2, severity: 'warn', messageIncludes: '"(no content)"' }],
      output: fixed(t.emptyMid, { 2: null, 3: parent(uuidAt(t.emptyMid, 1)) }),
    },
    {
      name: 'user entry with no content',
      text: t.emptyUser,
      errors: [{ messageId: 'noContent', line: 1, messageIncludes: 'User message' }],
      output: fixed(t.emptyUser, { 1: noContent }),
    },
    {
      name: 'claude-code: an empty final assistant message is sent as "(no content)"',
      text: t.emptyFinal,
      errors: [{ messageId: 'noContentReply', line: 2 }],
      output: fixed(t.emptyFinal, { 2: null }),
    },
    {
      name: 'a blank rendered attachment',
      text: t.blankAttachment,
      errors: [{ messageId: 'emptyText', line: 2 }],
      output: fixed(t.blankAttachment, { 2: (e) => void e.rendered.splice(0, 1) }),
    },
    {
      name: 'a blank rendered text after an element that is not sent',
      text: t.oddRendered,
      errors: [{ messageId: 'emptyText', line: 2, blockIndex: 1 }],
      output: fixed(t.oddRendered, { 2: (e) => void e.rendered.splice(1, 1) }),
    },
    {
      name: 'a prompt of blank blocks becomes "(no content)"',
      text: t.blankBlocksPrompt,
      errors: [
        { messageId: 'emptyText', line: 1, blockIndex: 0 },
        { messageId: 'emptyText', line: 1, blockIndex: 1 },
      ],
      output: fixed(t.blankBlocksPrompt, { 1: noContent }),
    },
    {
      name: 'a blank first part of a split response',
      text: t.blankPart,
      errors: [{ messageId: 'emptyText', line: 2, blockIndex: 0 }],
      output: fixed(t.blankPart, { 2: null, 3: parent(uuidAt(t.blankPart, 1)) }),
    },
    {
      name: 'a whitespace prompt merged into a tool result message',
      text: t.afterResult,
      errors: [{ messageId: 'emptyPrompt', line: 4, messageIncludes: 'whitespace only' }],
      output: fixed(t.afterResult, { 4: noContent }),
    },
    {
      name: 'blank entries no person wrote are removed, the prompt after them re-linked',
      text: t.machine,
      errors: [
        { messageId: 'emptyText', line: 3 },
        { messageId: 'emptyPrompt', line: 4 },
      ],
      output: fixed(t.machine, { 3: null, 4: null, 5: parent(uuidAt(t.machine, 2)) }),
    },
    {
      name: 'an empty compact summary: no fix (the boundary needs its summary)',
      text: t.emptySummary,
      errors: [{ messageId: 'emptyPrompt', line: 4 }],
      output: null,
    },
    {
      name: 'api target',
      target: 'api',
      text: t.api,
      errors: [{ messageId: 'emptyText', line: 2, severity: 'error' }],
      output: fixed(t.api, { 2: dropBlock(0) }),
    },
  ],
});

it('no-empty-content: removing a blank part keeps the other parts split and the chain whole', () => {
  const out = new TextDecoder().decode(
    fixBytes('t.jsonl', new TextEncoder().encode(t.blankPart), { rules: [rule] }).output,
  );
  const entries = out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
  const uuids = new Set(entries.map((e) => e.uuid));
  for (const e of entries) if (e.parentUuid !== null) expect(uuids.has(e.parentUuid)).toBe(true);
  expect(entries.map((e) => e.message.id ?? e.type)).toEqual(['user', 'msg_a', 'user', 'msg_b']);
});
