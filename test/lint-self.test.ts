// The repository lints and formats itself: Biome's check (its lint rules and its formatter at 120 columns, see
// biome.json) passes on the whole tree. `npm run lint` shows the findings; `npx biome check --write .` applies the
// formatting.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

it('biome check passes on the repository', () => {
  const biome = path.join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
  const r = spawnSync(process.execPath, [biome, 'check', '--reporter=summary', '.'], { cwd: root, encoding: 'utf8' });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
});
