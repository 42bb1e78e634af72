// Where task histories live: `<globalStorage>/<extension id>/tasks/<task id>/api_conversation_history.json`.
// globalStorage is `<user data dir>/User/globalStorage` of the editor the extension runs in; the user data dir is
// VS Code's app data folder (its src/paths.js getAppDataPath: VSCODE_APPDATA, else %APPDATA% on Windows,
// ~/Library/Application Support on macOS, $XDG_CONFIG_HOME or ~/.config on Linux) joined with the product's name.
// Code is VS Code's own; Code - Insiders, VSCodium, Cursor and Windsurf follow the same convention (not checked
// against their sources); ~/.vscode-server/data holds the globalStorage of extensions that run remotely (SSH, WSL,
// containers). Cline outside VS Code (its CLI, JetBrains) keeps the same folders under its data dir: CLINE_DATA_DIR,
// else $CLINE_DIR/data, else ~/.cline/data (resolveDataDirFromEnv, cline/cline apps/vscode/src/shared/storage/
// storage-context.ts). A task's id is its folder's name: a 13-digit millisecond time for Cline, a UUID for Roo.
// Not found here: Roo's `roo-cline.customStoragePath` setting (tasks below that folder instead), portable editors,
// `--user-data-dir`, Kilo Code's `kilo-code.customStoragePath`, and the Cline 4.x SDK's own sessions (~/.cline/data/sessions/, another format).
import path from 'node:path';
import { HISTORY_FILE } from './detect.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The editors whose globalStorage is searched, by their product folder name. */
export const EDITORS = ['Code', 'Code - Insiders', 'VSCodium', 'Cursor', 'Windsurf'] as const;

/** The extensions' ids, as VS Code names their globalStorage folders (publisher.name, lower case). */
export const CLINE_EXTENSION = 'saoudrizwan.claude-dev';
export const ROO_EXTENSION = 'rooveterinaryinc.roo-cline';
/**
 * Kilo Code, a fork of Roo Code (Kilo-Org/kilocode: publisher `kilocode`, name `kilo-code` in its extension manifest; its
 * build is Roo's `@roo-code/*` packages), which keeps Roo's task folders under its own id: read as Roo's.
 */
export const KILO_EXTENSION = 'kilocode.kilo-code';

/** Every editor's globalStorage folder on this platform. */
export function globalStorageDirs(platform: NodeJS.Platform, env: Env, homedir: string): string[] {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const appData =
    env.VSCODE_APPDATA ||
    (platform === 'win32'
      ? env.APPDATA || p.join(env.USERPROFILE || homedir, 'AppData', 'Roaming')
      : platform === 'darwin'
        ? p.join(homedir, 'Library', 'Application Support')
        : env.XDG_CONFIG_HOME || p.join(homedir, '.config'));
  const dirs = EDITORS.map((editor) => p.join(appData, editor, 'User', 'globalStorage'));
  if (platform === 'linux') dirs.push(p.join(homedir, '.vscode-server', 'data', 'User', 'globalStorage'));
  return dirs;
}

/** The tasks folders of an extension in every editor. */
export function extensionTaskRoots(extension: string, platform: NodeJS.Platform, env: Env, homedir: string): string[] {
  const p = platform === 'win32' ? path.win32 : path.posix;
  return globalStorageDirs(platform, env, homedir).map((dir) => p.join(dir, extension, 'tasks'));
}

/** Cline's own data dir's tasks folder (its CLI and JetBrains plug-in). */
export function clineDataTasks(platform: NodeJS.Platform, env: Env, homedir: string): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const dataDir = env.CLINE_DATA_DIR?.trim() || p.join(env.CLINE_DIR?.trim() || p.join(homedir, '.cline'), 'data');
  return p.join(dataDir, 'tasks');
}

/** One task's history, or every task's (relative to a tasks folder). */
export const taskPatterns = (id: string | undefined): string[] => [`${id ?? '*'}/${HISTORY_FILE}`];

/** A task's id: the name of its folder. */
export const taskIdOf = (file: string): string => path.basename(path.dirname(file));
