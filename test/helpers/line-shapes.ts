// Lines the tests of large files mix into their sessions.

/** A metadata line, kept as a shallow object (loader/shallow-objects.ts). */
export const progressLine =
  '{"type":"progress","uuid":"p9","parentUuid":null,"data":{"type":"hook_progress","n":[1,2,3]}}';

/** A line of 64 KiB or more whose long string is kept as bytes (loader/lazy-strings.ts) and so refers to its chunk. */
export const longLine = JSON.stringify({
  type: 'user',
  uuid: 'l1',
  parentUuid: null,
  message: { role: 'user', content: `long ${'é'.repeat(40_000)} end` },
});
