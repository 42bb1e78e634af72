import { describe, expect, it } from 'vitest';
import rule from '../../rules/unique-uuid.js';
import { derivedUuid } from '../../src/fixer/chain-edits.js';
import { text, thinking, toolUse, transcript, fixed, type EditableEntry } from '../helpers/build.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const session = () => {
  const t = transcript();
  t.user('run it'); // 1
  t.assistant([toolUse('toolu_A')]); // 2
  t.result('toolu_A'); // 3
  t.assistant([text('done')]); // 4
  return t;
};

// Split parts share message.id, never uuid; metadata entries have no uuid or reuse one by design.
const parallel = transcript();
parallel.user('three');
parallel.assistant([text('Running.')], { id: 'msg_p' });
const p1 = parallel.assistant([toolUse('toolu_1')], { id: 'msg_p' });
const p2 = parallel.assistant([toolUse('toolu_2')], { id: 'msg_p' });
parallel.result('toolu_1', 'one', { parent: p1 });
parallel.result('toolu_2', 'two', { parent: p2 });
parallel.lastPrompt();
parallel.lastPrompt();

const hookContext = session();
hookContext.raw({ type: 'saved_hook_context', uuid: 'hook-1', content: 'a' });
hookContext.raw({ type: 'saved_hook_context', uuid: 'hook-1', content: 'b' });

const dupLine = session();
dupLine.raw(dupLine.lines[1]!); // 5: byte-identical copy of line 2

const different = session();
const lines = different.lines;
lines.push(lines[2]!.replace('"content":"ok"', '"content":"changed"')); // 5: same uuid as line 3, different result

const reordered = session();
const obj = JSON.parse(reordered.lines[0]!) as Record<string, unknown>;
reordered.raw(JSON.stringify(Object.fromEntries(Object.entries(obj).reverse()))); // 5: line 1 with keys reordered

// A line written twice in a row (crash and retry): the later copy goes, nothing moves.
const twice = session();
twice.lines.splice(2, 0, twice.lines[1]!); // 3: copy of line 2, right below it

// The fuzzer's case: a copy of the first part of msg_2 lands between the two parts of msg_1. Claude Code reads the
// later line (line 6), so the earlier copy goes and the file is the original again.
const misplaced = transcript();
misplaced.user('go'); // 1
misplaced.assistant([text('running')], { id: 'msg_1' }); // 2
misplaced.assistant([toolUse('toolu_1')], { id: 'msg_1' }); // 3
misplaced.result('toolu_1'); // 4
misplaced.assistant([thinking('done now', 'sig')], { id: 'msg_2' }); // 5
misplaced.assistant([text('finished')], { id: 'msg_2' }); // 6
const misplacedText = (() => {
  const l = [...misplaced.lines];
  l.splice(2, 0, misplaced.lines[4]!); // 3: copy of line 6 (msg_2's first part)
  return l.join('\n') + '\n';
})();

// The live (later) copy of a part sits after another part of its response, the first copy before it: Claude Code
// orders the parts by where the uuid first appeared, so dropping the first copy would swap the two parts in the
// request, and dropping the later one would move the line Claude Code reads. No fix.
const crossed = transcript();
crossed.user('go'); // 1
crossed.assistant([text('one')], { id: 'msg_x' }); // 2
crossed.assistant([text('two')], { id: 'msg_x' }); // 3
const crossedText = (() => {
  const l = [...crossed.lines];
  l.push(crossed.lines[1]!); // 4: copy of line 2, after line 3
  return l.join('\n') + '\n';
})();

// The results of a parallel response, the first one repeated after the second. Keeping the later copy would move
// the first result behind the second in the request (Claude Code orders them by where the uuid first appeared);
// nothing but the other result lies between the copies, so the later copy goes.
const results = transcript();
results.user('both'); // 1
const q1 = results.assistant([toolUse('toolu_1')], { id: 'msg_q' }); // 2
const q2 = results.assistant([toolUse('toolu_2')], { id: 'msg_q' }); // 3
results.result('toolu_1', 'one', { parent: q1 }); // 4
results.result('toolu_2', 'two', { parent: q2 }); // 5
results.assistant([text('both done')]); // 6
const resultsText = (() => {
  const l = [...results.lines];
  l.splice(5, 0, results.lines[3]!); // 6: copy of line 4
  return l.join('\n') + '\n';
})();

// A compacted session with a restored copy of its compact boundary after the turn that followed the compaction
// (differential harness seed 183, fixtures/sessions/claude-code/restored-boundary): Claude Code keeps the boundary
// where its uuid first appeared, so the later copy goes; kept there, it would delete the turn before it.
const compacted = transcript();
compacted.user('round one'); // 1
compacted.assistant([text('done one')]); // 2
compacted.compactBoundary(); // 3
compacted.compactSummary(); // 4
compacted.user('continue'); // 5
compacted.assistant([text('continued')]); // 6
const compactedText = (() => {
  const l = [...compacted.lines];
  l.push(compacted.lines[2]!); // 7: copy of the boundary
  return l.join('\n') + '\n';
})();

const three = session();
three.raw(three.lines[0]!); // 5: copy of line 1
three.raw(three.lines[0]!.replace('run it', 'run it again')); // 6: different entry with line 1's uuid

/** The unsafe fix on a shadowed entry: a derived uuid, the original kept in the marker field. */
const renamed =
  (line: number) =>
  (e: EditableEntry): void => {
    const original = e.uuid as string;
    e.uuid = derivedUuid('unique-uuid', original, String(line));
    e.transcriptLint = { rule: 'unique-uuid', originalUuid: original };
  };

