// codex/arguments-json: a function_call's arguments are a string holding JSON, a custom_tool_call's input a string.
// An object there (a writer that stored the parsed arguments) does not decode: Codex drops the call, and then its
// output as an orphan, so the call is lost on resume. Arguments that are a string but not JSON are sent as they are.
import { Codex, defineRule } from '../../src/sdk/index.js';

const RULE_ID = 'codex/arguments-json';

function jsonError(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description: 'A function_call’s arguments are a string holding JSON; a custom_tool_call’s input is a string.',
    docs: {
      detects:
        'arguments or input that are an object (the call is dropped at load), missing, or a string that is not JSON',
      fix: 'safe (write an object as its compact JSON string); unsafe (take an input object’s only string, give missing arguments "{}")',
      severity: { codex: 'error / warn (a string that is not JSON, or empty)' },
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      notString:
        'The arguments of function_call {{id}} are {{kind}}, not a JSON string: Codex cannot read the call ("invalid type: map, expected a string") and drops it, and then its output as an orphan; the call is lost on resume.',
      missing:
        'function_call {{id}} has no arguments: Codex cannot read the call ("missing field `arguments`") and drops it, and then its output as an orphan.',
      inputNotString:
        'The input of custom_tool_call {{id}} is {{kind}}, not a string: Codex cannot read the call and drops it, and then its output as an orphan; the call is lost on resume.',
      notJson:
        'The arguments of function_call {{id}} are not JSON ({{detail}}): Codex sends them as they are; the model is shown a call no tool could have taken.',
      empty:
        'The arguments of function_call {{id}} are an empty string, not a JSON object: Codex sends them as they are.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const { record, repair } of Codex.repairsBy(model.records, RULE_ID)) {
      const p = (record.payload ?? {}) as Record<string, unknown>;
      const id = String(p.call_id ?? '?');
      const fix = Codex.repairFix(new Codex.CodexFix(model, RULE_ID), record, repair).fix(
        repair.applicability,
        repair.description,
      );
      const at = { line: record.line };
      if (repair.kind === 'missing') ctx.report({ messageId: 'missing', at, data: { id }, fix });
      else if (repair.kind === 'input-not-string')
        ctx.report({ messageId: 'inputNotString', at, data: { id, kind: kindOf(p.input) }, fix });
      else ctx.report({ messageId: 'notString', at, data: { id, kind: kindOf(p.arguments) }, fix });
    }
    const history = model.resume().history;
    const toldTheModel = parseErrorAnswers(history);
    for (const h of history) {
      if (h.item.type !== 'function_call' || typeof h.item.arguments !== 'string') continue;
      const id = String(h.item.call_id ?? '?');
      // Codex answered the call with its own parse error: the file is a faithful record of what the model was told.
      if (toldTheModel.has(id)) continue;
      if (h.item.arguments === '') {
        ctx.report({ messageId: 'empty', at: Codex.siteOf(h), severity: 'warn', data: { id } });
        continue;
      }
      const detail = jsonError(h.item.arguments);
      if (detail !== undefined)
        ctx.report({ messageId: 'notJson', at: Codex.siteOf(h), severity: 'warn', data: { id, detail } });
    }
  },
});

/**
 * The call ids Codex answered with its own "failed to parse function arguments: …" output (recorded, Codex 0.169.0:
 * a model's truncated or mistyped arguments get that reply at once, and the turn goes on).
 */
function parseErrorAnswers(history: readonly Codex.HistoryItem[]): Set<string> {
  const ids = new Set<string>();
  for (const h of history) {
    const { type, call_id: id, output } = h.item;
    if (type === 'function_call_output' && typeof id === 'string' && typeof output === 'string')
      if (output.startsWith('failed to parse function arguments')) ids.add(id);
  }
  return ids;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
