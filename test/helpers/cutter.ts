// A rule that cuts a file shorter while it is linted, then asks for a line's bytes (as a finding's column would):
// how the tests of large files see a file that changes under them.
import { truncateSync } from 'node:fs';
import { defineRule, type Rule } from '../../src/sdk/index.js';

export function cutterRule(path: string, cutTo: number, readLineIndex: number): Rule {
  return defineRule({
    meta: {
      id: 'cutter',
      type: 'problem',
      view: 'storage',
      formats: ['claude-code'],
      description: 'cuts the file under the lint',
      docs: { detects: 'nothing' },
      severity: { 'claude-code': 'error' },
      messages: {},
    },
    check(ctx) {
      truncateSync(path, cutTo);
      void ctx.model.file.lines[readLineIndex]!.bytes;
    },
  });
}
