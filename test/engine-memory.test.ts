// engine/memory.ts: a collection between two models of one file, or after a model is loaded, happens only for a large
// input, and only when the command-line tool installed a collector (a large input: engine-memory.heavy.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linter } from '../src/composition.js';
import { COLLECT_FROM_BYTES, collectForLargeInput, setGarbageCollector } from '../src/engine/memory.js';

describe('collectForLargeInput', () => {
  afterEach(() => setGarbageCollector(undefined));

  it('collects for a large input when a collector is installed', () => {
    const gc = vi.fn();
    setGarbageCollector(gc);
    collectForLargeInput(COLLECT_FROM_BYTES - 1);
    expect(gc).not.toHaveBeenCalled();
    collectForLargeInput(COLLECT_FROM_BYTES);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a collector (the library)', () => {
    expect(() => collectForLargeInput(COLLECT_FROM_BYTES * 4)).not.toThrow();
  });

  it('is not asked for by the lint of a small file', () => {
    const gc = vi.fn();
    setGarbageCollector(gc);
    linter.lintText('{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"hi"}}\n');
    expect(gc).not.toHaveBeenCalled();
  });
});
