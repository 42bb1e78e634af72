// codex/reasoning-shape: reasoning items are in the shape the Responses API takes back: a summary (Codex cannot read
// one without), no reasoning text content (what another provider returns; the API allows none), and encrypted
// content from the provider the session runs on. Codex drops a reasoning item it cannot read, and sends the others
// as they are, so the API rejects reasoning text and content another provider encrypted.
import { Codex, defineRule } from '../../src/sdk/index.js';

const RULE_ID = 'codex/reasoning-shape';
type Obj = Record<string, unknown>;

/** The provider each line was written under: the session_meta's, then each thread_settings_applied event's. */
function providersByLine(model: Codex.CodexModel): { at: (line: number) => string | undefined; last?: string } {
  const changes: { line: number; provider: string }[] = [];
  for (const r of model.records) {
    const p = r.payload as Obj | undefined;
    if (!Codex.isObj(p)) continue;
    let provider: unknown;
    if (r.type === 'session_meta') provider = p.model_provider;
    else if (r.type === 'event_msg' && p.type === 'thread_settings_applied' && Codex.isObj(p.thread_settings))
      provider = p.thread_settings.model_provider_id;
    if (typeof provider === 'string' && provider !== '') changes.push({ line: r.line, provider });
  }
  return {
    at: (line) => changes.filter((c) => c.line < line).pop()?.provider,
    last: changes[changes.length - 1]?.provider,
  };
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'Every reasoning item has a summary of summary_text parts, carries no reasoning text content, and was encrypted by the provider the session runs on.',
    docs: {
      detects:
        'reasoning with reasoning_text content (another provider’s; rejected), encrypted by another provider (rejected), without summary or with parts Codex cannot read (dropped)',
      fix: 'safe (drop the content, add an empty summary); unsafe (fix summary parts, remove another provider’s item)',
      severity: { codex: 'error (rejected) / warn (dropped)' },
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      content:
        '{{label}} carries {{count}} reasoning text part(s), as another provider returns them: Codex sends them, and the API rejects the request ("Invalid \'input[{{index}}].content\': array too long. Expected an array with maximum length 0, but got an array with length {{count}} instead.").',
      foreign:
        '{{label}} was encrypted under provider {{from}}, and the session now runs on {{to}}: Codex sends it, and the API cannot verify it ("The encrypted content … could not be verified.").',
      noSummary:
        'The reasoning item on this line has no summary: Codex cannot read it ("missing field `summary`") and drops it, with its encrypted reasoning.',
      summaryParts:
        'The reasoning item on this line has summary parts that are not summary_text: Codex cannot read it ({{error}}) and drops it.',
      contentParts:
        'The reasoning item on this line has content parts Codex cannot read ({{error}}): it drops the whole item.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const providers = providersByLine(model);
    for (const h of model.restoredResume().history) {
      if (h.item.type !== 'reasoning') continue;
      const stored = Codex.storedRecord(model, h);
      const label = Codex.itemLabel(h.item);
      const content = h.item.content;
      const texts = Array.isArray(content) ? content.filter((c) => Codex.isObj(c) && c.type === 'reasoning_text') : [];
      if (texts.length > 0)
        ctx.report({
          messageId: 'content',
          at: Codex.siteOf(h),
          data: {
            label,
            count: Array.isArray(content) ? content.length : 0,
            index: Codex.inputIndex(model.resume(), h) ?? '?',
          },
          fix: stored
            ? new Codex.CodexFix(model, RULE_ID)
                .set(stored, `${h.pointer}/content`, null, { original_content: content })
                .fix('safe', 'drop the reasoning text content (kept in the marker)')
            : undefined,
        });
      const from = h.record ? providers.at(h.record.line) : undefined;
      const to = providers.last;
      if (typeof h.item.encrypted_content === 'string' && h.item.encrypted_content !== '' && from && to && from !== to)
        ctx.report({
          messageId: 'foreign',
          at: Codex.siteOf(h),
          data: { label, from, to },
          fix: stored
            ? Codex.removeItem(new Codex.CodexFix(model, RULE_ID), stored, h).fix(
                'unsafe',
                'remove the reasoning item this provider cannot decrypt',
              )
            : undefined,
        });
    }
    for (const { record, repair } of Codex.repairsBy(model.records, RULE_ID)) {
      const fix = Codex.repairFix(new Codex.CodexFix(model, RULE_ID), record, repair).fix(
        repair.applicability,
        repair.description,
      );
      const at = { line: record.line };
      const error = record.error ?? '';
      if (repair.kind === 'no-summary') ctx.report({ messageId: 'noSummary', at, severity: 'warn', fix });
      else if (repair.kind === 'summary-parts')
        ctx.report({ messageId: 'summaryParts', at, severity: 'warn', data: { error }, fix });
      else ctx.report({ messageId: 'contentParts', at, severity: 'warn', data: { error }, fix });
    }
  },
});
