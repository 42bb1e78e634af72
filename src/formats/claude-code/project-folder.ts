// Where Claude Code keeps a session: `<projects>/<sanitized cwd>/<session-id>.jsonl`, the cwd with every character
// that is not a letter or digit made `-` (claude-code-internals.md §1.6: sanitizePath). Names over 200 characters
// are shortened and given a hash of the path, which is not known here: only their first 200 characters are compared.
// The project-path rule and the relocate engine share it.

/** Claude Code's sanitizePath: every character outside [a-zA-Z0-9] becomes '-'. */
export function projectFolderOf(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

/** Longer folder names are shortened by Claude Code and end in a hash. */
export const MAX_PROJECT_FOLDER = 200;

/** Whether a project folder name is the one Claude Code gives a working directory. */
export function folderFits(folder: string, cwd: string): boolean {
  const want = projectFolderOf(cwd);
  return want.length > MAX_PROJECT_FOLDER ? folder.startsWith(want.slice(0, MAX_PROJECT_FOLDER)) : folder === want;
}
