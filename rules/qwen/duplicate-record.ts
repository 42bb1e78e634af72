// qwen/duplicate-record: no record is written twice. Qwen Code 0.24.4 takes records that share a uuid for fragments
// of one message and joins their parts: a record copied again (a restored backup, a file appended to itself) sends
// its text twice on resume (recorded: "I will list the files.I will list the files."), and a call twice, which Qwen
// then drops. The fix drops each line that repeats an earlier line byte for byte: nothing is lost.
import { defineRule, Qwen } from '../../src/sdk/index.js';

const RULE_ID = 'qwen/duplicate-record';

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'qwen',
    description: 'No record is written twice (a line that repeats an earlier record of the same uuid).',
    docs: {
      detects: 'a record repeated byte for byte: Qwen joins the copies, sending their text twice',
      fix: 'safe (drop the repeated line)',
      severity: { qwen: 'error (the record has a message) / warn' },
    },
    severity: { qwen: 'error', openai: 'error' },
    fixable: 'safe',
    formats: ['qwen-code'],
    messages: {
      repeated:
        'Record {{uuid}} repeats line {{first}} byte for byte: Qwen Code joins the two as fragments of one message, so what it holds is sent twice on resume.',
      repeatedSystem:
        'Record {{uuid}} repeats line {{first}} byte for byte (a restored backup or a file appended to itself).',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const lines = new Map(model.file.lines.map((l) => [l.lineNo, l]));
    const first = new Map<string, Qwen.QwenRecord>();
    for (const r of model.read.records) {
      const earlier = first.get(r.uuid);
      if (!earlier) {
        first.set(r.uuid, r);
        continue;
      }
      if (!r.whole || !earlier.whole || !sameBytes(lines.get(r.line)!.bytes, lines.get(earlier.line)!.bytes)) continue;
      const fix = new Qwen.QwenFix(model, RULE_ID)
        .deleteLine(r.line)
        .fix('safe', `drop the repeated copy of line ${earlier.line}`);
      const withMessage = (r.message?.parts ?? []).length > 0;
      ctx.report({
        messageId: withMessage ? 'repeated' : 'repeatedSystem',
        at: { line: r.line },
        data: { uuid: r.uuid, first: earlier.line },
        severity: withMessage ? 'error' : 'warn',
        fix,
      });
    }
  },
});
