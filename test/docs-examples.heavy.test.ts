// The rule pages' examples of 4 MiB or more (a request over the API's 32 MB limit), run as
// test/docs-examples.test.ts runs the others.
import { describe, expect, it } from 'vitest';
import { examples, HEAVY_EXAMPLE_BYTES, itRuns } from './helpers/docs-examples.js';

const heavy = [...examples()].filter(([, example]) => example && example.before.length >= HEAVY_EXAMPLE_BYTES);

describe('rule pages: the large examples run', () => {
  it('there are some', () => expect(heavy.length).toBeGreaterThan(0));
  for (const [id, example] of heavy) itRuns(id, example!);
});
