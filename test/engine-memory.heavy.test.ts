// engine/lint.ts collects garbage once a large input's model is loaded, before its rules run (engine/memory.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linter } from '../src/composition.js';
import { COLLECT_FROM_BYTES, setGarbageCollector } from '../src/engine/memory.js';

describe('lintBytes of a large input', () => {
  afterEach(() => setGarbageCollector(undefined));

  it('collects once, after the load', () => {
    // Lines of 1 MiB, up to the size from which a collection is worth it.
    const line = Buffer.from(`{"type":"progress","data":"${'a'.repeat(1024 * 1024 - 32)}"}\n`);
    const count = Math.ceil(COLLECT_FROM_BYTES / line.length);
    const input = Buffer.concat(Array.from({ length: count }, () => line));
    const gc = vi.fn();
    setGarbageCollector(gc);
    const { model } = linter.lintBytes('large.jsonl', input, { inputFormat: 'claude-code' });
    expect(model.file.lines).toHaveLength(count);
    expect(gc).toHaveBeenCalledTimes(1);
  });
});
