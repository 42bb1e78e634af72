// parent-exists: a `parentUuid` that names no entry in the file. What Claude Code 2.1.332 does with it was measured
// with the oracle on recordings of the real CLI (recorded items 01a-01l; fixtures/sessions/claude-code/recorded), and it
// differs from claude-code-observed.md's "on a user prompt the history starts there; elsewhere it is bridged": for any
// entry (prompt, tool result, attachment, assistant part), the walk is bridged to the main-chain entry with the latest
// timestamp not after the entry's own, when that entry is at most 5 s older (5.0 s bridged, 5.5 s cut); otherwise the
// resumed history starts at the entry, and everything before it is not sent, a compaction's summary and preserved tail
// included (01k, 01l). An entry that is not on the chain resume walks (behind the last compact boundary, on another
// branch) has no effect (01b, 01c). So the error is the cut on the resumed chain; the rest are warnings.
// Not a finding: a null parent (roots and compact boundaries), a parent removed by a snip boundary
// (`snipMetadata.removedUuids`), a compact summary whose boundary is gone (compact-summary's), a parent whose uuid is
// on a line over --max-line-bytes (unread here, read by the agent).
import {
  aboveAttachments,
  type Chain,
  CHAIN_TYPES,
  defineRule,
  type Entry,
  entriesBelow,
  FixPlan,
  isCompactBoundary,
  isCompactSummary,
  isMainTreeEntry,
  isObject,
  isReadable,
  isUserPrompt,
  nearestEarlierOfChain,
  type StorageView,
  timeOf,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'parent-exists',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    description: 'Every `parentUuid` names an entry of the file.',
    docs: {
      detects: 'a `parentUuid` naming no entry in the file',
      severity: {
        'claude-code':
          'error (cuts the resumed history, bridges it to a compact boundary, or a prompt whose parent is gone starts it after earlier entries) / warn',
      },
    },
    severity: { 'claude-code': 'error', api: 'off' },
    fixable: 'unsafe',
    messages: {
      cut: '`parentUuid` {{parent}} names no entry in the file, and the entry Claude Code would bridge the gap to (line {{target}}) is {{gap}} older, more than the 5 s it bridges; so on resume the history silently starts here and everything before it{{lost}} is not sent.',
      bridged:
        '`parentUuid` {{parent}} names no entry in the file; Claude Code bridges the gap to the entry on line {{target}} ({{gap}} older, within the 5 s it bridges), which may not be the one this entry followed (with timestamps out of order it skips entries); were the gap over 5 s, the history would start here.',
      bridgedToBoundary:
        "`parentUuid` {{parent}} names no entry in the file; Claude Code bridges the gap to the compact boundary on line {{target}} ({{gap}} older), where the resumed history starts: the compaction's summary (line {{summary}}) and everything before this entry are not sent.",
      root: '`parentUuid` {{parent}} names no entry in the file and no earlier entry can stand in for it, so on resume the history starts here and whatever this entry followed is missing.',
      fileStart:
        '`parentUuid` {{parent}} names no entry in the file, and nothing of this chain comes before it in the file: Claude Code resumes from here with everything the file holds; what this entry followed is in no file here and is not sent.',
      offChain:
        '`parentUuid` {{parent}} names no entry in the file; this entry is not on the chain Claude Code resumes ({{where}}), so it is not sent, and resumed again from here it would cut the history before it.',
      sidechain:
        '`parentUuid` {{parent}} names no entry in the file, so this sidechain (subagent) entry is cut off from the entries before it.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const { entries } = model;
    const chain = model.chain();
    const { byUuid } = chain;
    const snipped = snipRemovedUuids(entries);
    const below =
      chain.storedParent !== undefined && chain.storedParent.length === entries.length
        ? descendantsByIndex(entries, chain, chain.storedParent)
        : (entry: Entry) => entriesBelow(entries, entry);
    // Each entry's step on the walk (by entry index, -1 off it) and whether its stored parent names an entry.
    const walkIndex = new Int32Array(entries.length).fill(-1);
    for (let i = 0; i < chain.walked.length; i++) walkIndex[chain.walked[i]!.entry.index] = i;
    const { storedParent } = chain;
    const parentFound =
      storedParent !== undefined && storedParent.length === entries.length
        ? (entry: Entry, _parent: string): boolean => storedParent[entry.index]! >= 0
        : (_entry: Entry, parent: string): boolean => byUuid.has(parent);
    let lastBoundary: Entry | undefined;
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!;
      if (isCompactBoundary(e) && !model.isShadowed(e)) {
        lastBoundary = e;
        break;
      }
    }

    const boundaryGoneBelow = new Set<Entry>();
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (isCompactSummary(e) && typeof e.parentUuid === 'string')
        boundaryGoneBelow.add(aboveAttachments(e, byUuid).top);
    }

    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const participates = CHAIN_TYPES.has(entry.type) || entry.type === 'progress';
      if (!participates) continue;

      const parent = entry.parentUuid;
      if (typeof parent !== 'string' || parentFound(entry, parent) || snipped.has(parent)) continue;
      // A summary whose boundary is gone, directly or above its attachments, is compact-summary's (which brings
      // the boundary back): a re-link here would hang it elsewhere.
      if (boundaryGoneBelow.has(entry)) continue;
      // The parent may be a line too long to read (valid-json reports it): not known to be missing.
      if (model.unreadLineHolding('uuid', parent) !== undefined) continue;

      // The nearest earlier entry of the chain that does not hang below this one (a link to it would close a loop).
      const mine = below(entry);
      const previous = nearestEarlierOfChain(entries, entry, mine);
      const related = previous
        ? [{ line: previous.line, message: 'nearest earlier entry of the same chain (the unsafe fix re-links to it)' }]
        : [];
      const fix =
        previous?.uuid !== undefined
          ? new FixPlan(model)
              .set(entry, '/parentUuid', previous.uuid)
              .fix('unsafe', `re-link to the entry on line ${previous.line}`)
          : undefined;
      const at = { entry, pointer: '/parentUuid' } as const;

      if (entry.isSidechain) {
        ctx.report({ messageId: 'sidechain', severity: 'warn', at, data: { parent }, related, fix });
        continue;
      }
      const step = walkIndex[entry.index]!;
      if (step === -1) {
        const where =
          lastBoundary && entry.index < lastBoundary.index
            ? `it is behind the compact boundary on line ${lastBoundary.line}`
            : 'it is on another branch';
        // Another session's entry (two files joined: single-session's, split moves it out) is not re-linked into
        // this session's tree: that would hide it from split and can change the leaf resume picks (differential
        // harness seed 248: re-linked below this session's entries, another session's reply was resumed).
        const foreign =
          previous !== undefined &&
          typeof entry.raw.sessionId === 'string' &&
          typeof previous.raw.sessionId === 'string' &&
          entry.raw.sessionId !== previous.raw.sessionId;
        ctx.report({
          messageId: 'offChain',
          severity: 'warn',
          at,
          data: { parent, where },
          related: foreign ? [] : related,
          fix: foreign ? undefined : fix,
        });
        continue;
      }
      if (chain.truncatedAt === entry) {
        const candidate = bridgeCandidate(model, chain, entry);
        if (!candidate) {
          // A prompt whose parent is gone starts the resumed history, as on a cut: what it answered is not sent (the
          // real CLI sends the prompt alone). Any other entry left without its parent is the start of an excerpt.
          // With nothing of its chain earlier in the file, resume sends all the file holds: no error.
          const prompt = isUserPrompt(entry);
          if (!previous) {
            const startFix = prompt ? rootFix(model, entry, parent) : undefined;
            ctx.report({ messageId: 'fileStart', severity: 'warn', at, data: { parent }, fix: startFix });
            continue;
          }
          ctx.report({
            messageId: 'root',
            severity: prompt ? 'error' : 'warn',
            at,
            data: { parent },
            related,
            fix,
          });
          continue;
        }
        const lost =
          lastBoundary && lastBoundary.index < entry.index
            ? ', the compaction summary and its preserved tail too,'
            : '';
        ctx.report({
          messageId: 'cut',
          severity: 'error',
          at,
          data: { parent, target: candidate.line, gap: gapOf(entry, candidate), lost },
          related: [...related, { line: candidate.line, message: 'the entry Claude Code would bridge to' }],
          fix,
        });
        continue;
      }
      const target = chain.walked[step - 1]?.entry;
      // Bridged to a compact boundary (a root): the walk ends there, so the compaction's summary below it and
      // everything before this entry are not sent (differential harness seed 71: the boundary's summary line was
      // torn next to the attachments' parent; Claude Code 2.1.332 sent the turns after the compaction only).
      const summary = target && isCompactBoundary(target) ? summaryBelow(chain, target) : undefined;
      if (target && summary) {
        ctx.report({
          messageId: 'bridgedToBoundary',
          severity: 'error',
          at,
          data: { parent, target: target.line, gap: gapOf(entry, target), summary: summary.line },
          related: [
            ...related,
            { line: target.line, message: 'the compact boundary Claude Code bridges to' },
            { line: summary.line, message: 'the summary that is not sent' },
          ],
          fix,
        });
        continue;
      }
      ctx.report({
        messageId: 'bridged',
        severity: 'warn',
        at,
        data: { parent, target: target?.line ?? '?', gap: target ? gapOf(entry, target) : 'unknown' },
        related,
        fix,
      });
    }
  },
});

