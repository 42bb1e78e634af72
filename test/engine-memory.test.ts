// engine/memory.ts: a collection between two models of one file happens only for a large input, and only when the
// command-line tool installed a collector.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLLECT_FROM_BYTES, collectBetweenModels, setGarbageCollector } from '../src/engine/memory.js';

describe('collectBetweenModels', () => {
  afterEach(() => setGarbageCollector(undefined));

  it('collects for a large input when a collector is installed', () => {
    const gc = vi.fn();
    setGarbageCollector(gc);
    collectBetweenModels(COLLECT_FROM_BYTES - 1);
    expect(gc).not.toHaveBeenCalled();
    collectBetweenModels(COLLECT_FROM_BYTES);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a collector (the library)', () => {
    expect(() => collectBetweenModels(COLLECT_FROM_BYTES * 4)).not.toThrow();
  });
});
