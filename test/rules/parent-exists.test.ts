import { describe, expect, it } from 'vitest';
import rule from '../../rules/parent-exists.js';
import { exportRequest, fixBytes } from '../../src/index.js';
import { fixed, text, toolUse, transcript, uuidAt } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const GONE = 'ffffffff-0000-4000-8000-000000000000';

// Parallel parts with results hanging off their own part, a compaction (null boundary parent), a snip.
const clean = transcript();
clean.user('three');
clean.assistant([text('Running.')], { id: 'msg_p' });
const p1 = clean.assistant([toolUse('toolu_1')], { id: 'msg_p' });
const p2 = clean.assistant([toolUse('toolu_2')], { id: 'msg_p' });
clean.result('toolu_1', 'one', { parent: p1 });
const r2 = clean.result('toolu_2', 'two', { parent: p2 });
clean.assistant([text('Done.')], { parent: r2 });
clean.compactBoundary();
clean.compactSummary();
clean.user('next');

const snipped = transcript();
snipped.user('a');
snipped.raw({
  type: 'system',
  subtype: 'snip_boundary',
  uuid: 'snip-1',
  parentUuid: snipped.lastUuid,
  snipMetadata: { removedUuids: [GONE] },
});
snipped.from('snip-1');
snipped.assistant([text('b')], { parent: GONE });

// A subagent file: its root has a null parent.
const agent = transcript();
agent.user('task', { extra: { isSidechain: true, agentId: 'a1' } });
agent.assistant([text('report')], { extra: { isSidechain: true, agentId: 'a1' } });

// A compact summary whose boundary is gone is compact-summary's finding, not this rule's.
const summaryOnly = transcript();
summaryOnly.user('a');
summaryOnly.assistant([text('b')]);
summaryOnly.compactSummary('summary', { parent: GONE });

// The same above the attachments an automatic compaction writes between boundary and summary (recorded).
const attachedSummaryOnly = transcript();
attachedSummaryOnly.user('a');
attachedSummaryOnly.assistant([text('b')]);
attachedSummaryOnly.attachment({ type: 'session_context' }, { parent: GONE });
attachedSummaryOnly.attachment({ type: 'date' });
attachedSummaryOnly.compactSummary('summary');

// The builder writes an entry a second: a prompt typed a minute later is more than the 5 s Claude Code bridges.
const later = (s: string): { timestamp: string } => ({ timestamp: `2026-11-01T12:${s}.000Z` });
const promptGone = transcript();
promptGone.user('round one'); // 1
promptGone.assistant([text('one')]); // 2
promptGone.user('round two', { parent: GONE, extra: later('01:03') }); // 3
promptGone.assistant([text('two')], { extra: later('01:04') }); // 4

const promptGoneSoon = transcript();
promptGoneSoon.user('round one'); // 1
promptGoneSoon.assistant([text('one')]); // 2
promptGoneSoon.user('round two', { parent: GONE }); // 3: one second after line 2
promptGoneSoon.assistant([text('two')]); // 4

const resultGoneLate = transcript();
resultGoneLate.user('go'); // 1
const rgl = resultGoneLate.assistant([toolUse('toolu_1')]); // 2
resultGoneLate.result('toolu_1', 'ok', { parent: GONE, extra: later('00:30') }); // 3
resultGoneLate.assistant([text('done')], { extra: later('00:31') }); // 4
void rgl;

// A prompt behind a compaction: resume starts at the boundary and never walks it.
const behindBoundary = transcript();
behindBoundary.user('round one'); // 1
behindBoundary.assistant([text('one')]); // 2
behindBoundary.user('round two', { parent: GONE, extra: later('01:03') }); // 3
behindBoundary.assistant([text('two')], { extra: later('01:04') }); // 4
behindBoundary.compactBoundary({ extra: later('01:05') }); // 5
behindBoundary.compactSummary('summary', { extra: later('01:06') }); // 6
behindBoundary.user('round three', { extra: later('01:07') }); // 7

const attachmentGone = transcript();
attachmentGone.user('go'); // 1
attachmentGone.assistant([text('ok')]); // 2
attachmentGone.attachment({ type: 'date' }, { parent: GONE }); // 3
attachmentGone.assistant([text('more')]); // 4

