// A fix's later passes take over the parse of the lines the pass before left as they were (loader/parsed-lines.ts).
// What they lint must be what a fresh lint of their bytes gives, in memory and on disk, for every fixture a fix
// changes; only lines at the same place in the same memory or file, of the same length, are taken, each once; and a
// metadata line's shallow object then reads its new line.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linter } from '../../src/index.js';
import { fixBytes, pinnedOptions } from '../../src/engine/fix-loop.js';
import { fixOnDisk } from '../../src/engine/fix-on-disk.js';
import { inMemory } from '../../src/loader/bytes.js';
import { ParsedLines } from '../../src/loader/parsed-lines.js';
import { loadBytes } from '../../src/loader/read-jsonl.js';
import { brokenSession, longLine, progressLine } from '../helpers/line-shapes.js';

const dir = mkdtempSync(join(tmpdir(), 'tl-parsed-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIXTURES = new URL('../../fixtures/', import.meta.url).pathname;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(jsonl|json)$/.test(name) && !name.endsWith('.options.json') ? [path] : [];
  });
}

/**
 * A session whose fix takes two passes, with a metadata line (a shallow object) and a line holding a string kept as
 * bytes among lines left as they were.
 */
const broken = () => `${brokenSession()}${progressLine}\n${longLine}\n{"type":"user","mess`;

describe('later passes of a fix lint as a fresh lint of their bytes does', () => {
  const fixtures = filesUnder(FIXTURES);

  it('for every fixture a fix changes, in memory', () => {
    let changed = 0;
    for (const path of fixtures) {
      const fixed = fixBytes(linter, path, readFileSync(path), { unsafe: true });
      if (!fixed.changed) continue;
      changed++;
      const fresh = linter.lintBytes(path, fixed.output, pinnedOptions({}, fixed.final));
      expect(fixed.final.result, path).toEqual(fresh.result);
    }
    expect(changed).toBeGreaterThan(100);
    // A hang guard, not a time bound: it fixes every fixture (over 30 s on a loaded 2-core machine).
  }, 180_000);

  it('on disk, in chunks of a few lines and of the whole file', () => {
    const path = join(dir, 'session.jsonl');
    writeFileSync(path, broken());
    for (const chunk of [1024, 1 << 20]) {
      const disk = fixOnDisk(linter, path, path, { unsafe: true }, chunk);
      expect(disk.fixed).toBeDefined();
      const bytes = readFileSync(disk.fixed!.path);
      rmSync(disk.fixed!.path);
      const fresh = linter.lintBytes(path, bytes, pinnedOptions({}, disk.loop.final));
      expect(disk.loop.final.result).toEqual(fresh.result);
      expect(disk.loop.passes).toBeGreaterThan(0);
    }
  });
});

describe('ParsedLines', () => {
  it('takes the lines a fix left as they were, and none it wrote; a shallow object reads its new line', () => {
    const bytes = new TextEncoder().encode(broken());
    const first = linter.lintBytes('s.jsonl', bytes, {});
    const fixes = first.findings.flatMap((f) => (f.fix ? [{ ruleId: f.diagnostic.ruleId, ...f.fix }] : []));
    const written = first.format.writeBack(first.model, fixes);
    expect(written.applied.length).toBeGreaterThan(0);
    const before = first.model.file.lines;
    const previous = new ParsedLines(before, written.pieces);
    const next = linter.lintBytes('s.jsonl', inMemory(written.pieces), { ...pinnedOptions({}, first), previous });
    const oldObjects = new Set(before.map((l) => l.json));
    const oldTexts = new Set(before.map((l) => Buffer.from(l.bytes).toString('latin1')));
    const lines = next.model.file.lines.filter((l) => l.json);
    const taken = lines.filter((l) => oldObjects.has(l.json));
    expect(previous.taken).toBe(taken.length);
    expect(taken.length).toBeGreaterThan(5);
    // Every line the fixes left as it was is taken; a line not taken is one they wrote.
    for (const l of lines)
      expect(oldObjects.has(l.json), String(l.lineNo)).toBe(oldTexts.has(Buffer.from(l.bytes).toString('latin1')));
    // The metadata line's nested value, read through its getter, is what its new line holds.
    const meta = next.model.file.lines.find((l) => l.json?.type === 'progress')!;
    expect(oldObjects.has(meta.json)).toBe(true);
    expect(meta.json!.data).toEqual(JSON.parse(progressLine).data);
    // The long line's string kept as bytes reads the same from the line that took it.
    const long = next.model.file.lines.find((l) => l.json?.uuid === 'l1')!;
    expect(oldObjects.has(long.json)).toBe(true);
    expect(long.json).toEqual(JSON.parse(longLine));
  });

  it('takes a line only at its own place and length, and once', () => {
    const data = new TextEncoder().encode('{"a":1}\n{"b":22}\n');
    const file = loadBytes('x.jsonl', data);
    const [a, b] = file.lines;
    // The output: a's bytes cut short, then line b, then line a twice.
    const pieces = [data.subarray(0, 4), data.subarray(8, 17), data.subarray(0, 8), data.subarray(0, 8)];
    const previous = new ParsedLines(file.lines, pieces);
    expect(previous.take(0, 3)).toBeUndefined();
    expect(previous.take(4, 8)).toBe(b!.json);
    expect(previous.take(13, 7)).toBe(a!.json);
    expect(previous.take(21, 7)).toBeUndefined();
    expect(previous.taken).toBe(2);
    // Other memory holding the same bytes is not the same place.
    const copy = new ParsedLines(file.lines, [data.slice(0, 8)]);
    expect(copy.take(0, 7)).toBeUndefined();
  });
});
