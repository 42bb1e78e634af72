import { describe, expect, it } from 'vitest';
import rule from '../../rules/unique-uuid.js';
import { derivedUuid } from '../../src/fixer/chain-edits.js';
import { text, toolUse, transcript, fixed, type EditableEntry } from '../helpers/build.js';
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

const three = session();
three.raw(three.lines[0]!); // 5: copy of line 1
three.raw(three.lines[0]!.replace('run it', 'run it again')); // 6: different entry with line 1's uuid

/** The unsafe fix on a shadowed entry: a derived uuid, the original kept in the marker field. */
const renamed = (line: number) => (e: EditableEntry): void => {
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
      output: session().toString(),
    },
    {
      name: 'the same entry with its keys reordered counts as a copy',
      text: reordered.toString(),
      errors: [{ messageId: 'identicalCopy', line: 5, severity: 'warn' }],
      output: session().toString(),
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
