// What lies beside an events.jsonl in its session folder, read when the file is loaded (the linter itself only gets
// the file's bytes): workspace.yaml, which Copilot reads on resume (its `cwd` is where the resumed session runs; an
// unreadable one makes resume fail), and the inuse.<pid>.lock files a running Copilot holds. All of it is optional:
// a file that is not named events.jsonl, or whose folder cannot be read, has no sidecar, and nothing is reported.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const EVENTS_FILE = 'events.jsonl';
export const WORKSPACE_FILE = 'workspace.yaml';

export type WorkspaceState =
  | { status: 'missing' }
  | { status: 'unreadable'; reason: string }
  | { status: 'ok'; fields: ReadonlyMap<string, string>; lines: readonly string[] };

export interface LockFile {
  name: string;
  pid: number;
  alive: boolean;
}

export interface Sidecar {
  /** The session folder. */
  dir: string;
  /** Its name: the session id Copilot resumes it by. */
  folder: string;
  workspace: WorkspaceState;
  /** Whether workspace.yaml's `cwd` is a directory on this machine (undefined without a cwd). */
  cwdIsDirectory?: boolean;
  locks: readonly LockFile[];
}

/** The sidecar of an events.jsonl at this path, or undefined when the path is no session's events file. */
export function readSidecar(filePath: string): Sidecar | undefined {
  if (path.basename(filePath) !== EVENTS_FILE || !path.isAbsolute(filePath)) return undefined;
  const dir = path.dirname(filePath);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const workspace = readWorkspace(path.join(dir, WORKSPACE_FILE), names.includes(WORKSPACE_FILE));
  const cwd = workspace.status === 'ok' ? workspace.fields.get('cwd') : undefined;
  const sidecar: Sidecar = { dir, folder: path.basename(dir), workspace, locks: locksIn(names) };
  if (cwd) sidecar.cwdIsDirectory = isDirectory(cwd);
  return sidecar;
}

const strict = new TextDecoder('utf-8', { fatal: true });

function readWorkspace(file: string, exists: boolean): WorkspaceState {
  if (!exists) return { status: 'missing' };
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    return { status: 'unreadable', reason: (err as NodeJS.ErrnoException).code ?? 'cannot be read' };
  }
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    return { status: 'unreadable', reason: 'it is not UTF-8' };
  }
  // Copilot's YAML parser refuses control characters ("Invalid YAML: control characters are not allowed").
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(text);
  if (control) return { status: 'unreadable', reason: `it holds a control character at position ${control.index}` };
  const fields = new Map<string, string>();
  const lines = text.split('\n');
  for (const line of lines) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*):(?:[ \t]+(.*?))?[ \t]*\r?$/.exec(line);
    if (m) fields.set(m[1]!, unquote(m[2] ?? ''));
  }
  if (!fields.has('id')) return { status: 'unreadable', reason: 'it has no `id`' };
  return { status: 'ok', fields, lines };
}

/** A YAML scalar as written on one line: single-quoted, double-quoted, or plain. */
export function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  return v.replace(/\s+#.*$/, '');
}

function locksIn(names: readonly string[]): LockFile[] {
  const locks: LockFile[] = [];
  for (const name of names) {
    const m = /^inuse\.(\d+)\.(?:lock|hold)$/.exec(name);
    if (m) locks.push({ name, pid: Number(m[1]), alive: isAlive(Number(m[1])) });
  }
  return locks.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
