import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import rule, { MISSING_HISTORY } from '../../rules/first-message-user.js';
import { derivedUuid } from '../../src/fixer/chain-edits.js';
import { fixBytes } from '../../src/index.js';
import type { TranscriptModel } from '../../src/model/index.js';
import { type Json, text, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

// ---- Expected fix output -------------------------------------------------------------------------------------
const file = (lines: readonly string[]): string => lines.join('\n') + '\n';
const parsed = (line: string) => JSON.parse(line) as Json & { uuid: string; timestamp: string };
const newUuid = (at: string): string => derivedUuid('first-message-user', parsed(at).uuid, '');
const relinked = (line: string, parent: string): string => {
  const o = parsed(line);
  o.parentUuid = parent;
  return JSON.stringify(o);
};

/** The user entry the fix writes: before `first` as the new root, or (after a compact boundary) below `first`. */
function missingHistory(first: string, below = false): string {
  const f = parsed(first);
  return JSON.stringify({
    parentUuid: below ? f.uuid : null,
    isSidechain: f.isSidechain,
    type: 'user',
    message: { role: 'user', content: MISSING_HISTORY },
    uuid: newUuid(first),
    timestamp: new Date(Date.parse(f.timestamp) + (below ? 1 : -1)).toISOString(),
    cwd: f.cwd,
    sessionId: f.sessionId,
    version: f.version,
    transcriptLint: { rule: 'first-message-user', inserted: true },
  });
}
/** The file with a new root before line `n` (1-based), which then hangs below it. */
const rootedAt = (lines: readonly string[], n: number): string =>
  file([
    ...lines.slice(0, n - 1),
    missingHistory(lines[n - 1]!),
    relinked(lines[n - 1]!, newUuid(lines[n - 1]!)),
    ...lines.slice(n),
  ]);

const plain = transcript();
plain.user('hello');
plain.assistant([text('hi')]);

// 2.1.332 shape: prompt, then attachments (some rendered as system messages), then the answer.
const attachments = transcript();
attachments.user('hello');
attachments.attachment(
  { type: 'environment' },
  { rendered: ['<system-reminder>env</system-reminder>'], renderedRole: 'system' },
);
attachments.attachment({ type: 'date' }, { rendered: ['<system-reminder>date</system-reminder>'] });
attachments.assistant([text('hi')]);

// After compaction the request starts with the summary (a user message).
const compacted = transcript();
compacted.assistant([text('old answer')], { parent: null });
compacted.compactBoundary();
compacted.compactSummary();
compacted.assistant([text('Continuing.')]);

// A system message ahead of the first user message is skipped, as the API pairing rules skip it.
const systemFirst = transcript();
systemFirst.attachment(
  { type: 'environment' },
  { parent: null, rendered: ['<system-reminder>env</system-reminder>'], renderedRole: 'system' },
);
systemFirst.user('hello');
systemFirst.assistant([text('hi')]);

// The chain's root is an assistant entry.
const root = transcript();
root.assistant([text('I was here first')], { parent: null }); // 1
root.user('hm'); // 2
root.assistant([text('ok')]); // 3

// The first entry's parent is not in the file (sidechain_integrated.jsonl shape).
const missing = transcript();
missing.assistant([toolUse('toolu_T')], { parent: 'not-in-this-file' }); // 1
missing.result('toolu_T'); // 2
missing.assistant([text('done')]); // 3

// The first prompt is virtual (display-only), so nothing before the assistant is sent.
const virtualPrompt = transcript();
virtualPrompt.user('hidden', { extra: { isVirtual: true } }); // 1
virtualPrompt.assistant([text('answer')]); // 2

// After a compact boundary whose summary is gone, an assistant comes first.
const noSummary = transcript();
noSummary.user('old'); // 1
noSummary.compactBoundary(); // 2
noSummary.assistant([text('after compaction')]); // 3

// The assistant's parent is missing and the walk bridges it to an attachment rendered as system text: Claude Code
// 2.1.332 sends that text first, as a user string inside a <system-reminder> (oracle: test/system-first.test.ts), and
// the API accepts it.
const bridged = transcript();
bridged.attachment(
  { type: 'environment' },
  { parent: null, rendered: ['<system-reminder>env</system-reminder>'], renderedRole: 'system' },
); // 1
bridged.assistant([text('Where were we?')], { parent: 'gone-from-the-file' }); // 2
bridged.user('here'); // 3

// The entry the fix would write is already in the file (elsewhere): no second copy.
const already = transcript();
already.assistant([text('first')], { parent: null }); // 1
already.user('side', { parent: null, uuid: newUuid(already.lines[0]!), extra: { isSidechain: true } }); // 2
already.lastPrompt(already.lines.length ? parsed(already.lines[0]!).uuid : null); // 3

// Found by the fuzzer: a compact boundary whose summary Claude Code cannot read (content is a number), so the
// assistant comes first. The new entry goes below the summary: the summary stays on its boundary.
const unreadableSummary = transcript();
unreadableSummary.compactBoundary(); // 1
unreadableSummary.compactSummary(); // 2
unreadableSummary.assistant([text('Continuing.')]); // 3
unreadableSummary.lines[1] = unreadableSummary.lines[1]!.replace(/"content":"[^"]*"/, '"content":0');

// Found by the fuzzer: the chain's root (an untyped entry, line 3) comes after two parts of its response in the file.
// Right before the root the new user entry would split the response (lines 1-2 and 5): it goes above the parts.
const rootAfterParts = transcript();
rootAfterParts.assistant([toolUse('toolu_R1')], { id: 'msg_r', uuid: 'r-b', parent: 'r-a' }); // 1
rootAfterParts.assistant([text('Running both.')], { id: 'msg_r', uuid: 'r-a', parent: 'r-root' }); // 2
rootAfterParts.raw({
  uuid: 'r-root',
  isSidechain: false,
  timestamp: '2026-11-01T12:00:00.000Z',
  cwd: '/tmp/project',
  sessionId: 'sess',
  version: '2.1.332',
}); // 3
rootAfterParts.result('toolu_R1', 'a.txt', { parent: 'r-b' }); // 4
rootAfterParts.assistant([toolUse('toolu_R2')], { id: 'msg_r', uuid: 'r-c', parent: 'r-b' }); // 5
rootAfterParts.result('toolu_R2', 'Mon', { parent: 'r-c' }); // 6

// Found by the fuzzer: the walk ends at the last part of a split response (its parent is null), and Claude Code
// sends the earlier parts (lines 2-3) first, so the request starts with the assistant although the prompt above
// them is in the file. The part is linked to the part sent before it: the prompt is sent again, nothing invented.
const lostPartLink = transcript();
lostPartLink.user('list the files and show the date'); // 1
lostPartLink.assistant([text('Running both.')], { id: 'msg_s' }); // 2
const lp3 = lostPartLink.assistant([toolUse('toolu_1')], { id: 'msg_s' }); // 3
lostPartLink.result('toolu_1', 'a.txt', { parent: lp3 }); // 4
lostPartLink.assistant([toolUse('toolu_2')], { id: 'msg_s', parent: null }); // 5
lostPartLink.result('toolu_2', 'Mon'); // 6
lostPartLink.assistant([text('Two files; Monday.')]); // 7

// Found by the fuzzer: the walk reaches the last part (line 4) through a loop that runs over a bridge (the first part
// dangles and is bridged to the attachment, which hangs off the last part's result), and stops there: the part the
// last one hangs off was already walked. Linking it to the earlier part would change nothing (it is its parent), so
// the new root goes above it, above the response's first part in the file.
const loopOverBridge = transcript();
loopOverBridge.attachment({ type: 'date' }, { parent: 'r3' }); // 1
const lb1 = loopOverBridge.assistant([toolUse('toolu_1')], { id: 'msg_m', parent: 'missing' }); // 2
const lb2 = loopOverBridge.assistant([toolUse('toolu_2')], { id: 'msg_m' }); // 3
const lb3 = loopOverBridge.assistant([toolUse('toolu_3')], { id: 'msg_m' }); // 4
loopOverBridge.result('toolu_1', 'one', { parent: lb1 }); // 5
loopOverBridge.result('toolu_3', 'three', { parent: lb3, uuid: 'r3' }); // 6
loopOverBridge.result('toolu_2', 'two', { parent: lb2 }); // 7
loopOverBridge.assistant([text('All done.')]); // 8

// Lines deleted by hand (issue 35): the answer's parent was in the block, and the entry before the block is over the
// 5 s Claude Code bridges, so the request starts with the answer. parent-exists re-links it to that entry (unsafe),
// which sends the earlier turns again; a new root would only make the request valid, so this rule writes none.
const deletedBlock = transcript();
deletedBlock.user('round one'); // 1
deletedBlock.assistant([text('one')]); // 2
deletedBlock.assistant([text('two')], { parent: 'deleted-by-hand', extra: { timestamp: '2026-11-01T12:05:00.000Z' } }); // 3

runRuleTests(rule, {
  valid: [
    { name: 'a prompt first', text: plain.toString() },
    { name: 'attachments between prompt and answer', text: attachments.toString() },
    { name: 'compaction: the summary comes first', text: compacted.toString() },
    { name: 'a system message before the first prompt', text: systemFirst.toString() },
    { name: 'a bridged first assistant after a system attachment', text: bridged.toString() },
    { name: 'a prompt first (api target)', text: plain.toString(), target: 'api' },
    { name: 'an empty file', text: '' },
  ],
  invalid: [
    {
      name: 'the chain root is an assistant entry',
      text: root.toString(),
      errors: [{ messageId: 'root', line: 1, severity: 'error' }],
      output: rootedAt(root.lines, 1),
    },
    {
      name: 'the first entry has a parent missing from the file',
      text: missing.toString(),
      errors: [
        { messageId: 'missingParent', line: 1, messageIncludes: 'its parent not-in-this-file is not in the file' },
      ],
      // The new root replaces the dangling parent.
      output: rootedAt(missing.lines, 1),
    },
    {
      name: 'a virtual first prompt',
      text: virtualPrompt.toString(),
      errors: [{ messageId: 'nothingSent', line: 2 }],
      output: rootedAt(virtualPrompt.lines, 1),
    },
    {
      name: 'a compact boundary without a summary',
      text: noSummary.toString(),
      errors: [{ messageId: 'nothingSent', line: 3 }],
      // The walk stops at the boundary whatever its parent is: the entry goes right below it.
      output: file([
        ...noSummary.lines.slice(0, 2),
        missingHistory(noSummary.lines[1]!, true),
        relinked(noSummary.lines[2]!, newUuid(noSummary.lines[1]!)),
      ]),
    },
    {
      name: 'api target: also an error',
      text: root.toString(),
      target: 'api',
      errors: [{ messageId: 'root', line: 1, severity: 'error' }],
      output: rootedAt(root.lines, 1),
    },
    {
      name: 'no second copy of the entry the fix already wrote',
      text: already.toString(),
      errors: [{ messageId: 'root', line: 1 }],
      output: null,
    },
    {
      name: 'a compact summary Claude Code cannot read: the entry goes below the summary',
      text: unreadableSummary.toString(),
      errors: [{ messageId: 'nothingSent', line: 3 }],
      output: file([
        ...unreadableSummary.lines.slice(0, 2),
        missingHistory(unreadableSummary.lines[1]!, true),
        relinked(unreadableSummary.lines[2]!, newUuid(unreadableSummary.lines[1]!)),
      ]),
    },
    {
      name: 'a root after two parts of its response: the new root goes above the parts',
      text: rootAfterParts.toString(),
      errors: [{ messageId: 'nothingSent', line: 1 }],
      output: file([
        missingHistory(rootAfterParts.lines[2]!),
        ...rootAfterParts.lines.slice(0, 2),
        relinked(rootAfterParts.lines[2]!, newUuid(rootAfterParts.lines[2]!)),
        ...rootAfterParts.lines.slice(3),
      ]),
    },
    {
      // The parts off the walk are sent after the one on it (recordings 15o, 15r): the request starts with line 5.
      name: 'the walk ends at a later part of a split response: it is linked to the earlier part',
      text: lostPartLink.toString(),
      errors: [{ messageId: 'root', line: 5 }],
      output: file([
        ...lostPartLink.lines.slice(0, 4),
        JSON.stringify({
          ...parsed(lostPartLink.lines[4]!),
          parentUuid: lp3,
          transcriptLint: { rule: 'first-message-user', originalParentUuid: null },
        }),
        ...lostPartLink.lines.slice(5),
      ]),
    },
    {
      name: 'a loop over a bridge ends the walk at a later part: a new root above the response',
      text: loopOverBridge.toString(),
      errors: [{ messageId: 'missingParent', line: 2 }],
      output: file([
        loopOverBridge.lines[0]!,
        missingHistory(loopOverBridge.lines[3]!),
        ...loopOverBridge.lines.slice(1, 3),
        relinked(loopOverBridge.lines[3]!, newUuid(loopOverBridge.lines[3]!)),
        ...loopOverBridge.lines.slice(4),
      ]),
    },
    {
      name: 'a block of lines deleted by hand: the root is left to parent-exists to re-link',
      text: deletedBlock.toString(),
      errors: [{ messageId: 'missingParent', line: 3 }],
      output: null,
    },
  ],
});

describe('first-message-user details', () => {
  it('quotes the API error', () => {
    const { result } = lintWith(rule, root.toString());
    expect(result.diagnostics[0]!.message).toContain('400 "first message must use the user role"');
  });

  it('relates the chain root when entries before the assistant send nothing', () => {
    const { result } = lintWith(rule, noSummary.toString());
    expect(result.diagnostics[0]!.related).toEqual([{ line: 2, message: 'the chain starts here' }]);
  });

  // The two claude-code-log fixtures the strict API rejected on resume (oracle-expected.json: 6 requests, rc 1).
  const corpus = fileURLToPath(new URL('../../../shared/corpus/claude-code-log/test/test_data', import.meta.url));
  it.skipIf(!existsSync(corpus))('explains the claude-code-log fixtures Claude Code could not resume', () => {
    for (const [file, line, parent, newRoot] of [
      // Entries of the session come before it in the file: parent-exists' re-link (unsafe) is the fix, not a new root.
      ['edge_cases.jsonl', 17, 'assistant_003', false],
      ['sidechain_integrated.jsonl', 1, '8ae40e91-fa63-40a9-969d-70c0c1d6175e', true],
    ] as const) {
      const text = readFileSync(`${corpus}/${file}`, 'utf8');
      const { result } = lintWith(rule, text);
      expect(
        result.diagnostics.map((d) => [d.messageId, d.line]),
        file,
      ).toEqual([['missingParent', line]]);
      expect(result.diagnostics[0]!.message).toContain(parent);
      const fixed = fixBytes(file, new TextEncoder().encode(text), { rules: [rule], target: 'claude-code' });
      expect(fixed.status, file).toBe(newRoot ? 'fixed' : 'unchanged');
      if (!newRoot) continue;
      // --fix gives it a first user message.
      expect(fixed.final.result.diagnostics, file).toEqual([]);
      expect(
        (fixed.final.model as TranscriptModel).apiView().messages.find((m) => m.role !== 'system')?.role,
        file,
      ).toBe('user');
    }
  });
});
