// Where Claude Code keeps a session: `<projects>/<sanitized cwd>/<session-id>.jsonl`, the cwd with every character
// that is not a letter or digit made `-` (claude-code-internals.md §1.6: sanitizePath). A name over 200 characters
// is cut to 200 and given `-` and a hash of the cwd in base 36: the 2.1.332 binary's own code (a 31-based string
// hash of the UTF-16 code units, as Java's), and what the real CLI made for a 211-character cwd (test/rules/
// project-path.test.ts). The project-path rule and the relocate engine share it.

/** Longer folder names are cut to this length by Claude Code, and end in a hash of the cwd. */
export const MAX_PROJECT_FOLDER = 200;

/** Claude Code's folder name for a working directory. */
export function projectFolderOf(cwd: string): string {
  const sanitized = cwd.replace(/[^a-zA-Z0-9]/g, '-');
  if (sanitized.length <= MAX_PROJECT_FOLDER) return sanitized;
  return `${sanitized.slice(0, MAX_PROJECT_FOLDER)}-${Math.abs(stringHash(cwd)).toString(36)}`;
}

/** Whether a project folder name is the one Claude Code gives a working directory. */
export function folderFits(folder: string, cwd: string): boolean {
  return folder === projectFolderOf(cwd);
}

/** `h = 31 * h + unit`, in 32-bit integers, over the string's UTF-16 code units. */
function stringHash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = ((h << 5) - h + text.charCodeAt(i)) | 0;
  return h;
}
