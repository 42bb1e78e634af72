// How a file is named to the user: relative to cwd when it is below it, otherwise absolute (which reads better than
// a chain of `..`).
import path from 'node:path';

export function displayPath(filePath: string, cwd: string): string {
  const rel = path.relative(cwd, filePath);
  return rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel) ? filePath : rel;
}
