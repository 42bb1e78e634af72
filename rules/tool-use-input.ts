// tool-use-input: a tool_use's `input` is a JSON object. Anything else (a string left by a torn stream, an array,
// null, a missing field) makes the API reject the request with a 400 on every resume: Claude Code 2.1.332 sends it as
// it is, the same body 6 times, then fails ("…tool_use.input: Input should be a valid dictionary", recordings of the
// real CLI, recorded items 16a-16c). The (unsafe) fix writes the object a string holds as JSON (16a), else {}, and
// keeps the original under the marker field of the entry.
import {
  Anthropic,
  type ApiBlock,
  appendTo,
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  HeldReports,
  isObject,
  MARKER_FIELD,
  showValue,
  type StorageView,
} from '../src/sdk/index.js';

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
function emptyInputFix(model: StorageView, entry: Entry, uses: readonly ApiBlock[]): FixDescriptor | undefined {
  const marker = entry.raw[MARKER_FIELD];
  const recorded = isObject(marker) && isObject(marker.originalInput) ? marker.originalInput : {};
  const originalInput: Record<string, unknown> = { ...recorded };
  const missing: number[] =
    isObject(marker) && Array.isArray(marker.missingInput) ? [...(marker.missingInput as number[])] : [];
  const plan = new FixPlan(model);
  for (const use of uses) {
    const i = use.origin.blockIndex!;
    if (use.block.input === undefined) {
      if (!missing.includes(i)) missing.push(i);
    } else {
      originalInput[String(i)] = use.block.input;
    }
    plan.set(entry, `/message/content/${i}/input`, objectIn(use.block.input) ?? {});
  }
  const fields: Record<string, unknown> = { originalInput };
  if (missing.length > 0) fields.missingInput = missing.sort((a, b) => a - b);
  plan.mark(entry, RULE_ID, fields);
  const ids = uses.map((u) => showValue(u.block.id)).join(', ');
  const parsed = uses.every((u) => objectIn(u.block.input) !== undefined);
  const what = parsed
    ? 'the object its JSON text holds'
    : uses.some((u) => objectIn(u.block.input))
      ? '{} or the object its JSON text holds'
      : '{}';
  return plan.fix(
    'unsafe',
    // A plain request has no place for the marker field: there the original input is only in the backup.
    model.plain
      ? `replace the input of tool_use ${ids} with ${what}`
      : `replace the input of tool_use ${ids} with ${what} (the original is kept under ${MARKER_FIELD}.originalInput)`,
  );
}

/** The object a string input holds as JSON (a stream that stored the text of its input), if it holds one. */
function objectIn(input: unknown): Record<string, unknown> | undefined {
  if (typeof input !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(input);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'Every tool_use input is a JSON object.',
    docs: {
      detects: '`tool_use.input` that is not a JSON object',
      fix: 'unsafe (the object a JSON string holds, else {})',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'unsafe',
    messages: {
      notObject:
        'The input of tool_use {{id}} ({{name}}) is {{kind}}, not a JSON object; the API rejects the request with 400 on every resume.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    // The bad inputs of one stored entry go in one fix, shared by their reports.
    const reports = new HeldReports(ctx);
    const byLine = new Map<number, ApiBlock[]>();
    const fixByLine = new Map<number, FixDescriptor | undefined>();
    const fixFor = (line: number) => (): FixDescriptor | undefined => {
      if (fixByLine.has(line)) return fixByLine.get(line);
      const uses = byLine.get(line);
      const entry = model.entryAtLine(line);
      const fix = uses && entry ? emptyInputFix(model, entry, uses) : undefined;
      fixByLine.set(line, fix);
      return fix;
    };
    for (const m of Anthropic.conversation(model.apiView().merged)) {
      if (m.role !== 'assistant') continue;
      for (const use of Anthropic.blocksOfType(m, 'tool_use')) {
        if (isObject(use.block.input)) continue;
        const { line, blockIndex } = use.origin;
        if (blockIndex !== undefined) {
          appendTo(byLine, line, use);
        }
        reports.hold(
          {
            messageId: 'notObject',
            data: { id: showValue(use.block.id), name: showValue(use.block.name), kind: describe(use.block.input) },
            at: {
              request: use,
              pointer: blockIndex !== undefined ? `/message/content/${blockIndex}/input` : undefined,
            },
          },
          fixFor(line),
        );
      }
    }
    reports.send();
  },
});
