// A replayed block: a run of lines written a second time, byte for byte, after the lines they copy (a writer that
// appended the same records again). Codex 0.169.0 reads the copy as more history and sends its response items again,
// ids and all, so the API rejects the request ("Duplicate item found with id …"; recorded with the oracle, a block of
// the `shell` recording appended again). The copy holds nothing the file does not hold already: removing it loses
// nothing, and leaves the file as it was before the replay.
import type { SourceLine } from '../../loader/source-line.js';
import type { CodexModel } from './model.js';

/** Lines `start`..`end` repeat lines `of`..`of + end - start`, byte for byte (`of + end - start` < `start`). */
export interface ReplayedBlock {
  start: number;
  end: number;
  of: number;
  /**
   * A restored copy with lines deleted from it: the last line it repeats (later than `of + end - start`), each of its
   * lines repeating a line of `of`..`ofEnd` in order.
   */
  ofEnd?: number;
  /** The ids of the history items the copy sends a second time, in file order (the first is the one the API names). */
  ids: string[];
}

const cache = new WeakMap<CodexModel, ReplayedBlock[]>();

function contentOf(line: SourceLine): Uint8Array {
  return line.range ? line.range.source.read(line.range.offset, line.range.length, line.lineNo) : line.bytes;
}

function sameLine(a: SourceLine | undefined, b: SourceLine | undefined): boolean {
  if (!a || !b || a.blank || b.blank || a.crlf !== b.crlf) return false;
  const x = contentOf(a);
  const y = contentOf(b);
  return x.length === y.length && Buffer.from(x.buffer, x.byteOffset, x.length).equals(y);
}

/**
 * The replayed blocks whose copy repeats an item of the history Codex sends (so the request is rejected), in file
 * order: each the longest run of identical lines around such an item, not reaching into its original or an earlier
 * block's copy.
 */
export function replayedBlocks(model: CodexModel): ReplayedBlock[] {
  const known = cache.get(model);
  if (known) return known;
  const lines = model.file.lines;
  const at = (n: number): SourceLine | undefined => lines[n - 1];
  const firstLineOf = new Map<string, number>();
  const blocks: ReplayedBlock[] = [];
  for (const h of model.restoredResume().history) {
    const id = h.item.id;
    const line = h.record?.line;
    if (typeof id !== 'string' || line === undefined || h.pointer !== h.record?.payloadPointer) continue;
    const first = firstLineOf.get(id);
    if (first === undefined) {
      firstLineOf.set(id, line);
      continue;
    }
    // The history comes in file order: only the last block can hold the line (or lie after it).
    const last = blocks[blocks.length - 1];
    if (last && line <= last.end) {
      if (line >= last.start) last.ids.push(id);
      continue;
    }
    if (first >= line || !sameLine(at(first), at(line))) continue;
    const floor = last?.end ?? 0;
    let start = line;
    let of = first;
    // Back, not into the original (which ends at `first` until the block grows forward) nor an earlier copy.
    while (of > 1 && start - 1 > floor && start - 1 > first && sameLine(at(of - 1), at(start - 1))) {
      start--;
      of--;
    }
    blocks.push({ start, end: copyEnd(lines, start, of), of, ids: [id] });
  }
  cache.set(model, blocks);
  return blocks;
}

/**
 * The last line of the copy that starts at line `start` and repeats the lines from line `of` on: it grows while the
 * lines match and the original it repeats stays before the copy.
 */
function copyEnd(lines: readonly SourceLine[], start: number, of: number): number {
  let end = start;
  while (end < lines.length && of + (end + 1 - start) < start && sameLine(lines[of + end - start], lines[end])) end++;
  return end;
}

/**
 * The end of a restored copy that may miss lines (a block deleted from it, differential seed 336): from line `start`
 * on, each next line repeats a later line of the original, before the copy; it stops at the first line that repeats
 * none. Returns its last line and the last line of the original it repeats.
 */
function gappedCopyEnd(lines: readonly SourceLine[], start: number, of: number): { end: number; ofEnd: number } {
  let end = start;
  let ofEnd = of;
  while (end < lines.length) {
    let m = ofEnd + 1;
    while (m < start && !sameLine(lines[m - 1], lines[end])) m++;
    if (m >= start) break;
    end++;
    ofEnd = m;
  }
  return { end, ofEnd };
}

const copyCache = new WeakMap<CodexModel, ReplayedBlock[]>();

/**
 * Restored copies: the file's own first lines appended again byte for byte, its session_meta first (a backup restored
 * onto the end of the file, or an older copy and then the file's later lines). The copy's session_meta makes Codex
 * 0.169.0 throw away the history before it (codex/session-meta; differential seed 82: two copies, the compaction and
 * the turn after it not sent). Each is the longest run (two lines or more) of identical lines from that session_meta
 * on, not reaching into itself; it holds nothing the file does not hold already.
 */
export function restoredCopies(model: CodexModel): ReplayedBlock[] {
  const known = copyCache.get(model);
  if (known) return known;
  const lines = model.file.lines;
  const at = (n: number): SourceLine | undefined => lines[n - 1];
  const metas = model.records.filter((r) => r.type === 'session_meta');
  const first = metas[0]?.line;
  const copies: ReplayedBlock[] = [];
  for (const meta of metas.slice(1)) {
    const start = meta.line;
    if (first === undefined || (copies.at(-1)?.end ?? 0) >= start || !sameLine(at(first), at(start))) continue;
    const { end, ofEnd } = gappedCopyEnd(lines, start, first);
    // A lone session_meta is codex/session-meta's repeated one, no copy of the file's lines.
    if (end > start) copies.push({ start, end, of: first, ids: [], ...(ofEnd > first + end - start && { ofEnd }) });
  }
  copyCache.set(model, copies);
  return copies;
}

/** The restored copy that starts on this line (its session_meta), if one does. */
export function restoredCopyAt(model: CodexModel, line: number): ReplayedBlock | undefined {
  return restoredCopies(model).find((b) => b.start === line);
}

const lineCache = new WeakMap<CodexModel, Set<number>>();

/** Whether the line is in the copy of a replayed block or in a restored copy. */
export function inReplayedBlock(model: CodexModel, line: number): boolean {
  let lines = lineCache.get(model);
  if (!lines) {
    lines = new Set();
    for (const b of [...replayedBlocks(model), ...restoredCopies(model)])
      for (let n = b.start; n <= b.end; n++) lines.add(n);
    lineCache.set(model, lines);
  }
  return lines.has(line);
}
