// qwen/history-gap: the chain Qwen Code 0.24.4 walks back from the last record reaches the first record. A record
// whose parent is on no line (a dropped or torn record) ends the walk: every record before it is silently left out
// of the resumed history (recorded: a dropped tool_result line lost the first prompt and the call). The fix links the
// record to the one written before it in the file, as Qwen itself would have; a call that then has no result is
// qwen/call-has-result's to answer.
import { defineRule, Qwen } from '../../src/sdk/index.js';

const RULE_ID = 'qwen/history-gap';

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'qwen',
    description:
      'The uuid chain resume walks back from the last record reaches the first record, with no parent missing.',
    docs: {
      detects: 'a record whose parentUuid names no record (a dropped or torn line): the history before it is lost',
      fix: 'safe (link the record to the record written before it)',
    },
    severity: { qwen: 'error', openai: 'error' },
    fixable: 'safe',
    formats: ['qwen-code'],
    messages: {
      gap: 'Record {{uuid}} names parent {{parent}}, which no record has: Qwen Code stops the history there, and the {{lost}} record(s) before it (from line {{first}}) are left out of the resumed conversation without a word.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const records = model.read.records;
    for (const { child, missingParent } of model.chain().gaps) {
      const before = records.filter((r) => r.line < child.line && Qwen.isConversationRecord(r));
      if (before.length === 0) continue;
      const previous = before.at(-1)!;
      const fix = child.whole
        ? new Qwen.QwenFix(model, RULE_ID)
            .relink(child, previous.uuid)
            .fix('safe', `link record ${child.uuid} to ${previous.uuid}, the record written before it`)
        : undefined;
      ctx.report({
        messageId: 'gap',
        at: { line: child.line, pointer: '/parentUuid' },
        data: { uuid: child.uuid, parent: missingParent, lost: before.length, first: before[0]!.line },
        fix,
      });
    }
  },
});
