// engine/lint.ts collects garbage once a large input's model is loaded, before its rules run (engine/memory.ts); the
// command-line tool keeps V8's young generation small (cli/v8-tuning.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

// cli/v8-tuning.ts: the command-line tool's threads stop V8's young generation from growing past 4 MB semi-spaces
// (V8 grows it to 16 MB, 32 MB resident, while a large file loads). Each run is a process of its own: V8's flags
// belong to the process.
describe('the young generation of the command-line tool', () => {
  const tuning = pathToFileURL(fileURLToPath(new URL('../dist/src/cli/v8-tuning.js', import.meta.url))).href;
  const memory = pathToFileURL(fileURLToPath(new URL('../dist/src/engine/memory.js', import.meta.url))).href;
  /** The young generation's size (both semi-spaces) after 64 MB of objects kept, the watch told every 4,096. */
  const youngAfterLoad = (tuned: boolean): number => {
    const script = `
      import v8 from 'node:v8';
      ${tuned ? `(await import(${JSON.stringify(tuning)})).tuneV8ForCli();` : ''}
      const { watchYoungGeneration } = await import(${JSON.stringify(memory)});
      const kept = [];
      for (let i = 0; i < 1_000_000; i++) {
        kept.push({ i, text: 'x'.repeat(8) + i });
        if (i % 4096 === 0) watchYoungGeneration();
      }
      process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return Number(run.stdout);
  };

  it('stays at 4 MB semi-spaces once it has grown to them', () => {
    const MB = 1024 * 1024;
    expect(youngAfterLoad(false)).toBeGreaterThan(8 * MB);
    expect(youngAfterLoad(true)).toBe(8 * MB);
  });
});
