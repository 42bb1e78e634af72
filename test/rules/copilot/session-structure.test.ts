import path from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../../rules/copilot/session-structure.js';
import { copilotEvents } from '../../../src/formats/copilot-events/index.js';
import { derivedUuid } from '../../../src/fixer/chain-edits.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { line, recording } from './recorded.js';

const parallel = recording('parallel');
const multi = recording('multi-turn');
const edited = (r: ReturnType<typeof recording>, n: number, edit: (e: Record<string, any>) => void) => {
  const e = r.event(n);
  edit(e);
  return r.with(n, line(e));
};
const [first, second, ...rest] = parallel.lines as [string, string, ...string[]];
// Differential seed 78: thinking's first 13 lines, then another writer's lines (one-tool's last, parallel's last three)
// interleaved with thinking's lines 14-22. Copilot 1.0.102 resumed it under the strict stand-in and sent parallel's
// last answer inside this conversation.
const thinking = recording('thinking');
const oneTool = recording('one-tool');
const foreignMixed = `${[
  ...thinking.lines.slice(0, 13),
  oneTool.lines[13],
  parallel.lines[15],
  parallel.lines[16],
  thinking.lines[13],
  parallel.lines[17],
  ...thinking.lines.slice(14),
].join('\n')}\n`;
// A block deleted by hand (thinking's lines 5-7): the next event names a parent that is gone, and nothing crosses it.
const blockDeleted = `${[...thinking.lines.slice(0, 4), ...thinking.lines.slice(7)].join('\n')}\n`;
// Differential seed 19: resumed's first 12 lines, one-tool's session.shutdown (another writer's), resumed's last 3.
// Copilot 1.0.102 resumed it clean under the strict stand-in: a shutdown holds nothing it sends.
const resumed = recording('resumed');
const quietForeign = `${[...resumed.lines.slice(0, 12), oneTool.lines[13], ...resumed.lines.slice(12)].join('\n')}\n`;
// Differential seed 95: thinking with its lines 7-12 deleted, and unicode-sep's lines 5-14 (another writer's)
// interleaved from line 12. Copilot 1.0.102 sent unicode-sep's answers and tool call as part of this session. This
// session's own events after the gap start a chain too, and line 15 reaches back across unicode-sep's.
const unicode = recording('unicode-sep');
const t = (n: number) => thinking.lines[n - 1]!;
const u = (n: number) => unicode.lines[n - 1]!;
const gapThenForeign = `${[
  ...[1, 2, 3, 4, 5, 6, 13, 14, 15, 16, 17].map(t),
  u(5),
  u(6),
  u(7),
  t(18),
  u(8),
  t(19),
  u(9),
  t(20),
  t(21),
  ...[10, 11, 12, 13, 14].map(u),
].join('\n')}\n`;
// Differential seed 124, what the fix left: plain, then interrupted-resumed's lines 5-7 (its usage record, answer and
// call) with no event of plain after them. Copilot 1.0.102 sent that answer and call as plain's.
const plain = recording('plain');
const interruptedResumed = recording('interrupted-resumed');
// Differential seed 83, after `split` moved multi-turn (appended) out: parallel's first 13 lines, resumed's lone answer
// and turn end (another writer's, 09:41:15), parallel's lines 15-16 (its line 14 deleted, 09:40:36), resumed's
// shutdown, parallel's last two. Copilot 1.0.102 sent resumed's answer "ok" inside parallel's conversation.
const p = (n: number) => parallel.lines[n - 1]!;
const r = (n: number) => resumed.lines[n - 1]!;
const overtaken = `${[...parallel.lines.slice(0, 13), r(13), r(14), p(15), p(16), r(15), p(17), p(18)].join('\n')}\n`;
const namedAtEnd = `${[...plain.lines, ...interruptedResumed.lines.slice(4, 7)].join('\n')}\n`;
const FOLDER = thinking.event(1).data.sessionId as string;
const FILE = `/home/u/.copilot/session-state/${FOLDER}/events.jsonl`;
const blockDeletedRelinked = `${[
  ...thinking.lines.slice(0, 4),
  thinking.lines[7]!.replace(`"parentId":"${thinking.event(8).parentId}"`, `"parentId":"${thinking.event(4).id}"`),
  ...thinking.lines.slice(8),
].join('\n')}\n`;

