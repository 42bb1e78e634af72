import { describe, expect, it } from 'vitest';
import rule from '../../rules/resume-branch.js';
import { text, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

// 2.1.332 parallel calls: parts chained, each result off its own part, the next entry off the last result written.
const parallel = transcript();
parallel.user('run three'); // 1
parallel.attachment({ type: 'environment' }, { rendered: ['env'] }); // 2
parallel.assistant([text('Running.')], { id: 'msg_p' }); // 3
const p1 = parallel.assistant([toolUse('toolu_1')], { id: 'msg_p' }); // 4
const p2 = parallel.assistant([toolUse('toolu_2')], { id: 'msg_p' }); // 5
const p3 = parallel.assistant([toolUse('toolu_3')], { id: 'msg_p' }); // 6
parallel.lastPrompt(p3); // 7: written before the results, naming the last tool_use part
parallel.result('toolu_1', 'one', { parent: p1 }); // 8
parallel.result('toolu_3', 'three', { parent: p3 }); // 9
const r2 = parallel.result('toolu_2', 'two', { parent: p2 }); // 10
parallel.attachment({ type: 'prompt_snapshot' }, { parent: r2 }); // 11
const parallelMidTurn = parallel.toString();
parallel.assistant([text('All done.')]); // 12
parallel.lastPrompt(); // 13

// The session crashed after the results; the last last-prompt still names the last part, and the last result written
// hangs off another part (so the newest tip's chain does not pass through the named entry).
const crashed = transcript();
crashed.user('run two'); // 1
const c1 = crashed.assistant([toolUse('toolu_1')], { id: 'msg_c' }); // 2
const c2 = crashed.assistant([toolUse('toolu_2')], { id: 'msg_c' }); // 3
crashed.lastPrompt(c2); // 4
crashed.result('toolu_2', 'two', { parent: c2 }); // 5
crashed.result('toolu_1', 'one', { parent: c1 }); // 6

// Compaction: the old tail stays in the file (a tip before the boundary).
const compacted = transcript();
compacted.user('round one');
compacted.assistant([text('one')]);
compacted.compactBoundary();
compacted.compactSummary();
compacted.user('round two');
compacted.assistant([text('two')]);
compacted.lastPrompt();

// A rewind: the abandoned branch comes first in the file, the new one later and named by last-prompt.
const rewound = transcript();
rewound.user('start'); // 1
const a1 = rewound.assistant([text('a1')]); // 2
rewound.user('first try'); // 3
rewound.assistant([text('abandoned')]); // 4
rewound.from(a1);
rewound.user('second try'); // 5
rewound.assistant([text('kept')]); // 6
rewound.lastPrompt(); // 7

// Hook progress and a stop-hook summary hanging off the last assistant after the last-prompt was written.
const hooks = transcript();
hooks.user('go'); // 1
const last = hooks.assistant([text('done')]); // 2
hooks.lastPrompt(last); // 3
hooks.raw({ type: 'progress', uuid: 'pr-1', parentUuid: last, data: { type: 'hook_progress' } }); // 4
hooks.raw({ type: 'system', subtype: 'stop_hook_summary', uuid: 'st-1', parentUuid: 'pr-1' }); // 5

// An attachment written off an earlier entry of the resumed chain, after the leaf.
const sideAttachment = transcript();
const prompt = sideAttachment.user('go'); // 1
sideAttachment.assistant([text('done')]); // 2
sideAttachment.lastPrompt(); // 3
sideAttachment.attachment({ type: 'date' }, { parent: prompt }); // 4

// The last-prompt names an ancestor of the newest tip: Claude Code resumes that tip (checked with the oracle).
const ancestor = transcript();
const first = ancestor.user('round one'); // 1
ancestor.assistant([text('one')]); // 2
ancestor.lastPrompt(first); // 3
ancestor.user('round two'); // 4
ancestor.assistant([text('two')]); // 5

// Sidechain entries of the main file do not make a fork.
const withSidechain = transcript();
withSidechain.user('go'); // 1
const done = withSidechain.assistant([text('done')]); // 2
withSidechain.lastPrompt(done); // 3
withSidechain.user('sub', { parent: null, extra: { isSidechain: true } }); // 4
withSidechain.assistant([text('sub done')], { extra: { isSidechain: true } }); // 5

// A real fork: the last-prompt names the older branch, a newer branch is appended after it.
const fork = transcript();
fork.user('start'); // 1
const fa = fork.assistant([text('a')]); // 2
fork.user('branch one'); // 3
const oldTip = fork.assistant([text('one')]); // 4
fork.from(fa);
fork.user('branch two'); // 5
fork.assistant([text('two')]); // 6
fork.lastPrompt(oldTip); // 7

// The last-prompt names a fork point; the newest tip is on another branch (checked with the oracle: resume starts at
// the named entry itself and drops both what hangs below it and the newer branch).
const forkPoint = transcript();
forkPoint.user('start'); // 1
const fb = forkPoint.assistant([text('a')]); // 2
const named = forkPoint.user('round two'); // 3
forkPoint.assistant([text('two')]); // 4
forkPoint.from(fb);
forkPoint.user('other'); // 5
forkPoint.assistant([text('other')]); // 6
forkPoint.lastPrompt(named); // 7

// Two resumes at once: after line 2 terminal A's turn (lines 3, 5) and terminal B's (line 4, and two replies on
// lines 6-7 that share it as their stem) interleave; the last-prompt names A's reply.
const twoResumes = transcript();
twoResumes.user('start'); // 1
const forkAt = twoResumes.assistant([text('a')]); // 2
const inA = twoResumes.user('terminal A', { parent: forkAt }); // 3
const inB = twoResumes.user('terminal B', { parent: forkAt }); // 4
const replyA = twoResumes.assistant([text('A reply')], { parent: inA }); // 5
twoResumes.assistant([text('B reply one')], { parent: inB }); // 6
twoResumes.assistant([text('B reply two')], { parent: inB }); // 7
twoResumes.lastPrompt(replyA); // 8

runRuleTests(rule, {
  valid: [
    {
      name: 'parallel calls, a last-prompt naming the last part, results in completion order',
      text: parallel.toString(),
    },
    { name: 'mid-turn: last-prompt names the last part and results plus an attachment follow', text: parallelMidTurn },
    { name: 'crash after the results: the last result hangs off another part', text: crashed.toString() },
    { name: 'a compaction leaves the old tail behind', text: compacted.toString() },
    { name: 'a rewind whose new branch is resumed', text: rewound.toString() },
    { name: 'hook progress and a stop-hook summary after the leaf', text: hooks.toString() },
    { name: 'an attachment hanging off an earlier entry of the resumed chain', text: sideAttachment.toString() },
    { name: 'a last-prompt naming an ancestor of the newest tip', text: ancestor.toString() },
    { name: 'sidechain entries after the leaf', text: withSidechain.toString() },
    {
      name: 'no last-prompt: resume takes the newest tip',
      text: fork.toString().split('\n').slice(0, 6).join('\n') + '\n',
    },
    { name: 'off for the api target', target: 'api', text: fork.toString() },
  ],
  invalid: [
    {
      name: 'the last-prompt names the older branch of a fork',
      text: fork.toString(),
      errors: [
        {
          messageId: 'olderBranch',
          line: 4,
          severity: 'warn',
          messageIncludes: 'not the branch that ends later in the file, at line 6,',
        },
      ],
    },
    {
      name: 'two resumes wrote at once, the other one branching again',
      text: twoResumes.toString(),
      errors: [
        {
          messageId: 'concurrentBranch',
          line: 5,
          messageIncludes:
            "after line 2 their lines interleave. Resume continues the branch ending here, named by the last `last-prompt` (line 8); the other resume's turns, ending at line 7,",
        },
      ],
    },
    {
      name: 'the last-prompt names a fork point and a newer branch comes later',
      text: forkPoint.toString(),
      errors: [
        {
          messageId: 'olderBranch',
          line: 3,
          messageIncludes: 'not the branch that ends later in the file, at line 6,',
        },
      ],
    },
  ],
});

describe('resume-branch details', () => {
  it('lists the newer tip and the last-prompt as related', () => {
    const [d] = lintWith(rule, fork.toString()).result.diagnostics;
    expect(d?.related.map((r) => r.line)).toEqual([6, 7]);
    expect(d?.message).toContain('`last-prompt` on line 7');
  });
});
