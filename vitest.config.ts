// Two tiers. `npm test` runs the project "default": every test file but *.heavy.test.ts. `npm run test:heavy` runs the
// project "heavy": the *.heavy.test.ts files, which write files of tens or hundreds of MB, run the CLI in a small heap
// or take 5-20 s each (a minute or more on a busy machine: their timeout, 10 minutes, is there to end a hang). `.ci/run`
// runs both. Without --project (e.g. `npx vitest run test/engine`), both run.
import { configDefaults, defineConfig } from 'vitest/config';

const HEAVY = '**/*.heavy.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'default', exclude: [...configDefaults.exclude, HEAVY] } },
      { extends: true, test: { name: 'heavy', include: [HEAVY], testTimeout: 600_000, hookTimeout: 600_000 } },
    ],
  },
});
