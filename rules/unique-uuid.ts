// unique-uuid: two lines with one `uuid`. Claude Code 2.1.332 keys entries by uuid and the later line wins
// (spec: claude-code-observed.md, behaviour table "duplicate line" / "duplicate uuid on different entries"):
// byte-identical copies are deduplicated harmlessly, but when the entries differ the earlier one vanishes on resume,
// taking any tool_use/tool_result pairing in it along. A copy that differs only in the session fields Claude Code
// rewrites when it copies an entry (cwd, slug, timestamp, version, gitBranch; anthropics/claude-code#56196) is a copy
// too: on recordings of the real CLI (recorded items b08a, b08b) such a copy left the request unchanged.
import {
  appendTo,
  assistantMessageId,
  CHAIN_TYPES,
  defineRule,
  derivedUuid,
  firstAbove,
  type Entry,
  type FixDescriptor,
  FixPlan,
  isCompactBoundary,
  isToolResultEntry,
  isUserPrompt,
  newestTip,
  sharedUuids,
  type StorageView,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'unique-uuid',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    description: 'No two entries share a `uuid`.',
    docs: {
      detects: 'two lines with one `uuid` (identical copies, or different entries)',
      fix: 'safe (drop an identical copy); unsafe (new uuid for the earlier entry)',
      severity: { 'claude-code': 'warn / error' },
    },
    severity: { 'claude-code': 'error', api: 'off' },
    fixable: 'safe',
    messages: {
      sessionFieldsCopy:
        'This line repeats the entry on line {{first}} (uuid {{uuid}}) but for {{fields}}; Claude Code keeps one of the two on resume, so nothing is lost, but the file carries a duplicate.',
      identicalCopy:
        'This line repeats the entry on line {{first}} (uuid {{uuid}}); Claude Code keeps one copy on resume, so nothing is lost, but the file carries a duplicate.',
      differentEntries:
        'This entry reuses uuid {{uuid}} of the different entry on line {{first}}; Claude Code keeps only the last line with a uuid, so the other entry (and any tool call or result in it) vanishes on resume.',
    },
  },
  check(ctx) {
    const { lines } = ctx.model.file;
    const bytesAt = (lineNo: number) => (lines[lineNo - 1]?.lineNo === lineNo ? lines[lineNo - 1]!.bytes : undefined);
    /** Line `a` is line `b` with a torn character (its bytes are not UTF-8). */
    const tornCopy = (a: number, b: number): boolean =>
      lines[a - 1]?.lineNo === a &&
      lines[a - 1]!.problems.some((p) => p.kind === 'utf8') &&
      tornBytes(bytesAt(a), bytesAt(b));
    let built: ResponseOrder | undefined;
    const order = (): ResponseOrder => (built ??= responseOrder(ctx.model));
    for (const [uuid, all] of sharedUuids(ctx.model.chain().allByUuid)) {
      const counted = all.filter(isInMessageMap);
      if (counted.length < 2) continue;
      const first = counted[0]!;
      const same = (e: Entry): boolean =>
        sameBytes(bytesAt(first.line), bytesAt(e.line)) || deepEqual(first.raw, e.raw) || tornCopy(first.line, e.line);
      const sameButSession = (e: Entry): boolean => deepEqual(withoutSession(first.raw), withoutSession(e.raw));
      // One fix for all the copies of the first entry, shared by their reports.
      const copies = [first, ...counted.slice(1).filter((e) => same(e) || sameButSession(e))];
      // A first line with a torn character may go, never every intact copy of it.
      const torn = new Set(copies.some((e) => e !== first && tornCopy(first.line, e.line)) ? [first] : []);
      const drop = copies.length > 1 ? dropCopies(ctx.model, all, copies, order, torn) : undefined;
      const isCopyOf = new Set(copies);
      counted.slice(1).forEach((later, i) => {
        const before = counted[i]!;
        const isCopy = isCopyOf.has(later);
        const fields = isCopy && !same(later) ? differingSessionFields(first.raw, later.raw) : undefined;
        const common = { at: { entry: later }, severity: isCopy ? ('warn' as const) : ('error' as const) };
        const descriptor = fields
          ? { ...common, messageId: 'sessionFieldsCopy' as const, data: { uuid, first: first.line, fields } }
          : {
              ...common,
              messageId: isCopy ? ('identicalCopy' as const) : ('differentEntries' as const),
              data: { uuid, first: first.line },
            };
        ctx.report({
          ...descriptor,
          related: [
            {
              line: first.line,
              message: isCopy
                ? 'first copy of this entry'
                : 'earlier entry with the same uuid (lost on resume unless it is the last)',
            },
          ],
          fix: isCopy ? drop : renameShadowed(ctx.model, before, uuid),
        });
      });
    }
  },
});

