// Bundles what tsc wrote to dist/ into dist/bundle/ for the command-line tool (bin/transcript-lint.js) and its
// worker threads: a few modules instead of ~60, since resolving and loading each one was a large part of the start
// (the engine: ~28 -> ~8 ms in the main thread; a worker ready in ~27 instead of ~49 ms). Dynamic imports stay
// chunks of their own, loaded when used, and packages from node_modules stay imports. The library (dist/src/index.js)
// is not bundled.
//
//   npm run build      (tsc, then this)
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/bundle`;
rmSync(out, { recursive: true, force: true });
await build({
  cwd: root,
  input: {
    cli: 'dist/src/cli/main.js',
    'v8-tuning': 'dist/src/cli/v8-tuning.js',
    // worker-start.ts finds it beside itself as ./lint-worker.js.
    'lint-worker': 'dist/src/cli/lint-worker.js',
  },
  platform: 'node',
  external: [/^[^./]/],
  output: { dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
  logLevel: 'warn',
});
