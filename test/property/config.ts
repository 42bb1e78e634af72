// How many cases each property runs, with which seed. `npm run test:heavy` (cli, lint, fix and heavy: the
// *.heavy.test.ts files) uses the fixed seed and the small counts below; `npm run fuzz`
// (test/property/fuzz.mjs) sets FUZZ_RUNS (total cases over all properties) and FUZZ_SEED (random unless given) and
// prints the seed.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type fc from 'fast-check';

export const FIXED_SEED = 20_261_101;

const envRuns = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;
export const FUZZING = envRuns !== undefined && Number.isFinite(envRuns) && envRuns > 0;
export const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : FIXED_SEED;

/**
 * The share of FUZZ_RUNS each property gets when fuzzing (the shares add up to 1), and its count under `npm test`.
 * Heavy cases (8 MB lines) are a separate property so their number stays bounded.
 */
export const BUDGET = {
  lint: { share: 0.3, fixed: 2000 },
  fix: { share: 0.45, fixed: 1500 },
  cli: { share: 0.2, fixed: 300 },
  heavy: { share: 0.05, fixed: 20 },
} as const;

export type PropertyName = keyof typeof BUDGET;

export function runsFor(name: PropertyName): number {
  return FUZZING ? Math.max(1, Math.ceil(envRuns! * BUDGET[name].share)) : BUDGET[name].fixed;
}

/**
 * A generous wall-clock bound for one case (lint or fix of one mutated file) when fuzzing or when FUZZ_CASE_MS is set:
 * a case over it is a failure. `npm test` and `npm run test:heavy` set no bound (a busy machine is no failure there;
 * the vitest timeout ends a hang).
 */
export const CASE_BUDGET_MS = process.env.FUZZ_CASE_MS
  ? Number(process.env.FUZZ_CASE_MS)
  : FUZZING
    ? 30_000
    : Number.POSITIVE_INFINITY;

/** A vitest timeout for a whole property: generous per case, so only a real hang trips it. */
export function testTimeout(name: PropertyName): number {
  return 60_000 + runsFor(name) * (name === 'heavy' ? 20_000 : 2_000);
}

export function params<T>(name: PropertyName): fc.Parameters<T> {
  const numRuns = runsFor(name);
  if (FUZZING) console.log(`[fuzz] property ${name}: seed=${SEED} numRuns=${numRuns}`);
  // fast-check prints the seed, the path and the shrunk counterexample of a failure; verbose adds the failing cases
  // it met on the way.
  return { seed: SEED, numRuns, verbose: FUZZING ? 1 : 0, endOnFailure: false };
}

// ---- progress files for the fuzz watchdog ----------------------------------------------------------------------

const progressDir = process.env.FUZZ_PROGRESS_DIR;
if (progressDir) mkdirSync(progressDir, { recursive: true });

/**
 * While fuzzing, each property writes the case it is about to run to a file, and `done` when it finishes; the
 * watchdog in fuzz.mjs reads them to print the case that hangs (synchronous code cannot be interrupted in-process).
 */
export function startCase(name: PropertyName, c: unknown): void {
  if (!progressDir) return;
  writeFileSync(
    path.join(progressDir, `${name}.json`),
    JSON.stringify({ started: Date.now(), pid: process.pid, seed: SEED, case: c }),
  );
}

export function endCase(name: PropertyName): void {
  if (!progressDir) return;
  writeFileSync(path.join(progressDir, `${name}.json`), JSON.stringify({ done: true }));
}

/** Runs one case between startCase and endCase (also when it fails). */
export function tracked<T>(name: PropertyName, c: unknown, fn: () => T): T {
  startCase(name, c);
  let async = false;
  try {
    const value = fn();
    if (value instanceof Promise) {
      async = true;
      return value.finally(() => endCase(name)) as T;
    }
    return value;
  } finally {
    if (!async) endCase(name);
  }
}

export const TMP_ROOT = os.tmpdir();