/**
 * Which copies of one entry go, so that Claude Code resumes exactly as before. It reads the entry from the last
 * line with the uuid (the live one: its place in the file counts for the leaf, bridging and split responses) and
 * keeps it where the uuid first appeared (its Map order, which orders the parts and results of a split response).
 * - Copies in one run of lines (no other entry between them), copies of a compact boundary, or whose first copy a
 *   compaction deletes: all but the first go; nothing moves.
 * - Otherwise, when the live line is a copy, the others go and the live line stays, unless its Map order would move
 *   past another part or result of its response. Then the first copy stays instead when the live line can move
 *   back to it (`movesBack`); else both stay, and only copies that are neither live nor first go (Claude Code never
 *   reads them).
 * - When the live line is another entry, every copy but the first goes (none of them is read).
 */
function dropCopies(
  model: StorageView,
  all: readonly Entry[],
  copies: readonly Entry[],
  order: () => ResponseOrder,
  /** The first copy when its character is torn and a later copy is whole: it alone must not stay. */
  torn: ReadonlySet<Entry>,
): FixDescriptor | undefined {
  const live = all[all.length - 1]!;
  const first = copies[0]!;
  const run = copies.every((c, i) => c.index === first.index + i);
  let gone: Entry[];
  if (run && torn.has(first) && copies.includes(live)) {
    // Adjacent copies: the whole live line stays, the torn ones before it go (nothing moves).
    gone = copies.slice(0, -1);
  } else if (run || !copies.includes(live) || model.chain().pruned?.(first) || isCompactBoundary(first)) {
    // Claude Code keeps a uuid where it first appeared: a first copy it deletes with a compaction's history would,
    // were the live line kept instead, come back after the boundary (differential harness seed 80: a restored copy
    // of the session's first lines, kept after the boundary by the fix, was resumed in place of the compaction).
    // A compact boundary deletes what comes before its first line: kept at a later copy, it deletes the turns after
    // the compaction too (seed 183: resume then sent the summary and the preserved tail alone).
    gone = copies.slice(1);
  } else {
    gone = copies.filter((c) => c !== live);
    const firstLeft = all.find((e) => !gone.includes(e))!;
    if (firstLeft !== all[0] && order().movesPast(live, all[0]!.index, firstLeft.index)) {
      gone = all[0] === first && movesBack(model, live, first) ? copies.slice(1) : gone.filter((c) => c !== all[0]);
    }
  }
  if (gone.length === 0) return undefined;
  if (torn.size > 0 && copies.some((c) => !torn.has(c)) && copies.every((c) => torn.has(c) || gone.includes(c)))
    return undefined;
  const lines = gone.map((c) => c.line);
  const plan = new FixPlan(model);
  for (const line of lines) plan.deleteLine(line);
  return plan.fix(
    'safe',
    `drop the repeated ${lines.length === 1 ? 'copy on line' : 'copies on lines'} ${listed(lines)}`,
  );
}

/**
 * Whether the live line can move back to the line of its first copy (only the first copy is kept) with nothing else
 * changing: between the two lines there is no user prompt or other response (split responses are grouped in file
 * order), no entry with a dangling parent (bridged in file order), no parent or child of the entry (links that point
 * back in the file decide which branch resume continues); the entry is not the newest branch tip nor a bridge's
 * target.
 */
function movesBack(model: StorageView, live: Entry, first: Entry): boolean {
  const chain = model.chain();
  const id = assistantMessageId(live);
  const between = (e: Entry | undefined): boolean => e !== undefined && e.index > first.index && e.index < live.index;
  for (const e of model.entries.slice(first.index + 1, live.index)) {
    if (e.uuid === undefined || model.isShadowed(e) || e.isSidechain) continue;
    if (isUserPrompt(e) || (e.type === 'assistant' && assistantMessageId(e) !== id)) return false;
    if (typeof e.parentUuid === 'string' && !chain.byUuid.has(e.parentUuid)) return false;
  }
  const parent = typeof live.parentUuid === 'string' ? chain.byUuid.get(live.parentUuid) : undefined;
  if (between(parent) || (chain.children.get(live.uuid!) ?? []).some(between)) return false;
  if (newestTip(model.entries, chain.byUuid, chain.children) === live) return false;
  return !chain.walked.some((s, i) => s.link === 'bridged' && chain.walked[i - 1]?.entry === live);
}

