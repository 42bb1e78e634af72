// A --fix killed while it computes the fixes of a large file (synchronous work, where no signal handler runs) leaves
// no temp file: the watcher process it started removes ours, and only ours (src/cli/temp-reaper.ts). Runs the built
// module (npm test builds first) in a child process, which the test kills.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const MODULE = pathToFileURL(fileURLToPath(new URL('../dist/src/cli/temp-reaper.js', import.meta.url))).href;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tl-reaper-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A process that writes a temp file for s.jsonl with its pid, starts the watcher, and then ends as `how` says. */
function fixer(how: 'hang' | 'finish') {
  const script = `
    import { writeFileSync } from 'node:fs';
    import path from 'node:path';
    const { reapTempsIfKilled } = await import(${JSON.stringify(MODULE)});
    const dir = ${JSON.stringify(dir)};
    writeFileSync(path.join(dir, '.s.jsonl.' + process.pid + '.0123abcd.tmp'), 'fixed so far');
    writeFileSync(path.join(dir, '.s.jsonl.bak.' + process.pid + '.0123abcd.tmp'), 'backup so far');
    const release = reapTempsIfKilled([{ dir, name: 's.jsonl' }]);
    process.stdout.write('ready\\n');
    // 'finish': the fix says it is over, then the process dies all the same (the test kills it).
    if (${JSON.stringify(how)} === 'finish') setTimeout(release, 300);
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve) => child.stdout.on('data', () => resolve()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, ready, exited };
}

async function settle(until: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !until(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('temp files of a --fix that dies', () => {
  it('are removed when the process is killed (SIGKILL: no handler of its own runs), and nothing else is', async () => {
    writeFileSync(path.join(dir, 's.jsonl'), 'the session');
    writeFileSync(path.join(dir, '.s.jsonl.1.0123abcd.tmp'), 'another process');
    writeFileSync(path.join(dir, '.t.jsonl.2.0123abcd.tmp'), 'another file');
    const { child, ready, exited } = fixer('hang');
    await ready;
    const ours = readdirSync(dir).filter((n) => n.includes(`.${child.pid}.`));
    expect(ours).toHaveLength(2);
    child.kill('SIGKILL');
    await exited;
    await settle(() => ours.every((n) => !existsSync(path.join(dir, n))));
    expect(readdirSync(dir).sort()).toEqual(['.s.jsonl.1.0123abcd.tmp', '.t.jsonl.2.0123abcd.tmp', 's.jsonl']);
  });

  it('are left to the fix once it says it is over (its temp files are then renamed or removed by it)', async () => {
    const { child, ready, exited } = fixer('finish');
    await ready;
    await new Promise((r) => setTimeout(r, 600));
    child.kill('SIGKILL');
    await exited;
    // Time for a watcher that would wrongly remove them.
    await new Promise((r) => setTimeout(r, 500));
    expect(readdirSync(dir).filter((n) => n.includes(`.${child.pid}.`))).toHaveLength(2);
  });
});
