// `export` against the real Claude Code 2.1.332 on every issue-14 experiment (fixtures/sessions/claude-code/recorded): each
// item is a mutation of a session the CLI recorded, and items.json keeps what the CLI sent when it resumed the file
// (its first request's history, as skel.py prints it). Our export of the same file must give the same history.
import { describe, expect, it } from 'vitest';
import { linter } from '../src/composition.js';
import { itemText, recordedItems, skeletonOf } from './helpers/recorded.js';

/**
 * Items where Claude Code's first request is not the resumed history, each with what it sent instead. b06a: the last
 * reply's usage is over the model's window, so Claude Code compacts first; its first request is the compaction
 * (the history plus its summarising prompt), which no export of the file holds (context-budget reports it).
 */
const NOT_THE_HISTORY = new Map([['b06a-last-usage-over-window', 'CRITICAL: Respond with TEXT ONLY. Do NOT']]);

function exported(text: string): string[] {
  const data = new TextEncoder().encode(text);
  const format = linter.detect('t.jsonl', data);
  const request = format.exportRequest!(format.load('t.jsonl', data, {})) as {
    messages: { role: string; content: unknown }[];
  };
  return skeletonOf(request.messages.filter((m) => m.role !== 'system'));
}

describe('export = what Claude Code 2.1.332 sent, on every recorded item', () => {
  const items = recordedItems().filter((i) => i.claude.normal?.history);
  it('covers the recorded items', () => {
    expect(items.length).toBeGreaterThanOrEqual(90);
  });
  for (const item of items) {
    const want = item.claude.normal!.history!;
    const instead = NOT_THE_HISTORY.get(item.name);
    it(`${item.name} (${item.item})`, () => {
      const got = exported(itemText(item));
      if (instead === undefined) expect(got).toEqual(want);
      else expect(want.filter((m) => !m.includes(instead))).toEqual(got);
    });
  }
});
