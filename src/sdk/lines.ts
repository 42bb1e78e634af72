// The `Lines` kit: a file's lines as the loader read them, for the rules that judge lines rather than entries (a
// line's bytes and problems, and a long line's strings, which the loader keeps as bytes until they are read). The
// one file of the SDK that reaches into the loader (test/meta/sdk-imports.test.ts).
export { holdsLazyStrings, isArrayField, isLazyString, lazyJsonBytes } from '../loader/lazy-strings.js';
export type { LineProblem, LineProblemKind, SourceLine } from '../loader/source-line.js';
export { lineByteLength } from '../loader/source-line.js';
