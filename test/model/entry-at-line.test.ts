// TranscriptModel.entryAtLine: the entry on a line (of two on one line, the later), undefined for a line without
// one, by an index built once; the same answers for entries in file order, out of order, and on lines far apart.
import { describe, expect, it } from 'vitest';
import { claudeCodeModel } from '../../src/formats/claude-code/model.js';
import { loadText } from '../../src/loader/read-jsonl.js';
import { type ModelParts, TranscriptModel } from '../../src/model/index.js';
import type { Entry } from '../../src/model/types.js';

const entryOn = (line: number, index: number): Entry => ({ line, index, type: 'user', isSidechain: false, raw: {} });

/** A model whose entries are these, on these lines. */
function modelOf(lines: number[]): TranscriptModel {
  const entries = lines.map(entryOn);
  const parts = { format: 't', buildEntries: () => entries } as unknown as ModelParts;
  return new TranscriptModel(loadText('t.jsonl', ''), parts);
}

/** What entryAtLine must answer: the last entry on the line. */
const expected = (m: TranscriptModel, line: number) => m.entries.findLast((e) => e.line === line);

describe('entryAtLine', () => {
  for (const [name, lines] of Object.entries({
    'in file order, some lines without an entry': [1, 2, 4, 5, 9],
    'out of order': [5, 2, 9, 1],
    'two on one line': [1, 3, 3, 4],
    'lines far past the entries (the line keys of a document)': [7, 100_000, 2_000_000],
    none: [],
  })) {
    it(name, () => {
      const m = modelOf(lines);
      for (const line of [-1, 0, 1, 2, 3, 4, 5, 6, 9, 10, 1.5, 100_000, 2_000_000, 3_000_000])
        expect(m.entryAtLine(line), `line ${line}`).toBe(expected(m, line));
    });
  }

  it('finds the entries of a session by their lines, past blank and broken lines', () => {
    const m = claudeCodeModel(
      loadText('t.jsonl', '{"type":"user","uuid":"a"}\n\nnot json\n{"type":"user","uuid":"b"}\n'),
    );
    expect(m.entryAtLine(1)?.uuid).toBe('a');
    expect(m.entryAtLine(2)).toBeUndefined();
    expect(m.entryAtLine(3)).toBeUndefined();
    expect(m.entryAtLine(4)?.uuid).toBe('b');
    expect(m.entryAtLine(5)).toBeUndefined();
  });
});
