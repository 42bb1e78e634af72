// Property (a), (d), (e): linting any mutation of a real transcript never throws, finishes in time, pollutes no
// prototype, and prints no raw control character. Fixed seed under `npm test`; `npm run fuzz` for long runs.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkLint } from './checks.js';
import { params, testTimeout, tracked } from './config.js';
import { buildCase, caseArb } from './mutations.js';
import { allSeeds } from './seeds.js';

const seeds = allSeeds();

describe('property: lint of mutated transcripts', () => {
  it(
    'never throws, never hangs, pollutes nothing, escapes control characters',
    () => {
      fc.assert(
        fc.property(caseArb(seeds), (c) => {
          tracked('lint', c, () => checkLint(buildCase(c, seeds), c.maxLineBytes));
        }),
        params('lint'),
      );
    },
    testTimeout('lint'),
  );
});
