// parent-exists: a `parentUuid` that names no entry in the file. Claude Code 2.1.332 (spec: claude-code-observed.md,
// behaviour table "dangling parentUuid"): on a user prompt the resumed history silently starts at that prompt; on
// other entries the walk bridges the gap to the previous entry in the file. Not a finding: a null parent (roots and
// compact boundaries) and a parent removed by a snip boundary (`snipMetadata.removedUuids`). A compact summary whose
// boundary is gone is left to `compact-summary`.
import {
  CHAIN_TYPES,
  defineRule,
  type Entry,
  FixPlan,
  isObject,
  isReadable,
  isUserPrompt,
  timeOf,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'parent-exists',
    type: 'problem',
    view: 'storage',
    description: 'Every `parentUuid` names an entry of the file.',
    docs: {
      detects: 'a `parentUuid` naming no entry in the file',
      severity: { 'claude-code': 'error (on a prompt) / warn' },
    },
    severity: { 'claude-code': 'error', api: 'off' },
    fixable: 'unsafe',
    messages: {
      prompt:
        '`parentUuid` {{parent}} names no entry in the file and this is a user prompt, so on resume the history silently starts here and everything before it is lost.',
      bridged:
        '`parentUuid` {{parent}} names no entry in the file; Claude Code bridges the gap to the previous entry in the file on resume, which may not be the one this entry followed.',
      root: '`parentUuid` {{parent}} names no entry in the file and no earlier entry can stand in for it, so on resume the history starts here and whatever this entry followed is missing.',
      sidechain:
        '`parentUuid` {{parent}} names no entry in the file, so this sidechain (subagent) entry is cut off from the entries before it.',
    },
  },
  check(ctx) {
    const { byUuid } = ctx.model.chain();
    const snipped = snipRemovedUuids(ctx.model.entries);
    const earlierOfChain = new Map<string, Entry[]>();
    const below = descendants(ctx.model.entries);
    // Claude Code bridges a dangling non-prompt entry to the nearest earlier main entry it can read that is not newer
    // than it (src/model/chain.ts previousMainEntry): one exists when the oldest such earlier entry is not newer.
    let earliestMainTime: number | undefined;
    let anyEarlierMain = false;
    for (const entry of ctx.model.entries) {
      const participates = CHAIN_TYPES.has(entry.type) || entry.type === 'progress';
      if (!participates) continue;
      const key = chainKey(entry);
      const earlier = earlierOfChain.get(key) ?? [];
      if (!earlierOfChain.has(key)) earlierOfChain.set(key, earlier);
      if (CHAIN_TYPES.has(entry.type)) earlier.push(entry);

      const time = timeOf(entry);
      const canBridge =
        anyEarlierMain && (time === undefined || earliestMainTime === undefined || earliestMainTime <= time);
      if (!entry.isSidechain && entry.uuid !== undefined && isReadable(entry)) {
        anyEarlierMain = true;
        const t = time ?? Number.NEGATIVE_INFINITY;
        if (earliestMainTime === undefined || t < earliestMainTime) earliestMainTime = t;
      }

      const parent = entry.parentUuid;
      if (typeof parent !== 'string' || byUuid.has(parent) || snipped.has(parent)) continue;
      if (entry.type === 'user' && entry.raw.isCompactSummary === true) continue;

      const messageId = entry.isSidechain
        ? 'sidechain'
        : isUserPrompt(entry)
          ? 'prompt'
          : canBridge
            ? 'bridged'
            : 'root';
      // The nearest earlier entry of the chain that does not hang below this one (a link to it would close a loop).
      const mine = below(entry);
      const previous = earlier.findLast((e) => e !== entry && !mine.has(e));
      ctx.report({
        messageId,
        severity: messageId === 'prompt' ? 'error' : 'warn',
        at: { entry, pointer: '/parentUuid' },
        data: { parent },
        related: previous
          ? [
              {
                line: previous.line,
                message: 'nearest earlier entry of the same chain (the unsafe fix re-links to it)',
              },
            ]
          : [],
        fix:
          previous?.uuid !== undefined
            ? new FixPlan(ctx.model)
                .set(entry, '/parentUuid', previous.uuid)
                .fix('unsafe', `re-link to the entry on line ${previous.line}`)
            : undefined,
      });
    }
  },
});

/** The entries below each entry by stored parentUuid (its descendants), built on first use. */
function descendants(entries: readonly Entry[]): (entry: Entry) => Set<Entry> {
  let children: Map<string, Entry[]> | undefined;
  return (entry) => {
    if (!children) {
      children = new Map();
      for (const e of entries) {
        if (typeof e.parentUuid !== 'string') continue;
        const list = children.get(e.parentUuid);
        if (list) list.push(e);
        else children.set(e.parentUuid, [e]);
      }
    }
    const found = new Set<Entry>();
    const stack = [entry];
    while (stack.length > 0) {
      const cur = stack.pop()!;
      if (cur.uuid === undefined) continue;
      for (const c of children.get(cur.uuid) ?? []) {
        if (found.has(c)) continue;
        found.add(c);
        stack.push(c);
      }
    }
    return found;
  };
}

/** Main-chain entries form one chain; sidechain entries one per agent. */
function chainKey(entry: Entry): string {
  if (!entry.isSidechain) return 'main';
  return `side:${typeof entry.raw.agentId === 'string' ? entry.raw.agentId : ''}`;
}

/** Uuids a snip boundary removed on purpose: Claude Code deletes them on load and re-links the survivors. */
function snipRemovedUuids(entries: readonly Entry[]): Set<string> {
  const removed = new Set<string>();
  for (const e of entries) {
    const meta = e.raw.snipMetadata;
    if (!isObject(meta) || !Array.isArray(meta.removedUuids)) continue;
    for (const u of meta.removedUuids) if (typeof u === 'string') removed.add(u);
  }
  return removed;
}
