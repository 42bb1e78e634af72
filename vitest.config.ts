// Two tiers. `npm test` runs the project "default": every test file but *.heavy.test.ts. `npm run test:heavy` runs the
// project "heavy": the *.heavy.test.ts files, which write files of tens or hundreds of MB, run the CLI in a small heap
// or take 5-20 s each (a minute or more on a busy machine: their timeout, 10 minutes, is there to end a hang). `.ci/run`
// runs both. Without --project (e.g. `npx vitest run test/engine`), both run.
//
// The default project runs its files without isolation: a worker imports the source once and runs file after file
// on it, as one CLI process lints file after file. Isolated, each of the ~200 files imported the source again: on 2
// cores that was 0.8 s a file, 160 of the tier's 294 s; `npx vitest run test/rules` took 735 s isolated and 156 s not
// (load 18). A test that changes what outlives it (fake timers, spies) restores it in afterEach or finally.
import { configDefaults, defineConfig } from 'vitest/config';

const HEAVY = '**/*.heavy.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'default', exclude: [...configDefaults.exclude, HEAVY], isolate: false } },
      { extends: true, test: { name: 'heavy', include: [HEAVY], testTimeout: 600_000, hookTimeout: 600_000 } },
    ],
  },
});