runRuleTests(rule, {
  valid: [
    { name: 'a recorded session', text: parallel.text },
    { name: 'a session resumed twice', text: multi.text },
    { name: 'a subagent interleaved with the main chain', text: recording('subagent').text },
    {
      name: 'a crash resumed: session.resume without a shutdown before it',
      text: recording('interrupted-resumed').text,
    },
    { name: 'a crash: no shutdown at the end', text: recording('interrupted').text },
  ],
  invalid: [
    {
      name: 'an empty events.jsonl',
      text: '',
      inputFormat: 'copilot-events',
      errors: [{ messageId: 'noEvents', line: 1, severity: 'error' }],
      output: null,
    },
    {
      name: 'session.start after the prompt: moved back, both lines kept byte for byte',
      text: [second, first, ...rest, ''].join('\n'),
      errors: [{ messageId: 'startNotFirst', line: 2, severity: 'warn' }],
      output: parallel.text,
    },
    {
      name: 'no session.start, and no folder to make one for',
      text: parallel.with(1),
      errors: [{ messageId: 'noStart', line: 1, severity: 'error' }],
      output: null,
    },
    {
      name: 'a second session.start',
      text: parallel.with(
        13,
        `${parallel.lines[12]}\n${line({ ...parallel.event(1), id: derivedUuid('start2'), parentId: parallel.event(13).id })}`,
      ),
      errors: [{ messageId: 'secondStart', line: 14, severity: 'warn' }],
      output: null,
    },
    {
      // Copilot 1.0.102 resumed this file as plain's session with both conversations in one request.
      name: "two sessions' events.jsonl joined into one",
      text: recording('plain').text + multi.text,
      errors: [{ messageId: 'otherSession', line: recording('plain').lines.length + 1, severity: 'error' }],
      output: null,
    },
    {
      name: 'a parentId naming no event',
      text: edited(parallel, 14, (e) => (e.parentId = 'ddeeadfc-24b9-526e-948b-8627604a79da')),
      errors: [{ messageId: 'danglingParent', line: 14, severity: 'warn' }],
      output: parallel.text,
    },
    {
      name: 'a block of lines deleted: the parent is gone, but no chain goes on across the gap (a warning)',
      text: blockDeleted,
      errors: [{ messageId: 'danglingParent', line: 5, severity: 'warn' }],
      output: blockDeletedRelinked,
    },
    {
      name: "another writer's events mixed in without their session.start (seed 78): an error where Copilot sends them",
      text: foreignMixed,
      errors: [
        // one-tool's session.shutdown alone: nothing Copilot sends.
        { messageId: 'foreignQuiet', line: 14, severity: 'warn', messageIncludes: 'line 17 names an event before it' },
        { messageId: 'foreignEvents', line: 15, severity: 'error', messageIncludes: 'the 2 events chained to it' },
      ],
      output: null,
    },
    {
      name: "another writer's session.shutdown alone (seed 19): Copilot sends nothing of it, a warning",
      text: quietForeign,
      errors: [
        {
          messageId: 'foreignQuiet',
          line: 13,
          severity: 'warn',
          messageIncludes: 'session.shutdown and nothing after it',
        },
      ],
      output: null,
    },
    {
      name: "another writer's events after a deleted block (seed 95): an error, and the gap relinked",
      text: gapThenForeign,
      errors: [
        { messageId: 'danglingParent', line: 7, severity: 'warn' },
        {
          messageId: 'foreignEvents',
          line: 12,
          severity: 'error',
          messageIncludes: 'line 15 names an event before it',
        },
      ],
      output: gapThenForeign.replace(t(13), t(13).replace(thinking.event(13).parentId, thinking.event(6).id)),
    },
    {
      name: "another writer's lone answer before this session's chain, written after it (seed 83): an error",
      text: overtaken,
      errors: [
        {
          messageId: 'foreignOvertaken',
          line: 14,
          severity: 'error',
          messageIncludes: `from line 16 on were written before it (${parallel.event(15).timestamp}, it ${resumed.event(13).timestamp})`,
        },
        { messageId: 'danglingParent', line: 16, severity: 'warn' },
      ],
      // The gap is relinked to this session's last event before it, not to the other writer's.
      output: overtaken.replace(p(15), p(15).replace(parallel.event(15).parentId, parallel.event(13).id)),
    },
    {
      name: "another session's answer and call at the end, its usage record naming it (seed 124): an error",
      text: namedAtEnd,
      errors: [
        {
          messageId: 'foreignNamed',
          line: plain.lines.length + 1,
          severity: 'error',
          messageIncludes: `written for session ${interruptedResumed.event(1).data.sessionId}`,
        },
      ],
      output: null,
    },
    {
      name: 'a parentId naming a later event',
      text: edited(parallel, 13, (e) => (e.parentId = parallel.event(16).id)),
      errors: [{ messageId: 'forwardParent', line: 13, messageIncludes: 'a later event (line 16)' }],
      output: parallel.text,
    },
    {
      name: 'a null parentId mid-file',
      text: edited(parallel, 14, (e) => (e.parentId = null)),
      errors: [{ messageId: 'nullParent', line: 14 }],
      output: parallel.text,
    },
    {
      name: 'a line twice',
      text: parallel.with(11, `${parallel.lines[10]}\n${parallel.lines[10]}`),
      errors: [{ messageId: 'duplicateLine', line: 12, severity: 'warn', messageIncludes: 'copy of line 11' }],
      output: parallel.text,
    },
    {
      // The fuzzer's case: each copy dropped by its own fix re-linked the second copy to its own id.
      name: 'two lines written twice, one after the other: both copies dropped in one fix',
      text: parallel.with(11, `${parallel.lines[10]}\n${parallel.lines[9]}\n${parallel.lines[10]}`),
      errors: [
        { messageId: 'duplicateLine', line: 12, severity: 'warn' },
        { messageId: 'duplicateLine', line: 13, severity: 'warn' },
      ],
      output: parallel.text,
    },
    {
      name: 'two events with one id',
      text: edited(parallel, 11, (e) => (e.id = parallel.event(10).id)).replace(
        `"parentId":"${parallel.event(11).id}"`,
        `"parentId":"${parallel.event(10).id}"`,
      ),
      errors: [{ messageId: 'duplicateId', line: 11, severity: 'warn' }],
      output: null,
      unsafeOutput: edited(parallel, 11, (e) => (e.id = derivedUuid('copilot', '', 'duplicate-id', '11'))).replace(
        `"parentId":"${parallel.event(11).id}"`,
        `"parentId":"${derivedUuid('copilot', '', 'duplicate-id', '11')}"`,
      ),
    },
    {
      // The id the fix derives for line 11 is already the file's (an earlier fix's, copied by hand): another one, or
      // the fix would change nothing and come back on every pass (review: "the fixes undo each other").
      name: 'two events with one id, the id the fix would derive',
      text: edited(parallel, 11, (e) => (e.id = parallel.event(10).id))
        .replace(`"parentId":"${parallel.event(11).id}"`, `"parentId":"${parallel.event(10).id}"`)
        .replaceAll(parallel.event(10).id, derivedUuid('copilot', '', 'duplicate-id', '11')),
      errors: [{ messageId: 'duplicateId', line: 11, severity: 'warn' }],
      output: null,
      unsafeOutput: edited(parallel, 11, (e) => (e.id = derivedUuid('copilot', '', 'duplicate-id', '11', '1')))
        .replace(
          `"parentId":"${parallel.event(11).id}"`,
          `"parentId":"${derivedUuid('copilot', '', 'duplicate-id', '11', '1')}"`,
        )
        .replaceAll(parallel.event(10).id, derivedUuid('copilot', '', 'duplicate-id', '11')),
    },
    {
      name: 'a turn after a shutdown with no session.resume',
      text: multi.with(15).replace(`"parentId":"${multi.event(15).id}"`, `"parentId":"${multi.event(14).id}"`),
      errors: [{ messageId: 'afterShutdown', line: 15, severity: 'warn', messageIncludes: 'user.message follows' }],
      output: null,
    },
  ],
});

