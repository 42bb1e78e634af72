import { describe, expect, it } from 'vitest';
import rule from '../../rules/last-prompt-leaf.js';
import { fixed, text, toolUse, transcript, uuidAt } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const session = (leaf: (t: ReturnType<typeof transcript>, tip: string) => string | null) => {
  const t = transcript();
  t.user('go'); // 1
  const tip = t.assistant([text('done')]); // 2
  t.lastPrompt(leaf(t, tip), 'go'); // 3
  return t.toString();
};
const missing = session(() => 'deadbeef-0000-4000-8000-000000000001');

// A subagent's own conversation mixed into the main file (recording "agent", item 09a), named by the last-prompt.
const mixed = (() => {
  const t = transcript();
  t.user('go'); // 1
  t.assistant([text('delegating')]); // 2
  const sub = t.user('sub task', { parent: null, extra: { isSidechain: true, agentId: 'a1' } }); // 3
  const subTip = t.assistant([text('sub done')], { parent: sub, extra: { isSidechain: true, agentId: 'a1' } }); // 4
  t.lastPrompt(subTip, 'go'); // 5
  return t.toString();
})();

// Item 08c: a fork appended last, with older timestamps, is where Claude Code resumes when the leaf is missing.
const forked = (() => {
  const t = transcript();
  const root = t.user('go'); // 1
  t.assistant([text('first')]); // 2
  t.from(root);
  t.assistant([text('fork')], { extra: { timestamp: '2020-01-01T00:00:00.000Z' } }); // 3
  t.lastPrompt('deadbeef-0000-4000-8000-000000000001', 'go'); // 4
  return t.toString();
})();

const retarget = (source: string, line: number, to: number) =>
  fixed(source, {
    [line]: (e) => {
      e.leafUuid = uuidAt(source, to);
    },
  });

// A restored copy of the file appended to it (differential harness seed 49's shape): the copy's lines 6-9 repeat
// lines 1-4, so the last last-prompt (line 8) names line 7, and the turn of line 5 hangs below the copy of line 4
// (the file's last row, which Claude Code resumes: it descends from the named entry).
const restored = (() => {
  const t = transcript();
  t.user('print a list'); // 1
  const answer = t.assistant([text('Printed.')]); // 2
  t.lastPrompt(answer, 'print a list'); // 3
  t.user('continue'); // 4
  t.assistant([text('Checking.')]); // 5
  const own = t.lines.slice(0, 4);
  return `${t.toString()}${own.join('\n')}\n`;
})();
const restoredLines = restored.trimEnd().split('\n');
// The same copy without its last-prompt line (seed 97's shape): line 3 names line 2, the file's last row (line 8)
// repeats line 4 and descends from it, so Claude Code resumes line 8 and line 5 is not sent.
const restoredNoPrompt = [...restoredLines.slice(0, 7), restoredLines[8]].join('\n') + '\n';
// The copy of lines 1-2 only: the last row (line 7) repeats line 2, which the last-prompt names; line 5 is lost.
const restoredShort = [...restoredLines.slice(0, 7)].join('\n') + '\n';
// Each fix names the newest turn (line 5) in the last last-prompt.
const namedNewest = (source: string, line: number) => retarget(source, line, 5);
// A copy without any last-prompt: Claude Code resumes the newest descendant of the last row, nothing is lost.
const restoredNoneNamed = restoredNoPrompt
  .split('\n')
  .filter((l) => !l.includes('"last-prompt"'))
  .join('\n');

// Another writer's line after the session's last turn (differential harness seed 124's shape): the last-prompt
// (line 3) names line 2, the turn of lines 4-5 hangs below it, and the file's last row (line 6) is another session's
// root, which does not descend from line 2: Claude Code resumes line 2 and lines 4-5 are not sent.
const laterWriter = (() => {
  const t = transcript();
  t.user('search'); // 1
  const found = t.assistant([text('Found one page.')]); // 2
  t.lastPrompt(found, 'search'); // 3
  t.user('thanks'); // 4
  t.assistant([text('You are welcome.')]); // 5
  t.user('hello', { parent: null, extra: { sessionId: '9911677b-61b2-43a6-81f7-a633b2b37f4b' } }); // 6
  return t.toString();
})();

