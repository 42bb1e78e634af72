// Exhaustive, not random: every pointer of every line of the small built transcripts gets each hostile value (a
// wrong type, an object whose `toString` is not a function, a prototype name), and lint and fix must hold up.
// Deterministic, so it runs the same in `npm run test:heavy` whatever the fuzz seed (about 25 s: the heavy tier).
import { describe, expect, it } from 'vitest';
import { checkFix, checkLint } from './checks.js';
import { applyOp, pointerCounts } from './mutations.js';
import { generatedSeeds } from './seeds.js';

const VALUES = ['null', '0', '"x"', '[{}]', '{"toString":1}', '[{"type":"text","text":{"toString":"x"}}]'] as const;

describe('sweep: a hostile value at every pointer of the built transcripts', () => {
  for (const seed of generatedSeeds()) {
    it(`${seed.name}`, () => {
      const failures = new Map<string, string>();
      for (const { line, pointers } of pointerCounts(seed.bytes)) {
        for (let path = 0; path < pointers; path++) {
          for (const raw of VALUES) {
            const bytes = applyOp(seed.bytes, { op: 'setRaw', line, path, raw });
            try {
              checkLint(bytes);
              checkFix(bytes, { target: 'claude-code' });
            } catch (err) {
              const key = (err as Error).message.split('\n')[0]!;
              if (!failures.has(key)) failures.set(key, JSON.stringify({ seed: seed.name, line, path, value: raw }));
            }
          }
        }
      }
      expect(Object.fromEntries(failures)).toEqual({});
    }, 120_000);
  }
});
