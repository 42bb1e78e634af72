// A file-system error is said in words (one line, exit 2), never as Node's raw "ECODE: ..., syscall 'path'" text.
import { describe, expect, it } from 'vitest';
import { describeFsError } from '../../src/engine/write-error.js';

const nodeError = (code: string, syscall: string, path: string) =>
  Object.assign(new Error(`${code}: some text, ${syscall} '${path}'`), { code, syscall, path });

describe('describeFsError', () => {
  it('a file deleted during --fix names the path, not the syscall', () => {
    expect(describeFsError(nodeError('ENOENT', 'realpath', '/tmp/s.jsonl'))).toBe(
      '/tmp/s.jsonl does not exist (deleted or moved meanwhile?)',
    );
  });
  it('keeps our own message for a missing place', () => {
    const ours = Object.assign(new Error('/tmp/new cannot be created there'), { code: 'ENOENT' });
    expect(describeFsError(ours)).toBe('/tmp/new cannot be created there');
  });
  it('names the file-size limit, a link loop and the open-files limit', () => {
    expect(describeFsError(nodeError('EFBIG', 'write', '/tmp/x'))).toContain('ulimit -f');
    expect(describeFsError(nodeError('ELOOP', 'open', '/tmp/l'))).toBe('too many levels of symbolic links at /tmp/l');
    expect(describeFsError(nodeError('EMFILE', 'open', '/tmp/x'))).toContain('ulimit -n');
  });
});
