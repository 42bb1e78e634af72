// --diff for reading: the hunks of fixer/diff.ts with each changed line shown next to the line it replaces by a word
// diff (jsdiff), the changed words marked (inverse video) and, on a terminal, every stretch of unchanged text cut to
// the words around a change, then to the terminal's width (a changed line never wraps), so that a fix inside a line of
// several KB reads in a few lines. Coloured when asked:
// red for removed lines, green for added ones, cyan hunk headers. Transcript text is neutralised when it is cut for a
// terminal; the full-length form (piped with --color) keeps the bytes as they are, as the plain patch does.
import { diffWords } from 'diff';
import { createColors } from 'picocolors';
import { type DiffOptions, diffHunks, type HunkLine, hunkHeader } from '../fixer/diff.js';
import { neutralize } from './neutralize.js';
import { displayWidth, fitWidth } from './wrap-text.js';

export interface DiffView {
  /** Cut unchanged text to the words around each change, and lines to the width (a terminal). */
  cut: boolean;
  color: boolean;
  /** The terminal's width: context lines are cut to it. */
  width?: number;
}

/** Characters of unchanged text kept on each side of a change. */
const AROUND = 24;
/** A changed stretch longer than this is shown by its start and end. */
const MAX_CHANGED = 160;

type Segment = { text: string; changed: boolean };

export function readableDiff(before: string, after: string, names: DiffOptions, view: DiffView): string {
  const hunks = diffHunks(before, after, names.context);
  if (hunks.length === 0) return '';
  const c = createColors(view.color);
  const show = (text: string) => (view.cut ? neutralize(text) : text);
  const width = view.width ?? 80;
  const out = [c.bold(`--- ${show(names.fromFile)}`), c.bold(`+++ ${show(names.toFile)}`)];
  for (const h of hunks) {
    out.push(c.cyan(show(hunkHeader(h))));
    for (let i = 0; i < h.lines.length; ) {
      const line = h.lines[i]!;
      if (line.kind === 'same') {
        out.push(c.dim(` ${view.cut ? cutTo(show(line.text), width - 1) : line.text}`));
        i++;
        continue;
      }
      const dels: HunkLine[] = [];
      const adds: HunkLine[] = [];
      while (i < h.lines.length && h.lines[i]!.kind === 'del') dels.push(h.lines[i++]!);
      while (i < h.lines.length && h.lines[i]!.kind === 'add') adds.push(h.lines[i++]!);
      const paired = Math.min(dels.length, adds.length);
      const shownDels: string[] = [];
      const shownAdds: string[] = [];
      for (let k = 0; k < paired; k++) {
        const [old, now] = wordDiff(dels[k]!.text, adds[k]!.text);
        shownDels.push(`-${paint(view.cut ? fitLine(cutAround(old), width - 1) : old, c.red, c)}`);
        shownAdds.push(`+${paint(view.cut ? fitLine(cutAround(now), width - 1) : now, c.green, c)}`);
      }
      for (const d of dels.slice(paired))
        shownDels.push(c.red(`-${view.cut ? cutTo(show(d.text), 2 * width) : d.text}`));
      for (const a of adds.slice(paired))
        shownAdds.push(c.green(`+${view.cut ? cutTo(show(a.text), 2 * width) : a.text}`));
      out.push(...shownDels, ...shownAdds);
    }
  }
  return `${out.join('\n')}\n`;
}

/** The two lines as segments, the words that differ marked as changed. */
function wordDiff(before: string, after: string): [Segment[], Segment[]] {
  const old: Segment[] = [];
  const now: Segment[] = [];
  for (const part of diffWords(before, after)) {
    if (!part.added) old.push({ text: part.value, changed: part.removed });
    if (!part.removed) now.push({ text: part.value, changed: part.added });
  }
  return [old, now];
}

/** Unchanged text cut to AROUND characters next to each change, a long change to its start and end. */
function cutAround(segments: readonly Segment[]): Segment[] {
  return segments.map((s, i) => {
    const first = i === 0;
    const last = i === segments.length - 1;
    if (s.changed) {
      if (s.text.length <= MAX_CHANGED) return s;
      const hidden = s.text.length - MAX_CHANGED;
      return { ...s, text: `${s.text.slice(0, MAX_CHANGED - 40)}…(${hidden} more)…${s.text.slice(-40)}` };
    }
    if (first && last) return s;
    if (first) return s.text.length > AROUND ? { ...s, text: `…${s.text.slice(-AROUND)}` } : s;
    if (last) return s.text.length > AROUND ? { ...s, text: `${s.text.slice(0, AROUND)}…` } : s;
    return s.text.length > 2 * AROUND + 1 ? { ...s, text: `${s.text.slice(0, AROUND)}…${s.text.slice(-AROUND)}` } : s;
  });
}

/** Unchanged text kept next to a change when the line is still too wide for the terminal. */
const NEAR = 8;

/**
 * The segments, neutralised, in at most `room` columns: first the unchanged text is cut to NEAR characters beside
 * each change; a line still too wide is cut at the width, `…(+N)` saying how many characters were left out.
 */
function fitLine(segments: readonly Segment[], room: number): Segment[] {
  let shown = segments.map((s) => ({ ...s, text: neutralize(s.text) }));
  const width = (list: readonly Segment[]) => list.reduce((n, s) => n + displayWidth(s.text), 0);
  if (width(shown) <= room) return shown;
  shown = shown.map((s, i) => {
    if (s.changed || shown.length === 1) return s;
    const chars = [...s.text.replaceAll('…', '')];
    if (i === 0) return chars.length > NEAR ? { ...s, text: `…${chars.slice(-NEAR).join('')}` } : s;
    if (i === shown.length - 1) return chars.length > NEAR ? { ...s, text: `${chars.slice(0, NEAR).join('')}…` } : s;
    return chars.length > 2 * NEAR + 1
      ? { ...s, text: `${chars.slice(0, NEAR).join('')}…${chars.slice(-NEAR).join('')}` }
      : s;
  });
  if (width(shown) <= room) return shown;
  const out: Segment[] = [];
  let used = 0;
  for (const [i, s] of shown.entries()) {
    const w = displayWidth(s.text);
    // Room for the marker of what is left out (its count is at most `left`).
    const left = shown.slice(i).reduce((n, x) => n + [...x.text].length, 0);
    const marker = `…(+${left})`;
    if (used + w + (i < shown.length - 1 ? marker.length : 0) <= room) {
      out.push(s);
      used += w;
      continue;
    }
    const kept = fitWidth(s.text, Math.max(0, room - used - marker.length));
    const rest = left - [...kept].length;
    if (kept !== '') out.push({ ...s, text: kept });
    out.push({ text: `…(+${rest})`, changed: false });
    break;
  }
  return out;
}

function paint(segments: readonly Segment[], tint: (s: string) => string, c: ReturnType<typeof createColors>): string {
  return segments.map((s) => (s.changed ? c.inverse(tint(s.text)) : tint(s.text))).join('');
}

/** At most `width` columns, the cut marked with `…` and the number of characters left out. */
function cutTo(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const chars = [...text].length;
  // The longest the marker can be: its count is less than `chars`.
  const tail = `… (+${chars} chars)`;
  const kept = fitWidth(text, Math.max(10, width - tail.length));
  return `${kept}… (+${chars - [...kept].length} chars)`;
}
