// The shared corpus next to the repository (../shared/corpus; absent in a plain clone).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every *.jsonl file below `dir`, in a stable order; none when `dir` does not exist. */
export function jsonlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...jsonlFiles(p));
    else if (name.endsWith('.jsonl')) out.push(p);
  }
  return out;
}
