// codex/call-has-output: every call in the history has an output. When one has none, Codex 0.169.0 puts a synthetic
// "aborted" output right after it in the request (and never in the file), or for a tool_search_call a completed
// tool_search_output with no tools (recorded: fixtures/sessions/codex/restored-search-output); the Responses API
// itself rejects a call without output ("No tool output found for function call …"). The fix writes Codex's own
// synthetic output into the file at that place, so the request Codex sends does not change and the file is valid on
// its own; inside a compacted record's replacement_history too.
import { Codex, defineRule, type FixDescriptor } from '../../src/sdk/index.js';

const RULE_ID = 'codex/call-has-output';
type Obj = Record<string, unknown>;

const API_WORDS: Record<Codex.CallType, string> = {
  function_call: 'function call',
  local_shell_call: 'function call',
  custom_tool_call: 'custom tool call',
  tool_search_call: 'tool search call',
};

/** What Codex sends for an unanswered call of this type (synthetic.ts): "aborted", or a search that found nothing. */
function syntheticWords(t: Codex.CallType): string {
  return t === 'tool_search_call'
    ? 'a synthetic tool_search_output that found no tools (`"status":"completed"`, `"tools":[]`)'
    : 'a synthetic "aborted" output';
}

/** One fix per compacted record: a synthetic output after each unanswered call of its replacement_history. */
function replacementFix(
  model: Codex.CodexModel,
  record: Codex.CodexRecord,
  unanswered: Set<number>,
): FixDescriptor | undefined {
  // A record Codex cannot read yet (its metadata out of step) is codex/compaction's to repair first.
  if (record.error !== undefined) return undefined;
  const p = record.payload as Obj;
  const rh = p.replacement_history as unknown[];
  const md = Array.isArray(p.replacement_history_metadata) ? p.replacement_history_metadata : undefined;
  const items: unknown[] = [];
  const meta: unknown[] = [];
  for (const [k, item] of rh.entries()) {
    items.push(item);
    if (md) meta.push(md[k]);
    if (unanswered.has(k)) {
      items.push(Codex.syntheticOutput(item as Obj));
      if (md) meta.push({});
    }
  }
  const fix = new Codex.CodexFix(model, RULE_ID).set(record, '/payload/replacement_history', items, {
    synthetic_outputs: unanswered.size,
  });
  if (md) fix.set(record, '/payload/replacement_history_metadata', meta);
  return fix.fix('safe', 'add Codex’s synthetic output after each unanswered call of the replacement_history');
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'Every call in the history (function_call, local_shell_call, custom_tool_call, tool_search_call) has an output with its call_id.',
    docs: {
      detects: 'a call without output, in the history or inside a compacted record’s replacement_history',
      fix: 'safe (write the synthetic output Codex itself sends, right after the call: "aborted", or no tools for a tool_search_call)',
    },
    severity: { codex: 'warn', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      noOutput:
        '{{label}} has no output: Codex answers it with {{answer}} in the request only (the file stays as it is); sent as it is, the API rejects the request ("No tool output found for {{words}} {{id}}.").',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const history = model.restoredResume().history;
    const answered = new Set<string>();
    for (const h of history)
      if (Codex.isOutputType(h.item.type) && typeof h.item.call_id === 'string')
        answered.add(`${h.item.type}\u0000${h.item.call_id}`);
    const unanswered = history.filter((h) => {
      const t = h.item.type;
      const id = h.item.call_id;
      return (
        Codex.isCallType(t) && typeof id === 'string' && !answered.has(`${Codex.ANSWERED_BY.get(t)!.output}\u0000${id}`)
      );
    });
    // Per compacted record, the indexes of its unanswered calls.
    const inReplacement = new Map<number, Set<number>>();
    for (const h of unanswered) {
      const k = /^\/payload\/replacement_history\/(\d+)$/.exec(h.pointer)?.[1];
      if (h.record && k !== undefined) {
        let set = inReplacement.get(h.record.line);
        if (!set) inReplacement.set(h.record.line, (set = new Set()));
        set.add(Number(k));
      }
    }
    const replacementFixes = new Map<number, FixDescriptor | undefined>();
    for (const h of unanswered) {
      const t = h.item.type as Codex.CallType;
      const id = h.item.call_id as string;
      const stored = Codex.storedRecord(model, h);
      let fix: FixDescriptor | undefined;
      if (stored && Codex.isWholeRecord(h)) {
        fix = new Codex.CodexFix(model, RULE_ID)
          .insertRecord(stored.line, stored, 'response_item', Codex.syntheticOutput(h.item))
          .fix(
            'safe',
            `write ${syntheticWords(t).replace('a synthetic', 'Codex’s synthetic')} for ${id} right after the call`,
          );
      } else if (stored && inReplacement.has(stored.line)) {
        if (!replacementFixes.has(stored.line))
          replacementFixes.set(stored.line, replacementFix(model, stored, inReplacement.get(stored.line)!));
        fix = replacementFixes.get(stored.line);
      }
      ctx.report({
        messageId: 'noOutput',
        at: Codex.siteOf(h),
        data: { label: Codex.itemLabel(h.item), words: API_WORDS[t], id, answer: syntheticWords(t) },
        fix,
      });
    }
  },
});
