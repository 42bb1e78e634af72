// The passes of a fix on disk (engine/fix-on-disk.ts) stop where a fix in memory stops: when nothing is left to fix,
// at the pass cap, or when an output is the output of two passes back (compared by length and SHA-256 on disk, by
// bytes in memory). An output is hashed only when it has the length of the output two passes back, and no more than
// two outputs are on disk at once.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linter } from '../../src/index.js';
import { fixBytes } from '../../src/engine/fix-loop.js';
import { fixOnDisk } from '../../src/engine/fix-on-disk.js';
import { FixPlan } from '../../src/fixer/fix-plan.js';
import { defineRule, type Rule } from '../../src/sdk/rule-api.js';

const dir = mkdtempSync(join(tmpdir(), 'tl-fix-passes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A rule that sets /key from `from` to `to` (a number: one less, down to 0). */
const step = (id: string, key: string, from: unknown, to: (v: unknown) => unknown): Rule =>
  defineRule({
    meta: {
      id,
      type: 'problem',
      view: 'storage',
      formats: ['claude-code'],
      description: id,
      docs: { detects: 'a test finding' },
      severity: { 'claude-code': 'error', api: 'error' },
      fixable: 'safe',
      messages: { m: 'm' },
    },
    check(ctx) {
      for (const e of ctx.model.entries) {
        const v = e.raw[key];
        if (from === 'positive' ? typeof v === 'number' && v > 0 : v === from)
          ctx.report({
            messageId: 'm',
            at: { entry: e },
            fix: new FixPlan(ctx.model).set(e, `/${key}`, to(v)).fix('safe', id),
          });
      }
    },
  }) as Rule;

const countDown = step('count-down', 'n', 'positive', (v) => (v as number) - 1);
const flips = (pairs: [string, string][]) => pairs.map(([a, b]) => step(`${a}-to-${b}`, 'v', a, () => b));

/** `hashed`: whether the last output was hashed (it has the length of the output two passes back). */
const CASES: { name: string; text: string; rules: Rule[]; status: string; passes: number; hashed: boolean }[] = [
  { name: 'one pass', text: '{"n":1}\n', rules: [countDown], status: 'fixed', passes: 1, hashed: false },
  { name: 'three passes', text: '{"n":3}\n', rules: [countDown], status: 'fixed', passes: 3, hashed: true },
  { name: 'the pass cap', text: '{"n":15}\n', rules: [countDown], status: 'pass-cap', passes: 10, hashed: true },
  {
    name: 'two passes, each output longer',
    text: '{"v":"a"}\n',
    rules: flips([
      ['a', 'bb'],
      ['bb', 'ccc'],
    ]),
    status: 'fixed',
    passes: 2,
    hashed: false,
  },
  {
    name: 'back to the input (pass 2 = input)',
    text: '{"v":"a"}\n',
    rules: flips([
      ['a', 'b'],
      ['b', 'a'],
    ]),
    status: 'circular',
    passes: 2,
    hashed: true,
  },
  {
    name: 'back to the first output (pass 3 = pass 1, of one length with the input)',
    text: '{"v":"x"}\n',
    rules: flips([
      ['x', 'a'],
      ['a', 'b'],
      ['b', 'a'],
    ]),
    status: 'circular',
    passes: 3,
    hashed: true,
  },
];

let n = 0;
describe('a fix on disk stops where a fix in memory stops', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const own = join(dir, `d${n++}`);
      mkdirSync(own);
      const path = join(own, 'session.jsonl');
      writeFileSync(path, c.text);
      const options = { rules: c.rules, inputFormat: 'claude-code' };
      const memory = fixBytes(linter, path, readFileSync(path), options);
      expect({ status: memory.status, passes: memory.passes }).toEqual({ status: c.status, passes: c.passes });
      for (const chunk of [7, 1 << 20]) {
        const disk = fixOnDisk(linter, path, path, options, chunk);
        const { status, passes, rulesInvolved, applied } = disk.loop;
        expect({ status, passes, rulesInvolved, applied }).toEqual({
          status: memory.status,
          passes: memory.passes,
          rulesInvolved: memory.rulesInvolved,
          applied: memory.applied,
        });
        expect(readFileSync(disk.fixed!.path)).toEqual(Buffer.from(memory.output));
        expect(disk.loop.output.digest.sha256 !== undefined).toBe(c.hashed);
        expect(disk.original.sha256).toMatch(/^[0-9a-f]{64}$/);
        // Every other output this fix wrote is gone.
        expect(readdirSync(own).sort()).toEqual([basename(disk.fixed!.path), 'session.jsonl'].sort());
        rmSync(disk.fixed!.path);
      }
    });
  }
});
