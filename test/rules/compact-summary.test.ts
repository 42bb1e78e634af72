import { describe, expect, it } from 'vitest';
import rule from '../../rules/compact-summary.js';
import { text, transcript, uuidAt } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const GONE = 'ffffffff-0000-4000-8000-000000000000';

// What /compact writes: the boundary (null parent), the summary off it, the command entries, fresh attachments.
const compacted = transcript();
compacted.user('round one'); // 1
compacted.assistant([text('one')]); // 2
compacted.compactBoundary(); // 3
compacted.compactSummary(); // 4
compacted.user('<local-command-caveat>…</local-command-caveat>', { extra: { isMeta: true } }); // 5
compacted.user('<command-name>/compact</command-name>'); // 6
compacted.attachment({ type: 'environment' }); // 7
compacted.lastPrompt(); // 8

// Two compactions, each with its summary.
const twice = transcript();
twice.user('a');
twice.compactBoundary();
twice.compactSummary();
twice.user('b');
twice.compactBoundary();
twice.compactSummary();
twice.user('c');

const noSummary = transcript();
noSummary.user('round one'); // 1
noSummary.assistant([text('one')]); // 2
noSummary.compactBoundary(); // 3
noSummary.user('<command-name>/compact</command-name>', { extra: { isMeta: true } }); // 4

const boundaryGone = transcript();
boundaryGone.user('round one'); // 1
boundaryGone.assistant([text('one')]); // 2
boundaryGone.compactSummary('This session is being continued …', { parent: GONE }); // 3
boundaryGone.user('round two'); // 4

const wrongParent = transcript();
wrongParent.user('round one'); // 1
wrongParent.assistant([text('one')]); // 2
wrongParent.compactSummary(); // 3: hangs off the assistant on line 2

// What an automatic compaction at the start of a turn writes (recorded, Claude Code 2.1.332): the boundary, that
// turn's session_context and date attachments under it, and the summary under the last of them.
const atTurnStart = transcript();
atTurnStart.user('round one'); // 1
atTurnStart.assistant([text('one')]); // 2
atTurnStart.compactBoundary(); // 3
atTurnStart.attachment({ type: 'session_context' }); // 4
atTurnStart.attachment({ type: 'date' }); // 5
atTurnStart.compactSummary(); // 6
atTurnStart.user('round two'); // 7

// The same with the boundary deleted: the first attachment's parent dangles.
const attachedBoundaryGone = transcript();
attachedBoundaryGone.user('round one'); // 1
attachedBoundaryGone.assistant([text('one')]); // 2
attachedBoundaryGone.attachment({ type: 'session_context' }, { parent: GONE }); // 3
attachedBoundaryGone.attachment({ type: 'date' }); // 4
attachedBoundaryGone.compactSummary(); // 5

type Built = ReturnType<typeof transcript>;

/**
 * `t` with the boundary the unsafe fix brings back inserted before its line 3, as Claude Code writes one (recording
 * 13a), with the uuid the summary (on line `summaryLine`) names: the reply on line 2 is its logical parent and its
 * preserved segment.
 */
function withRestoredBoundary(t: Built, summaryLine: number): string {
  const text = t.toString();
  const reply = uuidAt(text, 2);
  const anchor = uuidAt(text, summaryLine);
  const boundary = {
    parentUuid: null,
    isSidechain: false,
    logicalParentUuid: reply,
    type: 'system',
    subtype: 'compact_boundary',
    content: 'Conversation compacted',
    isMeta: false,
    level: 'info',
    compactMetadata: {
      trigger: 'manual',
      preTokens: 0,
      preservedSegment: { headUuid: reply, anchorUuid: anchor, tailUuid: reply },
      preservedMessages: { anchorUuid: anchor, uuids: [reply], allUuids: [reply] },
    },
    uuid: GONE,
    timestamp: '2026-11-01T12:00:02.999Z',
    cwd: '/tmp/project',
    sessionId: '11111111-2222-4333-8444-555555555555',
    version: '2.1.332',
    transcriptLint: { rule: 'compact-summary', inserted: true },
  };
  return `${[...t.lines.slice(0, 2), JSON.stringify(boundary), ...t.lines.slice(2)].join('\n')}\n`;
}

runRuleTests(rule, {
  valid: [
    { name: 'a compaction as Claude Code writes it', text: compacted.toString() },
    {
      name: 'an automatic compaction at the start of a turn: the summary under its attachments, under the boundary',
      text: atTurnStart.toString(),
    },
    { name: 'two compactions, each with its summary', text: twice.toString() },
    {
      name: 'a summary that is a root (null parent) is not reported',
      text: (() => {
        const t = transcript();
        t.compactSummary('s', { parent: null });
        t.user('x');
        return t.toString();
      })(),
    },
    { name: 'off for the api target', target: 'api', text: noSummary.toString() },
  ],
  invalid: [
    {
      name: 'a boundary without its summary',
      text: noSummary.toString(),
      errors: [{ messageId: 'noSummary', line: 3, severity: 'warn' }],
      // What the summary said is not in the file: nothing to bring back.
      output: null,
    },
    {
      name: 'a summary whose boundary was deleted',
      text: boundaryGone.toString(),
      errors: [{ messageId: 'boundaryGone', line: 3, severity: 'warn', messageIncludes: 'names no entry in the file' }],
      output: null,
      // The boundary comes back as Claude Code writes one (recording 13a), with the uuid the summary names; the last
      // reply before it is its logical parent and its preserved segment.
      unsafeOutput: withRestoredBoundary(boundaryGone, 3),
    },
    {
      name: 'a summary under attachments whose boundary was deleted: it comes back before the attachments',
      text: attachedBoundaryGone.toString(),
      errors: [
        {
          messageId: 'boundaryGone',
          line: 5,
          messageIncludes: `${GONE} (through the attachment entries from line 3), which names no entry in the file`,
        },
      ],
      output: null,
      unsafeOutput: withRestoredBoundary(attachedBoundaryGone, 5),
    },
    {
      name: 'a summary hanging off an entry that is not a boundary',
      text: wrongParent.toString(),
      errors: [
        {
          messageId: 'boundaryGone',
          line: 3,
          messageIncludes: 'is not a compact boundary (line 2, an `assistant` entry)',
        },
      ],
      // The summary hangs off an entry that is there: which boundary it had cannot be told.
      output: null,
    },
  ],
});

describe('compact-summary details', () => {
  it('carries the boundary uuid', () => {
    const [d] = lintWith(rule, noSummary.toString()).result.diagnostics;
    expect(d?.uuid).toBe(JSON.parse(noSummary.lines[2]!).uuid);
  });

  it('lists the entry a misplaced summary hangs off', () => {
    const [d] = lintWith(rule, wrongParent.toString()).result.diagnostics;
    expect(d?.related.map((r) => r.line)).toEqual([2]);
  });
});