runRuleTests(rule, {
  valid: [
    { name: 'a plain session', text: session().toString() },
    { name: 'split parallel parts and repeated metadata without uuid', text: parallel.toString() },
    { name: 'metadata records that reuse a uuid (saved_hook_context) are not counted', text: hookContext.toString() },
    { name: 'off for the api target', target: 'api', text: different.toString() },
  ],
  invalid: [
    {
      name: 'a byte-identical duplicate line is deduplicated by Claude Code: warn',
      text: dupLine.toString(),
      errors: [{ messageId: 'identicalCopy', line: 5, severity: 'warn' }],
      // Claude Code reads the later line (the earlier one only fixes the Map order, which orders nothing here).
      output: fixed(dupLine.toString(), { 2: null }),
    },
    {
      name: 'the same entry with its keys reordered counts as a copy',
      text: reordered.toString(),
      errors: [{ messageId: 'identicalCopy', line: 5, severity: 'warn' }],
      output: fixed(reordered.toString(), { 1: null }),
    },
    {
      name: 'a line repeated right below itself: the repeat goes',
      text: twice.toString(),
      errors: [{ messageId: 'identicalCopy', line: 3, severity: 'warn' }],
      output: session().toString(),
    },
    {
      name: 'a copy that lands inside another response: the copy Claude Code does not read goes',
      text: misplacedText,
      errors: [{ messageId: 'identicalCopy', line: 6, severity: 'warn' }],
      output: misplaced.toString(),
    },
    {
      name: 'a result repeated after another result of its response: the later copy goes',
      text: resultsText,
      errors: [{ messageId: 'identicalCopy', line: 6, severity: 'warn' }],
      output: results.toString(),
    },
    {
      name: 'a copy of a compact boundary after the turns it kept: the copy goes, the boundary stays',
      text: compactedText,
      errors: [{ messageId: 'identicalCopy', line: 7, severity: 'warn' }],
      output: compacted.toString(),
    },
    {
      name: 'copies on both sides of another part of their response: no fix',
      text: crossedText,
      errors: [{ messageId: 'identicalCopy', line: 4, severity: 'warn' }],
      output: null,
    },
    {
      name: 'different entries sharing a uuid: the earlier vanishes, error',
      text: different.toString(),
      errors: [{ messageId: 'differentEntries', line: 5, severity: 'error', messageIncludes: 'line 3' }],
      output: null,
      // The entry Claude Code would lose gets a fresh uuid and keeps the old one in the marker.
      unsafeOutput: fixed(different.toString(), { 3: renamed(3) }),
    },
    {
      name: 'three lines with one uuid: each later line is compared with the first',
      text: three.toString(),
      errors: [
        { messageId: 'identicalCopy', line: 5, severity: 'warn' },
        { messageId: 'differentEntries', line: 6, severity: 'error' },
      ],
      output: fixed(three.toString(), { 5: null }),
      // The copy goes first (the rename of line 5 waits for the next pass), then line 1 is the one shadowed.
      unsafeOutput: fixed(three.toString(), { 1: renamed(1), 5: null }),
    },
  ],
});

describe('unique-uuid details', () => {
  it('lists the first line as related and carries the uuid', () => {
    const [d] = lintWith(rule, different.toString()).result.diagnostics;
    expect(d?.related.map((r) => r.line)).toEqual([3]);
    expect(d?.uuid).toBe(JSON.parse(different.lines[2]!).uuid);
  });
});

// A restored copy of a line whose first copy lost two bytes of a character (differential harness seed 58): Claude
// Code keeps the later, whole line, so nothing is lost; the fix drops the torn line, never the whole one.
describe('unique-uuid: a first copy with a torn character', () => {
  const t = session();
  const whole = t.lines[3]!.replace('"done"', '"done \u2014 all"');
  const wholeBytes = Buffer.from(whole);
  const at = wholeBytes.indexOf(Buffer.from('\u2014'));
  // the first copy keeps only the first byte of the 3-byte character
  const tornLine = Buffer.concat([wholeBytes.subarray(0, at + 1), wholeBytes.subarray(at + 3)]);
  const nl = Buffer.from('\n');
  const head = Buffer.from(`${t.lines.slice(0, 3).join('\n')}\n`);
  const data = Buffer.concat([head, tornLine, nl, wholeBytes, nl]);

  it('is a copy (warn), not two different entries', () => {
    const found = lintBytes('t.jsonl', data, { rules: [rule] }).result.diagnostics;
    expect(found.map((d) => [d.line, d.severity, d.messageId])).toEqual([[5, 'warn', 'identicalCopy']]);
  });

  it('the fix keeps the whole line', () => {
    const out = Buffer.from(fixBytes('t.jsonl', data, { rules: [rule] }).output);
    expect(out.equals(Buffer.concat([head, wholeBytes, nl]))).toBe(true);
  });

  it('the whole line first and a torn copy later: two different entries (the later one is resumed)', () => {
    const swapped = Buffer.concat([head, wholeBytes, nl, tornLine, nl]);
    const found = lintBytes('t.jsonl', swapped, { rules: [rule] }).result.diagnostics;
    expect(found.map((d) => [d.line, d.severity, d.messageId])).toEqual([[5, 'error', 'differentEntries']]);
  });
});