const firstGone = transcript();
firstGone.assistant([toolUse('toolu_X')], { parent: GONE }); // 1: the file starts mid-conversation
firstGone.result('toolu_X'); // 2

const firstPrompt = transcript();
firstPrompt.user('and now the tests', { parent: GONE }); // 1: a prompt whose parent is not in the file
firstPrompt.assistant([text('ok')]); // 2

const olderGone = transcript();
olderGone.user('go'); // 1
olderGone.assistant([text('ok')]); // 2
olderGone.assistant([text('old')], { parent: GONE, extra: { timestamp: '2020-01-01T00:00:00.000Z' } }); // 3

const olderPrompt = transcript();
olderPrompt.user('go'); // 1
olderPrompt.assistant([text('ok')]); // 2
olderPrompt.user('and then', { parent: GONE, extra: { timestamp: '2020-01-01T00:00:00.000Z' } }); // 3

const sidechainGone = transcript();
sidechainGone.user('main'); // 1
sidechainGone.assistant([text('ok')]); // 2
sidechainGone.assistant([text('side')], { parent: GONE, extra: { isSidechain: true, agentId: 'a1' } }); // 3

// The system entry that lost its parent is written after the parts that hang below it (the fuzzer's shape): the
// nearest earlier entry (line 3) descends from it, and a link to it would close a loop, so the fix links to the
// nearest earlier entry that does not (line 1).
const belowIt = transcript();
belowIt.user('go'); // 1
const bi2 = belowIt.assistant([toolUse('toolu_1')], { id: 'msg_1', parent: 'w' }); // 2
belowIt.assistant([toolUse('toolu_2')], { id: 'msg_1', parent: bi2 }); // 3
belowIt.raw({
  type: 'system',
  subtype: 'informational',
  uuid: 'w',
  parentUuid: GONE,
  isSidechain: false,
  // Within 5 s of line 3, so Claude Code bridges it.
  timestamp: '2026-11-01T12:00:04.000Z',
}); // 4

