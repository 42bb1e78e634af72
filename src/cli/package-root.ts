// The folder of transcript-lint's package.json (where docs/ is installed), found by walking up from this module the
// way src/version.ts finds the version: it runs from src/cli/ in tests and from dist/src/cli/ in the bin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null | undefined;

export function packageRoot(): string | undefined {
  if (cached !== undefined) return cached ?? undefined;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'transcript-lint') return (cached = dir);
    } catch {
      // No package.json here; keep walking.
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      cached = null;
      return undefined;
    }
    dir = parent;
  }
}
