import { describe, expect, it } from 'vitest';
import rule from '../../rules/parent-exists.js';
import { fixed, text, toolUse, transcript, uuidAt } from '../helpers/build.js';
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

const promptGone = transcript();
promptGone.user('round one'); // 1
promptGone.assistant([text('one')]); // 2
promptGone.user('round two', { parent: GONE }); // 3
promptGone.assistant([text('two')]); // 4

const attachmentGone = transcript();
attachmentGone.user('go'); // 1
attachmentGone.assistant([text('ok')]); // 2
attachmentGone.attachment({ type: 'date' }, { parent: GONE }); // 3
attachmentGone.assistant([text('more')]); // 4

const firstGone = transcript();
firstGone.assistant([toolUse('toolu_X')], { parent: GONE }); // 1: the file starts mid-conversation
firstGone.result('toolu_X'); // 2

const olderGone = transcript();
olderGone.user('go'); // 1
olderGone.assistant([text('ok')]); // 2
olderGone.assistant([text('old')], { parent: GONE, extra: { timestamp: '2020-01-01T00:00:00.000Z' } }); // 3

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
  timestamp: '2026-11-01T12:00:09.000Z',
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
    { name: 'off for the api target', target: 'api', text: promptGone.toString() },
  ],
  invalid: [
    {
      name: 'a user prompt whose parent is gone: history starts there (error)',
      text: promptGone.toString(),
      errors: [{ messageId: 'prompt', line: 3, severity: 'error', messageIncludes: GONE }],
      output: null,
      unsafeOutput: fixed(promptGone.toString(), { 3: (e) => void (e.parentUuid = uuidAt(promptGone.toString(), 2)) }),
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
      errors: [{ messageId: 'root', line: 1, severity: 'warn' }],
      // Nothing earlier to re-link to: no fix.
      output: null,
    },
    {
      name: 'an entry older than everything before it cannot be bridged',
      text: olderGone.toString(),
      errors: [{ messageId: 'root', line: 3, severity: 'warn' }],
      output: null,
      unsafeOutput: fixed(olderGone.toString(), { 3: (e) => void (e.parentUuid = uuidAt(olderGone.toString(), 2)) }),
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
