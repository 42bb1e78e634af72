// cline/unsigned-thinking: a thinking block carries its signature. Cline leaves a thinking block without one out of
// every request (convertClineStorageToAnthropicMessage, src/shared/messages/content.ts @ 469752a2: "Removes thinking
// block that has no signature (invalid thinking block that's incompatible with Anthropic API)"), so the API accepts
// the request but that reasoning never reaches the model again. A reply that is nothing but such blocks is sent
// empty, which the API rejects (no-empty-content reports that on what Cline sends). The fix removes the blocks, as
// Cline does when it sends them; a reply left with nothing keeps a text block saying what was removed.
import { appendTo, Cline, defineRule, type Entry, HeldReports } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'cline/unsigned-thinking',
    type: 'problem',
    view: 'task-history',
    description: 'Every thinking block has a signature, so Cline sends it.',
    docs: { detects: 'a `thinking` block without a signature, which Cline leaves out of every request', fix: 'safe' },
    severity: { cline: 'warn' },
    fixable: 'safe',
    formats: ['cline'],
    messages: {
      dropped:
        'Thinking block has no signature; Cline leaves it out of every request (the API would reject it), so this reasoning never reaches the model again.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const send = model.sendPath();
    if (!send) return;
    const byEntry = new Map<Entry, number[]>();
    for (const r of send.repairs) {
      if (r.kind !== 'thinking-dropped' || r.block.origin.blockIndex === undefined) continue;
      appendTo(byEntry, r.assistant, r.block.origin.blockIndex);
    }
    const reports = new HeldReports(ctx);
    const fixes = new Map<Entry, ReturnType<typeof Cline.removeThinkingFix>>();
    for (const r of send.repairs) {
      if (r.kind !== 'thinking-dropped') continue;
      const entry = r.assistant;
      reports.hold({ messageId: 'dropped', at: { request: r.block } }, () => {
        if (!fixes.has(entry)) fixes.set(entry, Cline.removeThinkingFix(model, entry, byEntry.get(entry) ?? []));
        return fixes.get(entry);
      });
    }
    reports.send();
  },
});
