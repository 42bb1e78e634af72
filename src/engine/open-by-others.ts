// Which other processes hold a file open for writing. A writer that keeps its descriptor (O_APPEND, as a running
// agent may) would go on writing into the replaced file, where nobody sees it again; a reader (tail -f, less) loses
// nothing and is not counted. Linux: /proc/<pid>/fd and fdinfo; macOS: lsof. Processes we may not inspect
// (another user's, as non-root) are not seen.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Opener {
  pid: number;
  command: string;
}

/** The file by path and identity: the path finds candidates, dev and inode confirm them. */
export interface FileId {
  path: string;
  dev: number;
  ino: number;
}

export type FindOpeners = (file: FileId) => Opener[] | Promise<Opener[]>;

/** Other processes (not this one) with `file` open for writing; empty where it cannot be told. */
export const openersOf: FindOpeners = (file) => {
  if (process.platform === 'linux') return fromProc(file);
  if (process.platform === 'darwin') return fromLsof(file);
  return [];
};

/** "pid 41 (claude), pid 7 (tail)": at most three, then how many more. */
export function describeOpeners(openers: readonly Opener[]): string {
  const named = openers.slice(0, 3).map((o) => `pid ${o.pid} (${o.command})`);
  if (openers.length > 3) named.push(`${openers.length - 3} more`);
  return named.join(', ');
}

function fromProc(file: FileId): Opener[] {
  const name = path.basename(file.path);
  const found: Opener[] = [];
  for (const entry of safe(() => readdirSync('/proc'), [])) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const dir = `/proc/${pid}/fd`;
    for (const fd of safe(() => readdirSync(dir), [])) {
      const link = safe(() => readlinkSync(`${dir}/${fd}`), '');
      // A replaced file reads "<path> (deleted)"; a bind mount may show another folder, so only the name is matched.
      if (path.basename(link.replace(/ \(deleted\)$/, '')) !== name) continue;
      const st = safe(() => statSync(`${dir}/${fd}`), undefined);
      if (st?.dev === file.dev && st.ino === file.ino && writable(pid, fd)) {
        found.push({ pid, command: commandOf(pid) });
        break;
      }
    }
  }
  return found;
}

/** Whether the descriptor was opened for writing (O_WRONLY or O_RDWR in its fdinfo flags, octal). */
function writable(pid: number, fd: string): boolean {
  const info = safe(() => readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'), '');
  const flags = /^flags:\s*([0-7]+)/m.exec(info)?.[1];
  // Unknown flags: counted, to be safe.
  return flags === undefined || (parseInt(flags, 8) & 0o3) !== 0;
}

function commandOf(pid: number): string {
  const comm = safe(() => readFileSync(`/proc/${pid}/comm`, 'utf8').trim(), '');
  if (comm !== '') return comm;
  const argv0 = safe(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '', '');
  return argv0 !== '' ? path.basename(argv0) : '?';
}

function fromLsof(file: FileId): Opener[] {
  let out: string;
  try {
    out = execFileSync('lsof', ['-n', '-P', '-F', 'pcai', '--', file.path], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (err) {
    // lsof exits 1 when nobody has the file open; missing lsof means we cannot tell.
    out = (err as { stdout?: string }).stdout ?? '';
  }
  // Per process a "p<pid>" and a "c<command>" line, then per open file (starting "f<fd>") an "a<access>" (r, w, u)
  // and an "i<inode>" line.
  const found = new Map<number, Opener>();
  let current: Opener = { pid: 0, command: '?' };
  let access = '';
  for (const line of out.split('\n')) {
    const [tag, value] = [line[0], line.slice(1)];
    if (tag === 'p') current = { pid: Number(value), command: '?' };
    else if (tag === 'c') current.command = value;
    else if (tag === 'f') access = '';
    else if (tag === 'a') access = value;
    else if (tag === 'i' && Number(value) === file.ino && access !== 'r' && current.pid !== process.pid)
      found.set(current.pid, current);
  }
  return [...found.values()];
}

function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}
