// The one error a fix's write reports: its message is a whole line for the user, naming the file and saying whether
// the original is unchanged.
export class WriteError extends Error {
  constructor(
    message: string,
    readonly filePath: string,
  ) {
    super(message);
    this.name = 'WriteError';
  }
}

/** An errno as a few words ("the disk is full"), Node's own message otherwise. */
export function describeFsError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the filesystem is read-only';
    case 'EFBIG':
      return 'the file would be larger than the file-size limit allows (ulimit -f)';
    case 'ENOENT':
      // Ours already say what is missing; Node's raw text ("ENOENT: no such file or directory, realpath …") does not.
      if (!e.message?.startsWith('ENOENT')) return e.message;
      return `${e.path ? `${e.path} does` : 'a file or folder it needs does'} not exist (deleted or moved meanwhile?)`;
    case 'ELOOP':
      return `too many levels of symbolic links${e.path ? ` at ${e.path}` : ''}`;
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files (raise the limit: ulimit -n)';
    default:
      return e instanceof Error ? e.message : String(err);
  }
}