/** A compact summary that hangs off the boundary (directly), when there is one. */
function summaryBelow(chain: Chain, boundary: Entry): Entry | undefined {
  return (chain.children.get(boundary.uuid!) ?? []).find(isCompactSummary);
}

/**
 * The entry Claude Code would bridge a dangling entry to if the gap allowed it (the order of chain.ts bridgeFinder):
 * the main-chain entry with the latest timestamp not after the entry's own that the walk has not passed, and that
 * Claude Code does not delete on load (before the last compaction, not preserved).
 */
function bridgeCandidate(model: StorageView, chain: Chain, from: Entry): Entry | undefined {
  const at = timeOf(from);
  const walked = new Set(chain.walked.map((s) => s.entry));
  let best: Entry | undefined;
  let bestAt = Number.NEGATIVE_INFINITY;
  for (const e of model.entries) {
    if (e === from || walked.has(e) || !isMainTreeEntry(e) || model.isShadowed(e) || !isReadable(e)) continue;
    if (chain.pruned?.(e)) continue;
    const t = timeOf(e);
    if (at === undefined) {
      if (e.index < from.index) best = e;
      continue;
    }
    if (t === undefined || t > at) continue;
    if (t > bestAt || (t === bestAt && best && e.index > best.index)) {
      best = e;
      bestAt = t;
    }
  }
  return best;
}

