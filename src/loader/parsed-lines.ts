// The lines a fix's previous pass parsed, for the next pass to take over instead of parsing them again. A pass's
// output is its input with a few lines changed: the untouched lines are copied as they are, either as views of the
// same memory or as runs of the same file (loader/bytes.ts). A line of the output that lies where an input line lay,
// in that same memory or file and at the same length, holds the same bytes, so its parse is the same. Lines a fix
// wrote are new bytes, which no input line occupies, and are parsed as before. Measured on the bench's 200 MB fix
// target: CPU 10.3 -> 7.9 s. A file that another writer changed during the fix is refused where it always was: the
// write checks the file against the digest of the first pass's read (engine/original.ts).
import type { Spliced } from './bytes.js';
import { LoadedLine } from './loaded-line.js';
import type { SourceLine } from './source-line.js';

/** A run of the output: where in it it starts, and the memory (an ArrayBuffer) or file and offset it came from. */
interface Run {
  at: number;
  length: number;
  space: object;
  offset: number;
}

export class ParsedLines {
  /** The input's lines that can be taken over, by where their bytes are: the memory or file, then the offset. */
  readonly #byPlace = new Map<object, Map<number, LoadedLine>>();
  readonly #runs: Run[] = [];
  /** The run the last lookup found: lookups come in the order of the output. */
  #cursor = 0;
  /** How many lines were taken over (the tests read it). */
  taken = 0;

  /** `lines`: the input's, as its pass loaded them; `output`: the pieces the pass wrote of them. */
  constructor(lines: readonly SourceLine[], output: Spliced) {
    for (const line of lines) {
      // Only a line parsed without a problem. Its strings kept as bytes read them where its bytes are (the same
      // memory, or the same file: lazy-strings.ts), which is where the output's line finds them too.
      if (!(line instanceof LoadedLine) || !line.json || line.problems.length > 0) continue;
      const { space, offset } = line.place;
      let byOffset = this.#byPlace.get(space);
      if (!byOffset) this.#byPlace.set(space, (byOffset = new Map()));
      byOffset.set(offset, line);
    }
    let at = 0;
    for (const piece of output instanceof Uint8Array ? [output] : output) {
      const run =
        piece instanceof Uint8Array
          ? { at, length: piece.length, space: piece.buffer, offset: piece.byteOffset }
          : { at, length: piece.length, space: piece.source, offset: piece.offset };
      if (this.#byPlace.has(run.space)) this.#runs.push(run);
      at += piece.length;
    }
  }

  /**
   * The parsed object of the input line whose bytes are the output's `length` bytes at `at`, or undefined. The
   * caller gives it to its new line (see shallow-objects.ts's repoint): the input's model is not used again.
   */
  take(at: number, length: number): Record<string, unknown> | undefined {
    const run = this.#runAt(at);
    if (!run || at + length > run.at + run.length) return undefined;
    const byOffset = this.#byPlace.get(run.space);
    const offset = run.offset + (at - run.at);
    const line = byOffset?.get(offset);
    if (!line || line.byteLength !== length) return undefined;
    // Once: a fix that copies a line makes a second line of the same bytes, which gets an object of its own.
    byOffset!.delete(offset);
    this.taken++;
    return line.json;
  }

  #runAt(at: number): Run | undefined {
    const runs = this.#runs;
    let k = this.#cursor;
    if (k >= runs.length || runs[k]!.at > at) k = 0;
    while (k < runs.length && runs[k]!.at + runs[k]!.length <= at) k++;
    this.#cursor = k;
    const run = runs[k];
    return run && run.at <= at ? run : undefined;
  }
}
