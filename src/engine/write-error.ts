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
    default:
      return e instanceof Error ? e.message : String(err);
  }
}
