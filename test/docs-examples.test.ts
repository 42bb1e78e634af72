// The Example of each rule page runs, as typescript-eslint's docs test and ESLint's check-rule-examples do: a Before
// that is a whole input (test/helpers/docs-examples.ts says which) is linted with that rule alone and must be
// reported; the fix (`--fix`, or `--fix --unsafe-fixes` when the After's heading says "unsafe") must write the After
// block exactly, and an After "a manual edit" must be clean. Examples of 4 MiB or more run in
// docs-examples.heavy.test.ts. Pages whose example is not a whole input are listed in NOT_RUNNABLE, each with why;
// pages whose example runs but says otherwise than the rule does, in DIFFERS. Both lists only shrink.
import { describe, expect, it } from 'vitest';
import { agrees, examples, HEAVY_EXAMPLE_BYTES, itRuns, pages, placed } from './helpers/docs-examples.js';

/** The pages whose example is not a whole input (by rule id), each with why. */
const NOT_RUNNABLE = new Map<string, string>([]);

/** Pages whose example runs and disagrees with the rule, each with what differs. Fix the page, then take it off. */
const DIFFERS = new Map<string, string>([]);

const all = examples();

describe('rule pages: the example runs', () => {
  it('every page whose example is not a whole input is listed, and no listed page runs', () => {
    const notRunnable = pages.filter((id) => all.get(id) === undefined);
    expect(notRunnable.filter((id) => !NOT_RUNNABLE.has(id))).toEqual([]);
    expect([...NOT_RUNNABLE.keys()].filter((id) => !notRunnable.includes(id))).toEqual([]);
  });

  it('every page listed as differing runs', () => {
    expect([...DIFFERS.keys()].filter((id) => all.get(id) === undefined)).toEqual([]);
  });

  for (const [id, example] of all) {
    if (!example || example.before.length >= HEAVY_EXAMPLE_BYTES) continue;
    if (DIFFERS.has(id)) {
      const name = placed(example);
      it(`${id}: still differs (${DIFFERS.get(id)})`, () => expect(agrees(id, example, name)).toBe(false));
      continue;
    }
    itRuns(id, example);
  }
});
