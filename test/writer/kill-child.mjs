// Run by backup-kill.test.ts: fixes FILE with the built writer (dist) and SIGKILLs itself halfway through writing
// the backup or the temp file, as a kill -9 at the worst moment would. Usage: node kill-child.mjs IO_JS FILE PHASE
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [ioModule, file, phase] = process.argv.slice(2);
const { writeFileAtomic } = await import(pathToFileURL(ioModule).href);
const original = await fs.readFile(file);
// The fix: keep the torn last line in an entry Claude Code ignores.
const fixed = original.subarray(0, original.lastIndexOf(10) + 1);

const isBackup = (p) => path.basename(p).includes('.bak');
const wanted = (p) => (phase === 'backup' ? isBackup(p) : !isBackup(p) && p.endsWith('.tmp'));

async function dieHalfway(handle, pieces) {
  const first = pieces[0];
  await handle.write(first.subarray(0, first.length >> 1));
  await handle.sync();
  process.kill(process.pid, 'SIGKILL');
  await new Promise(() => undefined);
}

const fsImpl = {
  ...fs,
  // The backup as a plain write (how it was made before it went through a temp file).
  writeFile: async (p, data, options) => {
    if (wanted(String(p))) await dieHalfway(await fs.open(p, options.flag, options.mode), [data]);
    return fs.writeFile(p, data, options);
  },
  open: async (p, flags, mode) => {
    const handle = await fs.open(p, flags, mode);
    if (!wanted(String(p)) || typeof flags !== 'string' || !/[wa]/.test(flags)) return handle;
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'writeFile') return (data) => dieHalfway(target, [...data]);
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  },
};
await writeFileAtomic(file, fixed, { original, fsImpl, openers: () => [] });
console.log('not killed');
