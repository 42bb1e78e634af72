// tool-use-input: a tool_use's `input` is a JSON object. Anything else (a string left by a torn stream, an array,
// null, a missing field) makes the API reject the request with a 400 on every resume. The (unsafe) fix replaces it
// with {} and keeps the original under the marker field of the entry.
import { blocksOfType, conversation, defineRule, isObject, MARKER_FIELD, markerEdit, showValue, type ApiBlock, type Edit, type Entry, type FixDescriptor } from '../src/sdk/index.js';

const RULE_ID = 'tool-use-input';

function describe(input: unknown): string {
  if (input === undefined) return 'missing';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'string') return 'a string';
  return `a ${typeof input}`;
}

/**
 * One fix per entry for all its bad inputs: each becomes {}, and the marker's `originalInput` keeps the originals by
 * block index (a missing input has no entry there; `missingInput` lists those indexes). Originals already recorded
 * by an earlier fix are kept.
 */
function emptyInputFix(entry: Entry, uses: readonly ApiBlock[], plain: boolean): FixDescriptor {
  const marker = entry.raw[MARKER_FIELD];
  const recorded = isObject(marker) && isObject(marker.originalInput) ? marker.originalInput : {};
  const originalInput: Record<string, unknown> = { ...recorded };
  const missing: number[] = isObject(marker) && Array.isArray(marker.missingInput) ? [...(marker.missingInput as number[])] : [];
  const edits: Edit[] = [];
  for (const use of uses) {
    const i = use.origin.blockIndex!;
    if (use.block.input === undefined) {
      if (!missing.includes(i)) missing.push(i);
    } else {
      originalInput[String(i)] = use.block.input;
    }
    edits.push({ kind: 'set', line: entry.line, pointer: `/message/content/${i}/input`, value: {} });
  }
  const fields: Record<string, unknown> = { originalInput };
  if (missing.length > 0) fields.missingInput = missing.sort((a, b) => a - b);
  edits.push(markerEdit(entry, RULE_ID, fields));
  const ids = uses.map((u) => showValue(u.block.id)).join(', ');
  return {
    applicability: 'unsafe',
    // A plain request has no place for the marker field: there the original input is only in the backup.
    description: plain
      ? `replace the input of tool_use ${ids} with {}`
      : `replace the input of tool_use ${ids} with {} (the original is kept under ${MARKER_FIELD}.originalInput)`,
    edits,
  };
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'request',
    description: 'Every tool_use input is a JSON object.',
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'unsafe',
    messages: {
      notObject:
        'The input of tool_use {{id}} ({{name}}) is {{kind}}, not a JSON object; the API rejects the request with 400 on every resume.',
    },
  },
  check(ctx) {
    const bad: ApiBlock[] = [];
    for (const m of conversation(ctx.model.apiView().merged)) {
      if (m.role !== 'assistant') continue;
      for (const use of blocksOfType(m, 'tool_use')) if (!isObject(use.block.input)) bad.push(use);
    }
    const byLine = new Map<number, ApiBlock[]>();
    for (const use of bad) {
      if (use.origin.blockIndex === undefined) continue;
      const list = byLine.get(use.origin.line);
      if (list) list.push(use);
      else byLine.set(use.origin.line, [use]);
    }
    const fixByLine = new Map<number, FixDescriptor>();
    for (const [line, uses] of byLine) {
      const entry = ctx.model.entryAtLine(line);
      if (entry) fixByLine.set(line, emptyInputFix(entry, uses, ctx.model.plain !== undefined));
    }
    for (const use of bad) {
      const fix = fixByLine.get(use.origin.line);
      ctx.report({
        messageId: 'notObject',
        data: { id: showValue(use.block.id), name: showValue(use.block.name), kind: describe(use.block.input) },
        line: use.origin.line,
        blockIndex: use.origin.blockIndex,
        ...(use.origin.blockIndex !== undefined ? { pointer: `/message/content/${use.origin.blockIndex}/input` } : {}),
        ...(fix ? { fix } : {}),
      });
    }
  },
});