// Parallel calls whose results hang off their own parts (differential harness seed 149): the last-prompt names the
// second call (line 3), the result of the first call (line 6) is the last row and not below it, and the result of
// the second (line 5) is below it; Claude Code regroups both results into the response, so nothing is lost.
const parallelResults = (() => {
  const t = transcript();
  t.user('run two'); // 1
  const first = t.assistant([toolUse('toolu_K1')], { id: 'msg_K' }); // 2
  const second = t.assistant([toolUse('toolu_K2')], { id: 'msg_K' }); // 3
  t.lastPrompt(second, 'run two'); // 4
  t.result('toolu_K2', 'ok', { parent: second }); // 5
  t.result('toolu_K1', 'ok', { parent: first }); // 6
  return t.toString();
})();

runRuleTests(rule, {
  valid: [
    { name: 'a restored copy in a file without last-prompt', text: restoredNoneNamed },
    {
      name: 'parallel results below the named part, the other result last: regrouped, nothing lost',
      text: parallelResults,
    },
    { name: 'the last-prompt names the tip', text: session((_t, tip) => tip) },
    {
      name: 'no last-prompt',
      text: (() => {
        const t = transcript();
        t.user('go');
        t.assistant([text('done')]);
        return t.toString();
      })(),
    },
    { name: 'api target: off', text: missing, target: 'api' },
  ],
  invalid: [
    {
      name: 'a restored copy repeats the last-prompt: resume goes back to the named entry, the later turn is lost',
      text: restored,
      errors: [{ messageId: 'restored', line: 8, severity: 'error', messageIncludes: 'repeats line 3' }],
      output: null,
      unsafeOutput: namedNewest(restored, 8),
    },
    {
      name: "a restored copy's rows below the named entry end the file: the later turn is lost",
      text: restoredNoPrompt,
      errors: [{ messageId: 'restoredRows', line: 3, severity: 'error', messageIncludes: '(line 8) repeats line 4' }],
      output: null,
      unsafeOutput: namedNewest(restoredNoPrompt, 3),
    },
    {
      name: 'a restored copy ends on the named entry: the later turn is lost',
      text: restoredShort,
      errors: [{ messageId: 'restoredRows', line: 3, severity: 'error', messageIncludes: '(line 7) repeats line 2' }],
      output: null,
      unsafeOutput: namedNewest(restoredShort, 3),
    },
    {
      name: "another writer's row ends the file: the turn below the named entry is lost",
      text: laterWriter,
      errors: [{ messageId: 'laterTurns', line: 3, severity: 'error', messageIncludes: '(line 6) does not descend' }],
      output: null,
      unsafeOutput: retarget(laterWriter, 3, 5),
    },
    {
      name: 'a leaf no entry has (item 08a): warn, named the tip Claude Code resumes',
      text: missing,
      errors: [{ messageId: 'missing', line: 3, severity: 'warn', messageIncludes: 'line 2' }],
      output: retarget(missing, 3, 2),
    },
    {
      name: 'a missing leaf in a file with no other entry: no tip to name, nothing to fix',
      text: '{"type":"last-prompt","lastPrompt":"go","leafUuid":"deadbeef-0000-4000-8000-000000000001"}\n{"type":"user","mess\n',
      errors: [
        {
          messageId: 'missingNoTip',
          line: 1,
          severity: 'warn',
          messageIncludes: 'and no other line of it is an entry Claude Code could resume from',
        },
      ],
      output: null,
    },
    {
      name: 'a missing leaf with a fork later in the file (item 08c): the file order wins, not the timestamps',
      text: forked,
      errors: [{ messageId: 'missing', line: 4, messageIncludes: 'line 3' }],
      output: retarget(forked, 4, 3),
    },
    {
      name: "a leaf in a subagent's own conversation (item 09a): error, named the main tip, subagent left alone",
      text: mixed,
      errors: [{ messageId: 'subagent', line: 5, severity: 'error', messageIncludes: 'No conversation found' }],
      output: retarget(mixed, 5, 2),
    },
  ],
});

describe('last-prompt-leaf on the recorded items (A8, A9)', () => {
  const lint = (name: string) => lintWith(rule, itemText(recordedItem(name))).result.diagnostics;
  it('08a: a missing leaf is a warning', () => {
    expect(lint('08a').map((d) => [d.line, d.messageId, d.severity])).toEqual([[189, 'missing', 'warn']]);
  });
  it('09a: the subagent leaf is an error', () => {
    expect(lint('09a').map((d) => [d.messageId, d.severity])).toEqual([['subagent', 'error']]);
  });
  it('09c: subagent lines mixed in, last-prompt unchanged: clean', () => {
    expect(lint('09c')).toEqual([]);
  });
});
