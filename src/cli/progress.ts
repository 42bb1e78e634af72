// A one-line progress indicator on stderr for long runs, redrawn in place and erased before the report prints.
//
// It shows only when someone is watching (architecture, "Progress only when someone is watching"): stderr is a
// terminal, CI is not set, TERM is not `dumb`, the report is the human `stylish` one going to stdout (not a machine
// format, not -o), and neither --no-progress nor --quiet was given. Even then it waits until the run is long: more
// than MIN_FILES files, or MIN_DELAY_MS since the start. Redraws are throttled to about 10 per second. A run that is
// not watched gets nothing at all, so logs and pipes stay clean. While the line is on screen, Ctrl-C (or SIGTERM,
// SIGHUP) erases it before the process ends by the signal, so the shell's prompt does not land after it.
import { fitWidth } from '../formatters/wrap-text.js';
import type { Output } from './io.js';

export const MIN_FILES = 20;
export const MIN_DELAY_MS = 500;
export const REDRAW_MS = 100;

/** Return to column 0 and erase the line (what readline.clearLine(stream, 0) + cursorTo(stream, 0) write). */
export const CLEAR_LINE = '\r\x1b[2K';

export interface ProgressGate {
  enabled: boolean;
  stderrIsTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

/** Whether progress may be drawn at all (before knowing how long the run will be). */
export function progressAllowed({ enabled, stderrIsTTY, env }: ProgressGate): boolean {
  if (!enabled || !stderrIsTTY) return false;
  if (env.TERM === 'dumb') return false;
  // CI=true, CI=1, CI=anything: a log, not a person. CI=false or CI=0 (or empty) is how a user says "not CI".
  const ci = env.CI;
  return ci === undefined || ci === '' || ci === '0' || ci.toLowerCase() === 'false';
}

export interface Progress {
  /** `done` of `total` files are finished; `detail` says how far the current one is (a large file). */
  update(done: number, detail?: string): void;
  /** Erases the line if it was drawn; call before anything else is printed. */
  clear(): void;
}

export const NO_PROGRESS: Progress = { update() {}, clear() {} };

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export function createProgress(
  stream: Output,
  total: number,
  options: { label?: string; now?: () => number; width?: number } = {},
): Progress {
  const now = options.now ?? Date.now;
  const label = options.label ?? 'Linting';
  const started = now();
  let drawn = false;
  let lastDraw = -Infinity;
  let lastText = '';
  // Erases the line, then ends the process by the same signal (exit 130 for Ctrl-C), as it would have without us.
  // Other handlers for it (interrupt-cleanup.ts during a write) run on the same signal before it ends.
  const onSignal = (signal: NodeJS.Signals): void => {
    stream.write(CLEAR_LINE);
    unlisten();
    process.kill(process.pid, signal);
  };
  const listen = (): void => {
    for (const s of SIGNALS) process.on(s, onSignal);
  };
  const unlisten = (): void => {
    for (const s of SIGNALS) process.off(s, onSignal);
  };
  return {
    update(done, detail) {
      const t = now();
      if (!drawn && total <= MIN_FILES && t - started < MIN_DELAY_MS) return;
      // The last file always redraws, so a finished run never shows a stale count before it is cleared.
      if (done < total && t - lastDraw < REDRAW_MS) return;
      const count = `${label}: ${done}/${total} files (${Math.floor((done / Math.max(total, 1)) * 100)}%)`;
      const full = detail === undefined ? count : `${count}, ${detail}`;
      // One line, always: a line the terminal wraps is not erased whole by the next redraw.
      const text = options.width !== undefined ? fitWidth(full, options.width - 1) : full;
      if (text === lastText) return;
      stream.write(`${CLEAR_LINE}${text}`);
      if (!drawn) listen();
      drawn = true;
      lastDraw = t;
      lastText = text;
    },
    clear() {
      if (drawn) {
        stream.write(CLEAR_LINE);
        unlisten();
      }
      drawn = false;
      lastText = '';
    },
  };
}

/** How far a large file has been read: "read 412 of 1024 MiB" (a large file is linted in one synchronous call). */
export function readDetail(read: number, size: number, pass?: number): string {
  const mib = (n: number) => Math.floor(n / 2 ** 20);
  const bytes = `read ${mib(Math.min(read, size))} of ${mib(size)} MiB`;
  return pass === undefined || pass === 1 ? bytes : `pass ${pass}: ${bytes}`;
}
