// A line as the loader read it. Its bytes are not a view kept per line but a range of the file's buffer, viewed when
// asked for; a large file's lines can instead read the range from the file again (engine/file-bytes.ts), so the
// buffer need not outlive parsing. Either way `bytes` reads as the line's original bytes.
import type { ByteRange, LineBytesSource } from './bytes.js';
import type { LineProblem, SourceLine } from './source-line.js';

export type { LineBytesSource } from './bytes.js';

/**
 * The problems of every line without one: one frozen array rather than an empty one per line (32 bytes each, 3.8 MB
 * of a 120,000-line session's heap). Frozen, so that a push onto it throws instead of reaching every line.
 */
const NO_PROBLEMS = Object.freeze([]) as unknown as LineProblem[];

export class LoadedLine implements SourceLine {
  readonly problems: LineProblem[];
  #data: Uint8Array | LineBytesSource;
  #offset: number;
  #length: number;

  /** A line that was never in memory: its bytes are read from `source` at `offset` when asked. */
  static inFile(
    lineNo: number,
    source: LineBytesSource,
    offset: number,
    length: number,
    crlf: boolean,
    problems: LineProblem[],
  ): LoadedLine {
    return new LoadedLine(lineNo, source, offset, length, crlf, undefined, problems, false);
  }

  constructor(
    readonly lineNo: number,
    data: Uint8Array | LineBytesSource,
    offset: number,
    length: number,
    readonly crlf: boolean,
    public json: Record<string, unknown> | undefined,
    problems: LineProblem[],
    readonly blank: boolean,
  ) {
    this.problems = problems.length === 0 ? NO_PROBLEMS : problems;
    this.#data = data;
    this.#offset = offset;
    this.#length = length;
  }

  get bytes(): Uint8Array {
    const data = this.#data;
    const from = this.#offset;
    return data instanceof Uint8Array
      ? data.subarray(from, from + this.#length)
      : data.read(from, this.#length, this.lineNo);
  }

  /** The line's length in bytes, its terminator left out. */
  get byteLength(): number {
    return this.#length;
  }

  /**
   * Where the line's bytes are: the memory they are a view of and their offset in it, or the file they are read from
   * again and their offset there. Two lines at one place and of one length hold the same bytes (parsed-lines.ts).
   */
  get place(): { space: object; offset: number } {
    const data = this.#data;
    return data instanceof Uint8Array
      ? { space: data.buffer, offset: data.byteOffset + this.#offset }
      : { space: data, offset: this.#offset };
  }

  /** Where the bytes are when they are read from the file again, not held (see SourceLine.range). */
  get range(): ByteRange | undefined {
    const data = this.#data;
    if (data instanceof Uint8Array) return undefined;
    return { source: data, offset: this.#offset, length: this.#length, lineNo: this.lineNo };
  }

  set bytes(bytes: Uint8Array) {
    this.#data = bytes;
    this.#offset = 0;
    this.#length = bytes.length;
  }

  /**
   * From now on the bytes are read from `source`, when the line is a range of `data`, whose first byte is at offset
   * `at` of the file; false, and nothing changes, when it is not.
   */
  readFrom(source: LineBytesSource, data: Uint8Array, at: number): boolean {
    const own = this.#data;
    if (!(own instanceof Uint8Array) || own.buffer !== data.buffer) return false;
    this.#offset += own.byteOffset - data.byteOffset + at;
    this.#data = source;
    return true;
  }
}