/** "12.5 s", "1 min 0 s": how much older `to` is than `from`. */
function gapOf(from: Entry, to: Entry): string {
  const a = timeOf(from);
  const b = timeOf(to);
  if (a === undefined || b === undefined) return 'an unknown time';
  const s = (a - b) / 1000;
  if (s < 60) return `${Number(s.toFixed(3))} s`;
  const min = Math.floor(s / 60);
  return `${min} min ${Math.round(s - min * 60)} s`;
}

/**
 * descendants, from the chain's stored parents by entry index: the children of each entry as index lists. Each
 * entry holding a uuid is expanded once per set, and the set is kept per holder: the copies of one uuid share a
 * holder, so a file of many copies of one session (every copy's prompt dangling) is walked once, not once per copy
 * with every copy's children each time (that was cubic: 2000 copies took 90 s).
 */
function descendantsByIndex(
  entries: readonly Entry[],
  chain: Chain,
  storedParent: Int32Array,
): (entry: Entry) => { has(e: Entry): boolean } {
  let start: Int32Array | undefined;
  let list: Int32Array | undefined;
  const expanded = new Int32Array(entries.length);
  let call = 0;
  const byHolder = new Map<number, Set<Entry>>();
  const none = new Set<Entry>();
  const holderOf = (e: Entry): Entry | undefined =>
    e.uuid === undefined ? undefined : chain.live?.[e.index] === 1 ? e : chain.byUuid.get(e.uuid);
  return (entry) => {
    const n = entries.length;
    if (!start || !list) {
      // Every entry (live or not) under the index of the entry its stored parentUuid names, in file order.
      start = new Int32Array(n + 1);
      for (let i = 0; i < n; i++) if (storedParent[i]! >= 0) start[storedParent[i]! + 1]!++;
      for (let j = 0; j < n; j++) start[j + 1]! += start[j]!;
      list = new Int32Array(start[n]!);
      const fill = start.slice(0, n);
      for (let i = 0; i < n; i++) if (storedParent[i]! >= 0) list[fill[storedParent[i]!]!++] = i;
    }
    const top = holderOf(entry);
    if (top === undefined) return none;
    const known = byHolder.get(top.index);
    if (known) return known;
    const found = new Set<Entry>();
    call++;
    const stack = [entry];
    while (stack.length > 0) {
      // The entries whose parentUuid is this uuid hang under the entry holding it.
      const holder = holderOf(stack.pop()!);
      if (holder === undefined || expanded[holder.index] === call) continue;
      expanded[holder.index] = call;
      for (let k = start[holder.index]!; k < start[holder.index + 1]!; k++) {
        const c = entries[list[k]!]!;
        if (found.has(c)) continue;
        found.add(c);
        stack.push(c);
      }
    }
    byHolder.set(top.index, found);
    return found;
  };
}

/** Uuids a snip boundary removed on purpose: Claude Code deletes them on load and re-links the survivors. */
function snipRemovedUuids(entries: readonly Entry[]): Set<string> {
  const removed = new Set<string>();
  for (let i = 0; i < entries.length; i++) {
    const meta = entries[i]!.raw.snipMetadata;
    if (!isObject(meta) || !Array.isArray(meta.removedUuids)) continue;
    for (const u of meta.removedUuids) if (typeof u === 'string') removed.add(u);
  }
  return removed;
}

/**
 * With nothing earlier to re-link to, the entry is made the root it already is on resume: `parentUuid` null, the
 * uuid it named kept in the marker field. Claude Code sends the same history either way (the real CLI resumed such
 * a prompt alone); unsafe, since it says the history before it is gone for good.
 */
function rootFix(model: StorageView, entry: Entry, parent: string) {
  return new FixPlan(model)
    .set(entry, '/parentUuid', null)
    .mark(entry, 'parent-exists', { originalParentUuid: parent })
    .fix('unsafe', 'make it the root: the history before it is not in the file');
}
