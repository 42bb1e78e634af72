// unique-uuid: two lines with one `uuid`. Claude Code 2.1.332 keys entries by uuid and the later line wins
// (spec: claude-code-observed.md, behaviour table "duplicate line" / "duplicate uuid on different entries"):
// byte-identical copies are deduplicated harmlessly, but when the entries differ the earlier one vanishes on resume,
// taking any tool_use/tool_result pairing in it along.
import { CHAIN_TYPES, type Entry } from '../src/model/entries.js';
import { derivedUuid, markerEdit } from '../src/fixer/chain-edits.js';
import { defineRule, type FixDescriptor } from '../src/rule-api.js';

export default defineRule({
  meta: {
    id: 'unique-uuid',
    type: 'problem',
    view: 'storage',
    description: 'No two entries share a `uuid`.',
    severity: { 'claude-code': 'error', api: 'off' },
    fixable: 'safe',
    messages: {
      identicalCopy:
        'This line repeats the entry on line {{first}} (uuid {{uuid}}); Claude Code keeps one copy on resume, so nothing is lost, but the file carries a duplicate.',
      differentEntries:
        'This entry reuses uuid {{uuid}} of the different entry on line {{first}}; Claude Code keeps only the last line with a uuid, so the other entry (and any tool call or result in it) vanishes on resume.',
    },
  },
  check(ctx) {
    const { lines } = ctx.model.file;
    const bytesAt = (lineNo: number) => (lines[lineNo - 1]?.lineNo === lineNo ? lines[lineNo - 1]!.bytes : undefined);
    for (const [uuid, copies] of ctx.model.chain().allByUuid) {
      const counted = copies.filter(isInMessageMap);
      if (counted.length < 2) continue;
      const first = counted[0]!;
      counted.slice(1).forEach((later, i) => {
        const before = counted[i]!;
        const same = sameBytes(bytesAt(first.line), bytesAt(later.line)) || deepEqual(first.raw, later.raw);
        ctx.report({
          messageId: same ? 'identicalCopy' : 'differentEntries',
          severity: same ? 'warn' : 'error',
          line: later.line,
          uuid,
          data: { uuid, first: first.line },
          related: [
            {
              line: first.line,
              message: same ? 'first copy of this entry' : 'earlier entry with the same uuid (lost on resume unless it is the last)',
            },
          ],
          fix: same ? dropCopy(later) : renameShadowed(before, uuid),
        });
      });
    }
  },
});

/** The copy goes; the first one keeps the uuid, so nothing that names it changes. */
const dropCopy = (copy: Entry): FixDescriptor => ({
  applicability: 'safe',
  description: 'drop the repeated copy',
  edits: [{ kind: 'delete', line: copy.line }],
});

/**
 * The earlier entry (the one Claude Code loses) gets a fresh uuid and keeps the old one in the marker field. Which
 * entry the links to that uuid meant cannot be known, so they stay with the entry resume uses today: unsafe.
 */
const renameShadowed = (shadowed: Entry, uuid: string): FixDescriptor => ({
  applicability: 'unsafe',
  description: 'give the earlier entry a new uuid',
  edits: [
    { kind: 'set', line: shadowed.line, pointer: '/uuid', value: derivedUuid('unique-uuid', uuid, String(shadowed.line)) },
    markerEdit(shadowed, 'unique-uuid', { originalUuid: uuid }),
  ],
});

/**
 * Entries Claude Code keeps in its uuid-keyed message map: the chain types plus legacy `progress`. Metadata records
 * that carry a uuid of their own (e.g. `saved_hook_context`, which reuses one uuid by design) are not counted.
 */
function isInMessageMap(e: Entry): boolean {
  return CHAIN_TYPES.has(e.type) || e.type === 'progress';
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Structural equality of two parsed JSON values (key order ignored). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
