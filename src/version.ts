// The package version (for --version and SARIF). The nearest package.json is found by walking up from this module,
// because it runs from src/ (tests) as well as from dist/src/ (the bin).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Read once a process: a --cache rerun asks twice (the arguments, the cache's key). */
let version: string | undefined;

export function packageVersion(): string {
  version ??= readVersion();
  return version;
}

function readVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'transcript-lint' && pkg.version) return pkg.version;
    } catch {
      // No package.json here; keep walking.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}
