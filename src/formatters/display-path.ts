// How a file is named to the user: relative to cwd when it is below it, otherwise absolute (which reads better than
// a chain of `..`).
import path from 'node:path';

export function displayPath(filePath: string, cwd: string): string {
  return oneLineName(relativeName(filePath, cwd));
}

function relativeName(filePath: string, cwd: string): string {
  // A name that is not a path on disk (`<stdin>`) or already relative is shown as given.
  if (!path.isAbsolute(filePath)) return filePath;
  const rel = path.relative(cwd, filePath);
  return rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel) ? filePath : rel;
}

/**
 * A file name never breaks a line of output: a newline (or a carriage return, tab, U+2028, U+2029) in it is shown as
 * an escape, so a name cannot forge a line of the report ("FAKE: 0 problems"). Other control characters are left to
 * neutralize(), which every human format applies.
 */
export function oneLineName(name: string): string {
  return name.replace(/[\n\r\t\u2028\u2029]/g, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * The path of a file below cwd as forward-slash segments, the form GitHub matches against the repository; undefined
 * when the file is not below cwd. A relative filePath is taken relative to cwd.
 */
export function repoRelativeSegments(filePath: string, cwd: string): string[] | undefined {
  const root = path.resolve(cwd);
  const rel = path.relative(root, path.resolve(root, filePath));
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep);
}

/** An absolute path with forward slashes (a no-op on POSIX, where a backslash is an ordinary file-name character). */
export function forwardSlashes(p: string): string {
  return path.sep === '\\' ? p.replaceAll('\\', '/') : p;
}

/**
 * How machine formats name a file for a code host: repository-relative with forward slashes when it is below cwd
 * (the checkout's root in CI), else absolute with forward slashes.
 */
export function reportPath(filePath: string, cwd: string): string {
  return repoRelativeSegments(filePath, cwd)?.join('/') ?? forwardSlashes(path.resolve(cwd, filePath));
}
