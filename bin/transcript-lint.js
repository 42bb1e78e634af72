#!/usr/bin/env node
// Thin launcher: main() holds all the logic, never throws, and returns the exit code. Setting exitCode (instead of
// calling process.exit) lets piped output drain. A closed pipe on stdout (`| head`) is not an error worth a stack
// trace; any other failure to write the report or the messages (a full disk, a closed stderr) is one line and exit 2,
// since the run's outcome was not delivered.
import { fstatSync, readFileSync, writeSync } from 'node:fs';

/** A failure before main() runs (it never throws): one line and exit 2, as main's own failures are. */
function fail(what, err) {
  const why =
    err?.code === 'EMFILE' || err?.code === 'ENFILE'
      ? 'too many open files (raise the limit: ulimit -n)'
      : err?.code === 'ENOENT' && what === 'read the current folder'
        ? 'it no longer exists (was it deleted?)'
        : (err?.message ?? String(err));
  try {
    writeSync(2, `transcript-lint: cannot ${what}: ${why}\n`);
  } catch {}
  process.exit(2);
}

/** A clone that was never built has no dist/: say how to build it rather than show Node's stack trace. */
const notBuilt = (err) =>
  err?.code === 'ERR_MODULE_NOT_FOUND' && /[\\/]dist[\\/]bundle[\\/](v8-tuning|cli)\.js/.test(String(err.message))
    ? { message: 'it is not built yet (dist/ is missing): run `npm run build` in its folder first' }
    : err;

/** How an allocation that failed under the cap ends a process: by a signal, or by the shell's 128 + its number. */
const MEMORY_SIGNALS = new Set(['SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGTRAP']);
const CRASH_STATUS = { 133: 'SIGTRAP', 134: 'SIGABRT', 135: 'SIGBUS', 139: 'SIGSEGV' };

/**
 * Under a cap on the address space (`ulimit -v`), each thread that allocates gets its own glibc malloc arena of
 * 64 MB of address space, and Node alone already takes ~730 MB: with a 1 GB cap, a 9 MB session aborted the process
 * in C++ (std::bad_alloc, exit 134). So, capped, the tool runs itself again with at most two arenas (measured: the
 * same 9-60 MB sessions then lint). Linux only (/proc); never twice; the child's exit code or signal is passed on,
 * and a signal sent to this process alone (`kill PID`) is passed to the child, which cleans up after a fix as it
 * would have, rather than left running.
 */
async function rerunWithFewArenas() {
  if (process.platform !== 'linux' || process.env.MALLOC_ARENA_MAX !== undefined) return;
  let limits;
  try {
    limits = readFileSync('/proc/self/limits', 'latin1');
  } catch {
    return;
  }
  const m = /^Max address space\s+(\S+)/m.exec(limits);
  if (!m || m[1] === 'unlimited') return;
  // Ctrl-C reaches both processes; the child then gets it twice, and its first ends it (interrupt-cleanup.ts).
  // Listened for before the child starts: a signal that came between its start and the listening would end this
  // process by the default action and leave the child running (seen once under load). A handler runs on the event
  // loop, so never before `child` is set.
  let child;
  const relay = (signal) => child?.kill(signal);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, relay);
  // The child watches this process through fd 3, a pipe only this process holds the other end of, and through its
  // parent pid: killed by SIGKILL, this process cannot pass the signal on, and the child must then not write
  // (src/cli/launcher-watch.ts).
  // Loaded only here: node:child_process (and node:net below it) costs every other run ~10 ms of CPU to load.
  const { spawn } = await import('node:child_process');
  child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    env: { ...process.env, MALLOC_ARENA_MAX: '2', TRANSCRIPT_LINT_LAUNCHER: `${process.pid}:3` },
  });
  const end = await new Promise((resolve) => {
    child.on('error', (error) => resolve({ error }));
    child.on('exit', (status, signal) => resolve({ status, signal }));
  });
  for (const s of signals) process.off(s, relay);
  if (end.error) return; // Could not start it (the cap itself?): carry on in this process.
  // An allocation that fails under the cap ends the process in C++ or in V8, with no chance for JavaScript to say so:
  // an abort (std::bad_alloc, V8's "out of memory"), or a crash where V8 did not check (measured: SIGSEGV for a 1 GB
  // session under a 1.3 GB cap; SIGTRAP when V8 cannot reserve its code range). Say it here, after the raw text the
  // child printed, as a tool failure.
  const died = end.signal ?? CRASH_STATUS[end.status];
  if (died && MEMORY_SIGNALS.has(died)) {
    const cap = Math.round(Number(m[1]) / 2 ** 20);
    const how = died === 'SIGABRT' ? 'ran out of memory and stopped' : `crashed (${died}), most likely out of memory`;
    const heapFlag = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) =>
      a.includes('max-old-space-size'),
    );
    try {
      writeSync(
        2,
        `transcript-lint: ${how}: the address space is capped at ${cap} MiB (ulimit -v), ` +
          'and Node takes about 730 MiB of it before it reads a line; raise the cap (a 200 MB session needs about ' +
          `1,000 MiB in all)${heapFlag ? ' or the heap limit (--max-old-space-size)' : ''}, or lint fewer or ` +
          'smaller files at once. A fix is written whole or not at all, so no file was left half-written.\n',
      );
    } catch {}
    process.exit(2);
  }
  if (end.signal) process.kill(process.pid, end.signal);
  process.exit(end.status ?? 2);
}
await rerunWithFewArenas();

try {
  // Before the rest is loaded: see v8-tuning.ts.
  (await import('../dist/bundle/v8-tuning.js')).tuneV8ForCli();
} catch (err) {
  fail('start', notBuilt(err));
}

let main;
try {
  let watchLauncher;
  ({ default: main, watchLauncher } = await import('../dist/bundle/cli.js'));
  watchLauncher(process.env);
} catch (err) {
  fail('start', notBuilt(err));
}
let cwd;
try {
  cwd = process.cwd();
} catch (err) {
  fail('read the current folder', err);
}

let failedOutput;
const watch = (name, stream) =>
  stream.on('error', (err) => {
    if (name === 'stdout' && err.code === 'EPIPE') return;
    failedOutput ??= { name, err };
  });
watch('stdout', process.stdout);
watch('stderr', process.stderr);
process.on('exit', () => {
  if (!failedOutput) return;
  const { name, err } = failedOutput;
  const why = err.code === 'ENOSPC' ? 'the disk is full' : err.code === 'EBADF' ? 'it is closed' : err.message;
  // stderr itself may be what failed: then there is nowhere left to say it, and the exit code alone tells.
  try {
    writeSync(2, `transcript-lint: cannot write to ${name}: ${why}\n`);
  } catch {}
  process.exitCode = 2;
});

/** Whether stdin is a pipe or a file with data (not a terminal, nor /dev/null as CI gives): fstat only, no read. */
function stdinHoldsData() {
  try {
    const st = fstatSync(0);
    return st.isFIFO() || (st.isFile() && st.size > 0);
  } catch {
    return false;
  }
}

// stdin is touched only when `-` asks for it, so a run on files never opens it.
const stdin = { [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator]() };
process.exitCode = await main({
  argv: process.argv.slice(2),
  cwd,
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdoutIsTTY: process.stdout.isTTY === true,
  columns: process.stdout.isTTY === true ? process.stdout.columns : undefined,
  stderrIsTTY: process.stderr.isTTY === true,
  stdin,
  stdinPiped: stdinHoldsData(),
});
