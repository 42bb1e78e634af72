// codex/function-name: the name of every call matches the API's pattern ^[a-zA-Z0-9_-]+$ and is at most 64
// characters. Codex sends the name as stored, and the API rejects the whole request for one bad name (a NUL or an
// escape character a torn write left, a dotted MCP name, an empty name). A call without a name does not decode at
// all: Codex drops it, and its output with it. The fix writes a name the API takes, keeping the original in the marker.
import { Codex, defineRule } from '../../src/sdk/index.js';

const RULE_ID = 'codex/function-name';
const NAMED = new Set(['function_call', 'custom_tool_call']);

/** Runs of characters the API refuses become "_", cut to 64; nothing left becomes "unknown_tool". */
function sanitize(name: string): string {
  const s = name
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, Codex.API_LIMITS.nameChars);
  return s === '' ? 'unknown_tool' : s;
}

/** A name as a message shows it: control characters escaped, long names cut. */
function shown(name: string): string {
  const escaped = JSON.stringify(name);
  return escaped.length > 80 ? `${escaped.slice(0, 77)}…"` : escaped;
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description: 'Every call’s name matches ^[a-zA-Z0-9_-]+$ and is 1 to 64 characters long; every call has one.',
    docs: {
      detects:
        'a call name with NUL or control bytes, other characters outside [a-zA-Z0-9_-], over 64 characters, empty, or missing',
      fix: 'safe (runs of bad characters become "_", cut to 64, the original kept in the marker); unsafe (name a nameless call)',
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      nul: "The name of {{label}} holds NUL bytes ({{name}}): Codex sends it, and the API rejects the request (\"Invalid 'input[{{index}}].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.\").",
      control:
        "The name of {{label}} holds control characters ({{name}}): Codex sends it, and the API rejects the request (\"Invalid 'input[{{index}}].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.\").",
      pattern:
        "The name {{name}} of {{label}} has characters outside [a-zA-Z0-9_-]: Codex sends it, and the API rejects the request (\"Invalid 'input[{{index}}].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.\").",
      tooLong:
        'The name of {{label}} is {{length}} characters: Codex sends it, and the API rejects the request ("Invalid \'input[{{index}}].name\': string too long. Expected a string with maximum length 64, but got a string with length {{length}} instead.").',
      empty:
        'The name of {{label}} is empty: Codex sends it, and the API rejects the request ("Invalid \'input[{{index}}].name\': empty string. Expected a string with minimum length 1, but got an empty string instead.").',
      missing:
        'The {{type}} on this line has no name: Codex cannot read it ("missing field `name`") and drops it, and then its output as an orphan; the call is lost on resume.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const h of model.restoredResume().history) {
      if (!NAMED.has(h.item.type as string) || typeof h.item.name !== 'string') continue;
      const name = h.item.name;
      let messageId: 'nul' | 'control' | 'pattern' | 'tooLong' | 'empty';
      if (name === '') messageId = 'empty';
      else if (name.includes('\u0000')) messageId = 'nul';
      else if (/[\u0000-\u001f\u007f]/.test(name)) messageId = 'control';
      else if (!Codex.API_LIMITS.namePattern.test(name)) messageId = 'pattern';
      else if (name.length > Codex.API_LIMITS.nameChars) messageId = 'tooLong';
      else continue;
      const stored = Codex.storedRecord(model, h);
      const fresh = sanitize(name);
      ctx.report({
        messageId,
        at: Codex.siteOf(h),
        data: {
          label: Codex.itemLabel(h.item),
          name: shown(name),
          index: Codex.inputIndex(model.resume(), h) ?? '?',
          length: name.length,
        },
        fix: stored
          ? new Codex.CodexFix(model, RULE_ID)
              .set(stored, `${h.pointer}/name`, fresh, { original_name: name })
              .fix('safe', `name the call ${fresh}`)
          : undefined,
      } as Parameters<typeof ctx.report>[0]);
    }
    for (const { record, repair } of Codex.repairsBy(model.records, RULE_ID))
      ctx.report({
        messageId: 'missing',
        at: { line: record.line },
        data: { type: String((record.payload as Record<string, unknown>).type) },
        fix: Codex.repairFix(new Codex.CodexFix(model, RULE_ID), record, repair).fix(
          repair.applicability,
          repair.description,
        ),
      });
  },
});