interface ResponseOrder {
  /** Whether another part or result of `live`'s response first appears strictly between entry indexes from and to. */
  movesPast(live: Entry, from: number, to: number): boolean;
}

/**
 * spliceSplitResponses (src/formats/claude-code/chain.ts) orders the parts of a response (one message.id), and the
 * results hanging off them, by where their uuid first appears. Per response: those positions, sorted, for a binary
 * search.
 */
function responseOrder(model: StorageView): ResponseOrder {
  const { byUuid, allByUuid } = model.chain();
  const responseOf = (e: Entry): string | undefined => {
    const id = assistantMessageId(e);
    if (id !== undefined) return `part ${id}`;
    if (!isToolResultEntry(e) || e.isSidechain || typeof e.parentUuid !== 'string') return undefined;
    const parent = byUuid.get(e.parentUuid);
    const parentId = parent ? assistantMessageId(parent) : undefined;
    return parentId !== undefined ? `result ${parentId}` : `result of ${e.parentUuid}`;
  };
  const positions = new Map<string, number[]>();
  for (const e of byUuid.values()) {
    const key = responseOf(e);
    if (key === undefined) continue;
    appendTo(positions, key, allByUuid.get(e.uuid!)![0]!.index);
  }
  for (const list of positions.values()) list.sort((a, b) => a - b);
  return {
    movesPast(live, from, to) {
      const key = responseOf(live);
      const list = key === undefined ? undefined : positions.get(key);
      if (!list) return false;
      // The first position after `from` (live's own position is `from` itself).
      const lo = firstAbove(list, from, (n) => n);
      return lo < list.length && list[lo]! < to;
    },
  };
}

/**
 * The earlier entry (the one Claude Code loses) gets a fresh uuid and keeps the old one in the marker field. Which
 * entry the links to that uuid meant cannot be known, so they stay with the entry resume uses today: unsafe.
 */
const renameShadowed = (model: StorageView, shadowed: Entry, uuid: string): FixDescriptor | undefined =>
  new FixPlan(model)
    .set(shadowed, '/uuid', derivedUuid('unique-uuid', uuid, String(shadowed.line)))
    .mark(shadowed, 'unique-uuid', { originalUuid: uuid })
    .fix('unsafe', 'give the earlier entry a new uuid');

/**
 * Entries Claude Code keeps in its uuid-keyed message map: the chain types plus legacy `progress`. Metadata records
 * that carry a uuid of their own (e.g. `saved_hook_context`, which reuses one uuid by design) are not counted.
 */
function isInMessageMap(e: Entry): boolean {
  return CHAIN_TYPES.has(e.type) || e.type === 'progress';
}

/**
 * Whether bytes `a` are bytes `b` with a character torn (differential harness seed 58: a restored copy of a line
 * whose earlier copy lost two bytes of a character): `a` lacks at most 3 bytes of `b`, and what differs in `a` is
 * non-ASCII bytes only. Claude Code keeps the later line, so when `b` is the later one nothing is lost.
 */
function tornBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b || a.length >= b.length || b.length - a.length > 3) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  for (let i = start; i < endA; i++) if (a[i]! < 0x80) return false;
  return true;
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
  return ka.every(
    (k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** The fields Claude Code rewrites when it writes an entry again (anthropics/claude-code#56196). */
const SESSION_FIELDS = ['cwd', 'slug', 'timestamp', 'version', 'gitBranch'] as const;

function withoutSession(raw: Record<string, unknown>): Record<string, unknown> {
  const out = { ...raw };
  for (const f of SESSION_FIELDS) delete out[f];
  return out;
}

/** "its cwd and timestamp": the session fields in which two copies differ. */
function differingSessionFields(a: Record<string, unknown>, b: Record<string, unknown>): string {
  const names = SESSION_FIELDS.filter((f) => !deepEqual(a[f], b[f])).map((f) => `\`${f}\``);
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `its ${list}`;
}

/** At most LISTED line numbers, then how many more: every report of the copies carries this text. */
const LISTED = 10;
function listed(lines: readonly number[]): string {
  if (lines.length <= LISTED) return lines.join(', ');
  return `${lines.slice(0, LISTED).join(', ')} and ${(lines.length - LISTED).toLocaleString('en-US')} more`;
}
