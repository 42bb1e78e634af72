// What the Claude Code rules may use of the format beyond the transcript model (re-exported by the rule SDK's
// barrel, src/sdk/index.ts, as `ClaudeCode`).
export { INTERRUPTED_TOOL_RESULT } from './repair-passes.js';
export { type MediaRemoval, mediaRemovals } from './compile.js';
export { folderFits, projectFolderOf } from './project-folder.js';
export { type JoinedSession, sessionsInFile } from './joined-sessions.js';
export { KEPT_LINE, keptLineText } from './kept-line.js';
