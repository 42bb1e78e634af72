// thinking-signature: a thinking block must carry its signature and a redacted_thinking block its data, exactly as
// the API returned them. Without a signature the API rejects the request and Claude Code 2.1.332 retries once with
// every thinking block of the history stripped (claude-code-observed.md; api-errors.md E8). A redacted_thinking block
// without data (or with empty data) is another case, measured on recordings of the real CLI (recorded items 05a,
// 05b): it is sent as it is, rejected ("…redacted_thinking.data: Field required", the stricter stand-in's wording,
// from the issue), and there is no strip-and-retry: the same body goes out 6 times and the resume fails. E9
// ("Invalid 'data' in 'redacted_thinking' block") is the error for data that is there but wrong. Empty thinking TEXT
// with a signature is how omitted/redacted thinking is stored and is fine (claude-code-internals.md §1.8).
import { Anthropic, defineRule, PlannedReports, storedSite } from '../src/sdk/index.js';

const FIX = 'remove the thinking block the API cannot verify';

export default defineRule({
  meta: {
    id: 'thinking-signature',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'Every thinking block has a non-empty signature and every redacted_thinking block has its data.',
    docs: { detects: 'a thinking block with a missing or empty signature; `redacted_thinking` without data' },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: {
      missingSignature:
        'Thinking block has no signature; the API rejects the request ("thinking.signature: Field required") and Claude Code then retries with every thinking block of the history stripped.',
      emptySignature:
        'Thinking block has an empty signature; the API rejects the request ("Invalid `signature` in `thinking` block") and Claude Code then retries with every thinking block of the history stripped.',
      redactedNoData:
        'redacted_thinking block has {{what}}; the API rejects the request ("redacted_thinking.data: Field required", wording unverified) and Claude Code sends the same body again on every retry, with no thinking strip, so the resume fails.',
    },
  },
  check(ctx) {
    // Every bad block of one message goes in one fix: a part left with nothing is removed, its children re-linked.
    const reports = new PlannedReports(ctx);
    for (const m of ctx.model.apiView().merged) {
      if (m.role !== 'assistant') continue;
      for (const b of m.blocks) {
        if (b.origin.synthetic) continue;
        let messageId: 'missingSignature' | 'emptySignature' | 'redactedNoData' | undefined;
        let what = '';
        if (b.block.type === 'thinking') {
          const sig = b.block.signature;
          if (typeof sig !== 'string') messageId = 'missingSignature';
          else if (sig === '') messageId = 'emptySignature';
        } else if (b.block.type === 'redacted_thinking') {
          const data = b.block.data;
          if (typeof data !== 'string' || data === '') {
            messageId = 'redactedNoData';
            what = data === '' ? 'empty data' : 'no data';
          }
        }
        if (!messageId) continue;
        const site = storedSite(ctx.model, b);
        const plan = site ? reports.plan(m).removeSite(site) : undefined;
        const at = { request: b, pointer: Anthropic.blockPointer(b) };
        const fix = plan && { plan, description: FIX };
        if (messageId === 'redactedNoData') reports.add({ messageId, data: { what }, at }, fix);
        else reports.add({ messageId, at }, fix);
      }
    }
    reports.send();
  },
});
