// valid-json: every line must be one JSON object. Claude Code skips a bad line (losing what it held), and a NUL
// byte anywhere makes the whole session unfindable.
import { defineRule } from '../src/rule-api.js';

export default defineRule({
  meta: {
    id: 'valid-json',
    type: 'problem',
    view: 'storage',
    description: 'Every line is one JSON object: no torn last line, garbage, NUL bytes or invalid UTF-8.',
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: {
      torn: 'Last line is cut off mid-entry (a crash while writing); Claude Code skips it and resumes from the entry before it.',
      nul: 'Line contains a NUL byte; Claude Code then cannot find the session at all ("--resume requires a valid session ID").',
      parse: 'Line is not JSON ({{detail}}); Claude Code skips it and whatever it held is lost on resume.',
      utf8: 'Line is not valid UTF-8; its text cannot be read back faithfully.',
      notObject: 'Line is JSON {{detail}} rather than an entry object; Claude Code skips it.',
      tooLong: 'Line is {{bytes}} bytes, over the {{limit}}-byte limit, and was not read.',
    },
  },
  check(ctx) {
    for (const line of ctx.model.file.lines) {
      for (const p of line.problems) {
        switch (p.kind) {
          case 'torn':
            ctx.report({ messageId: 'torn', line: line.lineNo });
            break;
          case 'nul':
            ctx.report({ messageId: 'nul', line: line.lineNo });
            break;
          case 'utf8':
            ctx.report({ messageId: 'utf8', line: line.lineNo });
            break;
          case 'parse':
            // A NUL line that also fails to parse is reported once, as NUL: that is the worse consequence.
            if (!line.problems.some((q) => q.kind === 'nul')) {
              ctx.report({ messageId: 'parse', line: line.lineNo, data: { detail: p.message.replace(/^line is not JSON \((.*)\)$/, '$1') } });
            }
            break;
          case 'not-object':
            ctx.report({ messageId: 'notObject', line: line.lineNo, data: { detail: p.message.replace(/^line is JSON (.*), not an object$/, '$1') } });
            break;
          case 'too-long':
            ctx.report({ messageId: 'tooLong', line: line.lineNo, data: { bytes: line.bytes.length, limit: p.message.match(/the (\d+)-byte/)?.[1] ?? '?' } });
            break;
        }
      }
    }
  },
});