describe('split: another writer’s events without their session.start', () => {
  const load = (text: string) =>
    copilotEvents.load(FILE, new TextEncoder().encode(text), {}) as Parameters<
      NonNullable<typeof copilotEvents.otherSessions>
    >[1];
  it('moves the chains seed 78 mixed in (lines 14, 15, 16 and 18) to a folder of their own', () => {
    const joined = copilotEvents.otherSessions!(FILE, load(foreignMixed));
    expect(joined?.own).toBe(FOLDER);
    expect(joined?.others.map((o) => [o.lines, path.basename(path.dirname(o.to))])).toEqual([
      [[14], oneTool.event(1).data.sessionId],
      [[15, 16, 18], parallel.event(1).data.sessionId],
    ]);
  });
  it("moves unicode-sep's lines of seed 95 out, not this session's after the deleted block", () => {
    const joined = copilotEvents.otherSessions!(FILE, load(gapThenForeign));
    expect(joined?.others.map((o) => o.lines)).toEqual([[12, 13, 14, 16, 18, 21, 22, 23, 24, 25]]);
  });
  it("moves seed 124's lines of interrupted-resumed to that session's folder", () => {
    const joined = copilotEvents.otherSessions!(FILE, load(namedAtEnd));
    const n = plain.lines.length;
    expect(joined?.others.map((o) => [o.lines, path.basename(path.dirname(o.to))])).toEqual([
      [[n + 1, n + 2, n + 3], interruptedResumed.event(1).data.sessionId],
    ]);
  });
  it("moves seed 83's lines of resumed out (lines 14, 15 and 18)", () => {
    const joined = copilotEvents.otherSessions!(FILE, load(overtaken));
    expect(joined?.others.map((o) => [o.lines, path.basename(path.dirname(o.to))])).toEqual([
      [[14, 15, 18], resumed.event(1).data.sessionId],
    ]);
  });
  it('moves nothing out of a file with a block deleted', () => {
    expect(copilotEvents.otherSessions!(FILE, load(blockDeleted))).toBeUndefined();
  });
});
