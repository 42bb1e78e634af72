// codex/compaction: a compaction is whole: the summary message Codex writes when it compacts is followed by the
// compacted record that replaces the history before it, and that record is one Codex can read. Without a readable
// compacted record (deleted, torn, or its replacement_history_metadata out of step with the history) Codex sends the
// whole pre-compaction history again, plus the summary as an ordinary assistant message.
import { Codex, defineRule } from '../../src/sdk/index.js';

const RULE_ID = 'codex/compaction';
type Obj = Record<string, unknown>;

const isSummary = (r: Codex.CodexRecord): boolean =>
  r.type === 'response_item' && Codex.isObj(r.raw.metadata) && r.raw.metadata.compaction_output === true;

/** Records that come between a compaction's summary and its compacted record. */
const BETWEEN = (r: Codex.CodexRecord): boolean =>
  r.type === 'token_usage_record' ||
  (r.type === 'event_msg' &&
    Codex.isObj(r.payload) &&
    ['token_count', 'item_completed'].includes(r.payload.type as string));

function summaryText(item: Obj): string | undefined {
  const content = Array.isArray(item.content) ? item.content : [];
  const parts = content
    .filter((c) => Codex.isObj(c) && typeof c.text === 'string')
    .map((c) => (c as Obj).text as string);
  return parts.length > 0 ? parts.join('') : undefined;
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'Every compaction summary is followed by a compacted record Codex can read, whose replacement_history (and its metadata) is whole.',
    docs: {
      detects:
        'a compaction summary without its compacted record (deleted or torn), a compacted record Codex cannot read (metadata out of step), an empty replacement_history',
      fix: 'safe (remove replacement_history_metadata that is out of step); unsafe (rebuild a lost compacted record from the summary)',
      severity: { codex: 'error (a compacted record Codex cannot read) / warn' },
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      metadataLength:
        'The compacted record does not decode ("{{error}}"): Codex ignores it, sends the whole history before the compaction again, and the summary as an assistant message.',
      undecodable:
        'The compacted record does not decode ({{error}}): Codex ignores it, and sends the whole history before the compaction again.',
      lost: 'The compaction summary on this line has no compacted record after it: Codex sends the whole history before the compaction again, and the summary as an assistant message.',
      empty:
        'The compacted record’s replacement_history is empty: Codex resumes with no history before this line, and re-sends the context.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const records = model.records;
    for (const r of records) {
      if (r.type !== 'compacted') continue;
      const p = Codex.isObj(r.payload) ? r.payload : undefined;
      if (r.error !== undefined) {
        const repair = Codex.recordRepairs(r).find((x) => x.rule === RULE_ID);
        if (repair)
          ctx.report({
            messageId: 'metadataLength',
            at: { line: r.line },
            data: { error: r.error },
            fix: Codex.repairFix(new Codex.CodexFix(model, RULE_ID), r, repair).fix(
              repair.applicability,
              repair.description,
            ),
          });
        else ctx.report({ messageId: 'undecodable', at: { line: r.line }, data: { error: r.error } });
      } else if (p && Array.isArray(p.replacement_history) && p.replacement_history.length === 0) {
        ctx.report({ messageId: 'empty', at: { line: r.line }, severity: 'warn' });
      }
    }
    for (const [i, r] of records.entries()) {
      // A summary in a copy of the file's own lines goes with the copy (codex/session-meta, codex/unique-call-id).
      if (!isSummary(r) || Codex.inReplayedBlock(model, r.line)) continue;
      let j = i + 1;
      while (j < records.length && BETWEEN(records[j]!)) j++;
      if (records[j]?.type === 'compacted') continue;
      const last = records[j - 1]!;
      ctx.report({ messageId: 'lost', at: { line: r.line }, severity: 'warn', fix: rebuild(model, r, last) });
    }
  },
});

/**
 * The compacted record Codex would have written: the summary prefixed as Codex does, and a replacement_history of the
 * developer and user messages before the summary, then the summary as a user message. It goes after the records
 * that follow the summary (token counts), where Codex writes it.
 */
function rebuild(model: Codex.CodexModel, summary: Codex.CodexRecord, after: Codex.CodexRecord) {
  const text = Codex.isObj(summary.payload) ? summaryText(summary.payload) : undefined;
  if (text === undefined) return undefined;
  const message = Codex.SUMMARY_PREFIX + text;
  const history: Obj[] = [];
  for (const h of model.resume().history) {
    if (!h.record || h.record.line >= summary.line || h.synthetic) continue;
    if (h.item.type !== 'message' || (h.item.role !== 'developer' && h.item.role !== 'user')) continue;
    const { internal_chat_message_metadata_passthrough: _, ...item } = h.item;
    history.push(item);
  }
  history.push({ type: 'message', role: 'user', content: [{ type: 'input_text', text: message }] });
  return new Codex.CodexFix(model, RULE_ID)
    .insertRecord(after.line, summary, 'compacted', { message, replacement_history: history })
    .fix('unsafe', 'rebuild the compacted record from the summary and the messages before it');
}
