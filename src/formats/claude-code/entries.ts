// A Claude Code session's entries: a thin, lossless view over its parsed lines, one entry per JSON object line.
import type { SourceFile } from '../../loader/read-jsonl.js';
import type { Entry } from '../../model/types.js';

export function buildEntries(file: SourceFile): Entry[] {
  const entries: Entry[] = [];
  for (const line of file.lines) {
    const raw = line.json;
    if (!raw) continue;
    entries.push({
      line: line.lineNo,
      index: entries.length,
      type: typeof raw.type === 'string' ? raw.type : '',
      uuid: typeof raw.uuid === 'string' ? raw.uuid : undefined,
      parentUuid: readParent(raw.parentUuid),
      isSidechain: raw.isSidechain === true,
      raw,
    });
  }
  return entries;
}

function readParent(value: unknown): string | null | undefined {
  if (value === null) return null;
  return typeof value === 'string' ? value : undefined;
}
