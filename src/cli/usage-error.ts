/** A command line the tool cannot run: one line on stderr, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
