// Where Claude Code keeps a session: `<projects>/<sanitized cwd>/<session-id>.jsonl`, the cwd with every character
// that is not a letter or digit made `-` (claude-code-internals.md §1.6: sanitizePath). A name over 200 characters
// is cut to 200 and given `-` and a hash of the cwd in base 36: the 2.1.332 binary's own code (a 31-based string
// hash of the UTF-16 code units, as Java's), and what the real CLI made for a 211-character cwd (test/rules/
// project-path.test.ts). Its lookup also takes a folder with those 200 characters, `-` and another hash (u2s in the
// binary). The project-path rule and the relocate engine share it.

/** Longer folder names are cut to this length by Claude Code, and end in a hash of the cwd. */
export const MAX_PROJECT_FOLDER = 200;

/** Claude Code's folder name for a working directory. */
export function projectFolderOf(cwd: string): string {
  const sanitized = cwd.replace(/[^a-zA-Z0-9]/g, '-');
  if (sanitized.length <= MAX_PROJECT_FOLDER) return sanitized;
  return `${sanitized.slice(0, MAX_PROJECT_FOLDER)}-${Math.abs(stringHash(cwd)).toString(36)}`;
}

/**
 * Whether Claude Code finds a working directory's sessions in a project folder: its own name for it or, for a name
 * it shortens, any folder with the same first 200 characters and `-` (its lookup takes those too, once a session in
 * them has that cwd: a hash made by another version, whose hash function was another).
 */
export function folderFits(folder: string, cwd: string): boolean {
  const own = projectFolderOf(cwd);
  if (folder === own) return true;
  return own.length > MAX_PROJECT_FOLDER && folder.startsWith(own.slice(0, MAX_PROJECT_FOLDER + 1));
}

/** `h = 31 * h + unit`, in 32-bit integers, over the string's UTF-16 code units. */
function stringHash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = ((h << 5) - h + text.charCodeAt(i)) | 0;
  return h;
}
