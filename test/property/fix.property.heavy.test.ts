// Property (c), (d): --fix on any mutation of a real transcript converges, is idempotent, never leaves more problems,
// and keeps every line no applied fix named byte for byte. Fixed seed under `npm test`; `npm run fuzz` for long runs.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkFix } from './checks.js';
import { params, testTimeout, tracked } from './config.js';
import { buildCase, caseArb } from './mutations.js';
import { allSeeds } from './seeds.js';

const seeds = allSeeds();

describe('property: fix of mutated transcripts', () => {
  it(
    'converges, is idempotent, never worse, keeps unnamed lines byte for byte',
    () => {
      fc.assert(
        fc.property(caseArb(seeds), (c) => {
          tracked('fix', c, () => checkFix(buildCase(c, seeds), { target: c.target, maxLineBytes: c.maxLineBytes }));
        }),
        params('fix'),
      );
    },
    testTimeout('fix'),
  );
});