runRuleTests(rule, {
  valid: [
    {
      name: 'parallel parts, results off their parts, a compaction with its null-parent boundary',
      text: clean.toString(),
    },
    { name: 'a parent removed by a snip boundary', text: snipped.toString() },
    { name: 'a subagent file with a null root', text: agent.toString() },
    { name: 'a compact summary without its boundary is left to compact-summary', text: summaryOnly.toString() },
    {
      name: 'so is the attachment a summary hangs under, when the boundary above it is gone',
      text: attachedSummaryOnly.toString(),
    },
    { name: 'off for the api target', target: 'api', text: promptGone.toString() },
  ],
  invalid: [
    {
      name: 'a user prompt whose parent is gone, a minute after the entry before it: history starts there (error)',
      text: promptGone.toString(),
      errors: [{ messageId: 'cut', line: 3, severity: 'error', messageIncludes: 'is 1 min 1 s older' }],
      output: null,
      unsafeOutput: fixed(promptGone.toString(), { 3: (e) => void (e.parentUuid = uuidAt(promptGone.toString(), 2)) }),
    },
    {
      name: 'a user prompt whose parent is gone, a second after the entry before it: bridged (warn)',
      text: promptGoneSoon.toString(),
      errors: [{ messageId: 'bridged', line: 3, severity: 'warn', messageIncludes: 'line 2 (1 s older' }],
      output: null,
      unsafeOutput: fixed(promptGoneSoon.toString(), {
        3: (e) => void (e.parentUuid = uuidAt(promptGoneSoon.toString(), 2)),
      }),
    },
    {
      name: 'a tool result whose parent is gone, long after the call: history starts there (error)',
      text: resultGoneLate.toString(),
      errors: [{ messageId: 'cut', line: 3, severity: 'error' }],
      output: null,
      unsafeOutput: fixed(resultGoneLate.toString(), {
        3: (e) => void (e.parentUuid = uuidAt(resultGoneLate.toString(), 2)),
      }),
    },
    {
      name: 'a prompt whose parent is gone behind the last compact boundary: no effect (warn)',
      text: behindBoundary.toString(),
      errors: [{ messageId: 'offChain', line: 3, severity: 'warn', messageIncludes: 'boundary on line 5' }],
      output: null,
      unsafeOutput: fixed(behindBoundary.toString(), {
        3: (e) => void (e.parentUuid = uuidAt(behindBoundary.toString(), 2)),
      }),
    },
    {
      name: 'an attachment whose parent is gone: bridged (warn)',
      text: attachmentGone.toString(),
      errors: [{ messageId: 'bridged', line: 3, severity: 'warn' }],
      output: null,
      unsafeOutput: fixed(attachmentGone.toString(), {
        3: (e) => void (e.parentUuid = uuidAt(attachmentGone.toString(), 2)),
      }),
    },
    {
      name: 'the first entry of the file names a missing parent',
      text: firstGone.toString(),
      errors: [{ messageId: 'fileStart', line: 1, severity: 'warn' }],
      // Nothing earlier to re-link to: no fix.
      output: null,
    },
    {
      // Claude Code 2.1.332 resumed the recorded multi.jsonl with its first prompt's parent renamed so: rc 0, all 13
      // messages sent, nothing rejected under MOCK_STRICT=1.
      name: 'the first prompt of the file names a missing parent: resume sends all the file holds (warn)',
      text: firstPrompt.toString(),
      errors: [{ messageId: 'fileStart', line: 1, severity: 'warn' }],
      output: null,
      // Made the root it already is on resume, the uuid it named kept in the marker.
      unsafeOutput: fixed(firstPrompt.toString(), {
        1: (e) => {
          e.parentUuid = null;
          e.transcriptLint = { rule: 'parent-exists', originalParentUuid: GONE };
        },
      }),
    },
    {
      name: 'an entry older than everything before it cannot be bridged',
      text: olderGone.toString(),
      errors: [{ messageId: 'root', line: 3, severity: 'warn' }],
      output: null,
      unsafeOutput: fixed(olderGone.toString(), { 3: (e) => void (e.parentUuid = uuidAt(olderGone.toString(), 2)) }),
    },
    {
      name: 'a prompt older than everything before it: the history starts there, the turns before it not sent (error)',
      text: olderPrompt.toString(),
      errors: [{ messageId: 'root', line: 3, severity: 'error' }],
      output: null,
      unsafeOutput: fixed(olderPrompt.toString(), {
        3: (e) => void (e.parentUuid = uuidAt(olderPrompt.toString(), 2)),
      }),
    },
    {
      name: 'the nearest earlier entry hangs below the entry: the re-link skips it (no loop)',
      text: belowIt.toString(),
      errors: [{ messageId: 'bridged', line: 4, severity: 'warn' }],
      output: null,
      unsafeOutput: fixed(belowIt.toString(), { 4: (e) => void (e.parentUuid = uuidAt(belowIt.toString(), 1)) }),
    },
    {
      name: 'a sidechain entry whose parent is gone (warn)',
      text: sidechainGone.toString(),
      errors: [{ messageId: 'sidechain', line: 3, severity: 'warn' }],
      // The sidechain has no earlier entry of its own: no fix.
      output: null,
    },
  ],
});

describe('parent-exists details', () => {
  it('lists the nearest earlier entry of the same chain as the re-link target', () => {
    const [d] = lintWith(rule, attachmentGone.toString()).result.diagnostics;
    expect(d?.related.map((r) => r.line)).toEqual([2]);
    expect(d?.pointer).toBe('/parentUuid');
  });

  it('a sidechain entry is re-linked within its own chain', () => {
    const [d] = lintWith(rule, sidechainGone.toString()).result.diagnostics;
    expect(d?.related).toEqual([]);
  });
});

