// Runs one command under rusage.c and returns its CPU time, wall time and peak RSS, so transcript-lint, the floor
// and the peers are all measured alike, from outside. Compiles the C helpers on first use, cached by source hash.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir } from './sets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Compiles test/bench/<source> with `compiler` and `flags`; returns the binary, or null with the reason. */
export function compiled(source, compiler, flags = []) {
  const src = path.join(here, source);
  const key = createHash('sha256').update(readFileSync(src)).update(flags.join(' ')).digest('hex').slice(0, 12);
  const bin = path.join(benchDir(), 'bin', `${path.parse(source).name}-${key}`);
  if (existsSync(bin)) return { bin };
  mkdirSync(path.dirname(bin), { recursive: true });
  const r = spawnSync(compiler, ['-O2', '-o', bin, src, ...flags], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return { bin: null, why: (r.error?.message ?? r.stderr).trim().split('\n')[0] };
  return { bin };
}

let rusageBin;

/**
 * Runs `cmd args` with stdout to `stdoutFile` (or nowhere) and returns { cpuMs, wallMs, rssKb, code }. Throws when
 * the command could not run or exited with a status that `okCodes` does not allow.
 */
export function measure(cmd, args, { env = {}, cwd, stdoutFile, okCodes = [0] } = {}) {
  rusageBin ??= compiled('rusage.c', 'cc').bin;
  if (!rusageBin) throw new Error('cannot compile test/bench/rusage.c: a C compiler (cc) is needed');
  const out = path.join(benchDir(), `rusage-${process.pid}.json`);
  rmSync(out, { force: true });
  const fd = stdoutFile ? openSync(stdoutFile, 'w') : 'ignore';
  const r = spawnSync(rusageBin, [out, cmd, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, 'pipe'],
    maxBuffer: 1 << 26,
  });
  if (typeof fd === 'number') closeSync(fd);
  if (r.error) throw r.error;
  if (!existsSync(out)) throw new Error(`${cmd} did not run: ${r.stderr}`);
  const usage = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  if (!okCodes.includes(usage.code)) {
    const why = r.stderr.toString().trim().split('\n').slice(-3).join(' / ');
    throw new Error(`${path.basename(cmd)} ${args.slice(0, 3).join(' ')}... exited ${usage.code}: ${why}`);
  }
  return usage;
}
