// batch/custom-id-format: every custom_id of a Message Batch is a string of 1 to 64 characters of [a-zA-Z0-9_-]
// (the API reference: "minLength: 1, maxLength: 64, pattern: ^[a-zA-Z0-9_-]{1,64}$"). The API's answer to a longer
// one, as anthropics/anthropic-sdk-python#984 shows it: "requests.0.custom_id: String should have at most 64
// characters". OpenAI's Batch API sets no such pattern, so the rule runs on Anthropic batches only. The unsafe fix
// writes each other character as `_` and cuts the id to 64 characters, when that id is used by no other request:
// your code matches results by the id, so it has to learn the new one.
import { Batch, defineRule, HeldReports } from '../../src/sdk/index.js';

export const CUSTOM_ID = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX = 64;

/** The id with each character outside the pattern as `_`, cut to 64 characters. */
export function sanitizedId(id: string): string {
  return [...id]
    .map((c) => (/[a-zA-Z0-9_-]/.test(c) ? c : '_'))
    .join('')
    .slice(0, MAX);
}

export default defineRule({
  meta: {
    id: 'batch/custom-id-format',
    type: 'problem',
    view: 'batch',
    description: 'Every custom_id of a Message Batch matches ^[a-zA-Z0-9_-]{1,64}$.',
    docs: {
      detects: 'a custom_id that is not a string of 1 to 64 characters of `[a-zA-Z0-9_-]`',
      fix: 'unsafe (replace other characters by `_`, cut to 64)',
    },
    severity: { api: 'error' },
    fixable: 'unsafe',
    formats: ['anthropic-batch'],
    messages: {
      tooLong:
        'custom_id is {{length}} characters long; the API allows at most 64 and rejects the batch ("requests.{{index}}.custom_id: String should have at most 64 characters").',
      pattern:
        'custom_id {{id}} has characters outside ^[a-zA-Z0-9_-]{1,64}$ (the pattern of the API reference); the API rejects the batch.',
      empty: 'custom_id is empty; the API takes 1 to 64 characters of [a-zA-Z0-9_-] and rejects the batch.',
      notString: 'custom_id is {{detail}}, not a string; the API rejects the batch.',
    },
  },
  check(ctx) {
    const records = ctx.model.records;
    const used = new Set(records.map((r) => r.value.custom_id).filter((id) => typeof id === 'string'));
    const held = new HeldReports(ctx);
    const renamed = new Map<Batch.BatchRecord, string>();
    for (const r of records) {
      const id = r.value.custom_id;
      if (!Object.hasOwn(r.value, 'custom_id')) continue; // line-shape reports it
      const at = Batch.recordSite(r, '/custom_id');
      if (typeof id !== 'string') {
        ctx.report({ messageId: 'notString', at, data: { detail: id === null ? 'null' : typeof id } });
        continue;
      }
      if (CUSTOM_ID.test(id)) continue;
      const fixed = sanitizedId(id);
      const rename =
        fixed !== '' && !used.has(fixed) && ![...renamed.values()].includes(fixed)
          ? () => ({
              applicability: 'unsafe' as const,
              description: `rename the custom_id to ${fixed}`,
              edits: [Batch.recordEdit(r, '/custom_id', fixed)],
            })
          : undefined;
      if (rename) renamed.set(r, fixed);
      if (id === '') held.hold({ messageId: 'empty', at });
      else if (id.length > MAX && CUSTOM_ID.test(id.slice(0, MAX)))
        held.hold({ messageId: 'tooLong', at, data: { length: id.length, index: r.index } }, rename);
      else held.hold({ messageId: 'pattern', at, data: { id: JSON.stringify(id) } }, rename);
    }
    held.send();
  },
});