// Issue 14, item A1, on sessions the real Claude Code 2.1.332 recorded (fixtures/sessions/claude-code/recorded): what it sent
// when it resumed each file, and what the rule says of it.
describe('parent-exists on the recorded items (A1)', () => {
  const cases: [string, string, 'error' | 'warn', number][] = [
    ['01a', 'bridged', 'warn', 174], // 0.5 s after its parent: bridged, the request = baseline
    ['01b', 'offChain', 'warn', 80], // between the two compactions: no effect
    ['01c', 'offChain', 'warn', 43], // before both compactions: no effect
    ['01d', 'bridged', 'warn', 50], // no compaction, 0.5 s: the full history
    ['01e', 'bridged', 'warn', 135], // bridged past the post-compact attachments (older timestamps)
    ['01f', 'cut', 'error', 37], // corpus multi: 5.4 s, the history starts at the prompt
    ['01g', 'cut', 'error', 50], // +10 s
    ['01j-probe-think-dangling-prompt-gap-5.0s', 'bridged', 'warn', 50],
    ['01j-probe-think-dangling-prompt-gap-5.5s', 'cut', 'error', 50],
    ['01k', 'cut', 'error', 174], // a minute later, after the last compaction: summary and tail lost
    ['01l', 'cut', 'error', 135],
  ];
  for (const [name, messageId, severity, line] of cases) {
    it(`${name}: ${messageId} (${severity}) on line ${line}`, () => {
      const item = recordedItem(name);
      const ds = lintWith(rule, itemText(item)).result.diagnostics;
      expect(ds.map((d) => [d.messageId, d.severity, d.line])).toEqual([[messageId, severity, line]]);
      // Where the rule says the history is cut, Claude Code sent no summary and nothing before the entry.
      if (messageId === 'cut' && name.startsWith('01k'))
        expect(item.claude.normal?.history?.join('\n')).not.toContain('This session is being continued');
    });
  }

  it('01k: the unsafe fix re-links the prompt to line 168, and the summary and preserved tail are sent again', () => {
    const text = itemText(recordedItem('01k'));
    const out = fixBytes('t.jsonl', new TextEncoder().encode(text), { rules: [rule], unsafe: true });
    const after = new TextDecoder().decode(out.output).split('\n');
    expect(JSON.parse(after[173]!).parentUuid).toBe(JSON.parse(after[167]!).uuid);
    expect(lintWith(rule, new TextDecoder().decode(out.output)).result.diagnostics).toEqual([]);
  });
});

// Claude Code deletes the entries before the last compact boundary with a preserved segment, except the preserved
// ones, so a dangling parent after the compaction is never bridged to them. Recorded with 2.1.332 (issue 35: the
// corpus session compact.jsonl, its `<local-command-stdout>` entry after the boundary given a parent no entry has and
// a timestamp 37 ms after the last pre-compaction tool result): Claude Code started the history at that entry; it
// did not bridge to the tool result and send the compacted turns.
describe('parent-exists after a compaction with a preserved segment', () => {
  const t = transcript();
  t.user('one'); // 1
  t.assistant([text('a')]); // 2
  t.user('two'); // 3, deleted by Claude Code on load
  const tail = t.assistant([text('b')]); // 4, the preserved tail
  const summaryUuid = 'a0000000-0000-4000-8000-00000000000a';
  t.compactBoundary({
    extra: {
      compactMetadata: {
        trigger: 'manual',
        preTokens: 10,
        preservedSegment: { headUuid: tail, anchorUuid: summaryUuid, tailUuid: tail },
      },
    },
  }); // 5
  t.compactSummary(undefined, { uuid: summaryUuid }); // 6
  const twoAt = Date.parse(JSON.parse(t.lines[2]!).timestamp as string);
  t.user('three', { parent: GONE, extra: { timestamp: new Date(twoAt + 500).toISOString() } }); // 7
  t.assistant([text('c')]); // 8

  it('starts the history at the entry: nothing before the boundary can stand in for its parent', () => {
    const { result } = lintWith(rule, t.toString());
    expect(result.diagnostics.map((d) => [d.messageId, d.line])).toEqual([['root', 7]]);
    const sent = (exportRequest('t.jsonl', new TextEncoder().encode(t.toString())) as { messages: unknown[] }).messages;
    expect(sent).toEqual([
      { role: 'user', content: 'three' },
      { role: 'assistant', content: [{ type: 'text', text: 'c' }] },
    ]);
  });
});
