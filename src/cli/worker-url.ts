// Where the lint worker script is: beside this module once built (dist/src/cli/ or the bundle in dist/bundle/); run
// from the sources (the tests), the one tsc wrote to dist/.
export function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/src/cli/lint-worker.js', here) : new URL('./lint-worker.js', here);
}
