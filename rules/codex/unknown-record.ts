// codex/unknown-record: every record is of a type and shape Codex 0.169.0 reads. Its decoder skips a line whose record
// it cannot read, whole and silently (an unknown record type, no payload, metadata that is no object, a tool output
// that is an object, a message part of an unknown type), and it keeps an item of an unknown type without ever
// sending it. Records the other rules own (session_meta, ordinals, arguments, names, reasoning, compaction,
// turn_context) are theirs; this rule reports the rest and brings back what it can.
import { Codex, defineRule } from '../../src/sdk/index.js';

const RULE_ID = 'codex/unknown-record';
const ROLES = new Set(['user', 'assistant', 'system', 'developer']);
/** Record types whose shape another rule judges. */
const OWNED_TYPES = new Set(['session_meta', 'compacted', 'turn_context', 'event_msg']);

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'Every record is of a type and shape Codex reads, and every message has a role the API takes; nothing is skipped or kept unsent.',
    docs: {
      detects:
        'a record Codex skips (unknown type, no payload or timestamp, bad metadata, an object as output, an unknown content part), an item type it never sends, a message role the API refuses',
      fix: 'safe (drop a record without payload, remove bad metadata, unwrap an output object, date a record); unsafe (a refusal part as text, role tool as assistant, a local_shell_call status)',
      severity: { codex: 'error (a role the API refuses) / warn' },
    },
    severity: { codex: 'warn', 'openai-responses': 'warn' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      unknownType:
        'Record type {{type}} is not one Codex 0.169.0 knows: it skips the line ("unknown variant `{{type}}`").',
      unknownItem:
        'A response_item of type {{type}}, which Codex 0.169.0 does not know: it keeps the item but never sends it.',
      noPayload: 'The record has no payload: Codex cannot read it ("missing field `payload`") and skips it{{lost}}.',
      noTimestamp:
        'The record has no timestamp: Codex cannot read it ("missing field `timestamp`") and skips it{{lost}}.',
      metadata:
        'The record’s metadata is not an object: Codex cannot read the record ("{{error}}") and skips it{{lost}}.',
      outputObject:
        'The output of {{label}} is an object, not a string or content parts: Codex cannot read it ("{{error}}") and drops it; its call then gets a synthetic "aborted" output.',
      refusal:
        'An assistant message with a refusal part: Codex cannot read it ("{{error}}") and drops the whole message.',
      shellStatus:
        'A local_shell_call with a status Codex does not know: it cannot read the call ("{{error}}") and drops it, and then its output as an orphan.',
      role: 'A message with role {{role}}: Codex sends it, and the API rejects the request (the roles are user, assistant, system, developer).',
      undecodable: 'The {{what}} on this line does not decode ({{error}}): Codex skips it{{lost}}.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    let previous: Codex.CodexRecord | undefined;
    for (const r of model.records) {
      const prev = previous;
      previous = r;
      const p = Codex.isObj(r.payload) ? r.payload : undefined;
      const lost =
        r.type === 'response_item' && p && typeof p.type === 'string' ? `, and with it the ${p.type} it held` : '';
      const at = { line: r.line };
      if (r.error === undefined) {
        if (r.type === 'response_item' && p) {
          const d = Codex.decodeItem(p);
          if (d.ok && d.other) ctx.report({ messageId: 'unknownItem', at, data: { type: String(p.type) } });
          if (p.type === 'message' && typeof p.role === 'string' && !ROLES.has(p.role))
            ctx.report({
              messageId: 'role',
              at,
              severity: 'error',
              data: { role: JSON.stringify(p.role) },
              fix: new Codex.CodexFix(model, RULE_ID)
                .set(r, `${r.payloadPointer}/role`, 'assistant', { original_role: p.role })
                .fix('unsafe', 'make the message an assistant message'),
            });
        }
        continue;
      }
      if (model.generation === 'legacy' && r.type !== 'response_item') continue;
      const repairs = Codex.recordRepairs(r, prev);
      for (const repair of repairs.filter((x) => x.rule === RULE_ID)) {
        const fix = Codex.repairFix(new Codex.CodexFix(model, RULE_ID), r, repair).fix(
          repair.applicability,
          repair.description,
        );
        const error = r.error;
        if (repair.kind === 'no-timestamp') ctx.report({ messageId: 'noTimestamp', at, data: { lost }, fix });
        else if (repair.kind === 'metadata') ctx.report({ messageId: 'metadata', at, data: { error, lost }, fix });
        else if (repair.kind === 'output-object')
          ctx.report({ messageId: 'outputObject', at, data: { label: Codex.itemLabel(p ?? {}), error }, fix });
        else if (repair.kind === 'refusal') ctx.report({ messageId: 'refusal', at, data: { error }, fix });
        else if (repair.kind === 'shell-status') ctx.report({ messageId: 'shellStatus', at, data: { error }, fix });
      }
      if (repairs.length > 0 || OWNED_TYPES.has(r.type) || /expected u64$/.test(r.error)) continue;
      if (!Codex.RECORD_TYPES.has(r.type)) {
        // A line a fix kept, in a record Codex skips on purpose.
        if (r.type === Codex.KEPT_LINE) continue;
        if (r.type === '')
          ctx.report({ messageId: 'undecodable', at, data: { what: 'line', error: r.error, lost: '' } });
        else ctx.report({ messageId: 'unknownType', at, data: { type: r.type } });
        continue;
      }
      if (!Object.hasOwn(r.raw, 'payload')) {
        ctx.report({
          messageId: 'noPayload',
          at,
          data: { lost: '' },
          fix: new Codex.CodexFix(model, RULE_ID).deleteLine(r.line).fix('safe', 'drop the record (it holds nothing)'),
        });
        continue;
      }
      const what = p && typeof p.type === 'string' ? `${r.type} (${p.type})` : r.type;
      ctx.report({ messageId: 'undecodable', at, data: { what, error: r.error, lost } });
    }
  },
});
