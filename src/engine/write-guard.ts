// A last word before a fix replaces a file: whoever runs the engine may say that it must not write any more. The
// command-line tool, run again as the child of its launcher under `ulimit -v`, says so once the launcher is gone
// (cli/launcher-watch.ts): a launcher ended by SIGKILL cannot pass the signal on, and its child went on to replace the
// session ~10 s later, for a run the user had ended. As a library, nothing is installed and every write goes ahead.

let guard: (() => string | undefined) | undefined;

/** Installs the check: it returns why nothing may be written now, or undefined when a write may go ahead. */
export function setWriteGuard(check: (() => string | undefined) | undefined): void {
  guard = check;
}

/** Why no file may be replaced now, or undefined. */
export function writeRefused(): string | undefined {
  return guard?.();
}
