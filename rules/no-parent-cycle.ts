// no-parent-cycle: `parentUuid` links that loop back on themselves. Claude Code 2.1.332 detects the loop and breaks
// it (spec: claude-code-observed.md, behaviour table "parentUuid cycle": full history sent), but the file can never
// reach a root from those entries, and readers (older Claude Code versions among them) may hang or lose history.
// Each parent points to at most one entry, so the links form a functional graph: one iterative pass with three
// colours finds every cycle once, in time linear in the number of entries.
import { CHAIN_TYPES, defineRule, type Entry, FixPlan } from '../src/sdk/index.js';

/** A loop can span a whole file: the message names a few of its lines and `related` lists the first ones. */
const MAX_LISTED = 8;
const MAX_RELATED = 50;

function listLines(lines: number[]): string {
  if (lines.length <= MAX_LISTED) return lines.join(', ');
  return `${lines.slice(0, MAX_LISTED).join(', ')}, … ${lines[lines.length - 1]}`;
}

/**
 * Where the broken link should point: the nearest earlier entry of the same conversation (what Claude Code bridges
 * to when it breaks the loop), so the entries before the loop stay in the history.
 */
function nearestEarlier(entries: readonly Entry[], from: Entry, eligible: (e: Entry) => boolean): Entry | undefined {
  for (let i = from.index - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.uuid !== undefined && CHAIN_TYPES.has(e.type) && e.isSidechain === from.isSidechain && eligible(e)) return e;
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'no-parent-cycle',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    description: 'Following `parentUuid` links always ends at a root; it never loops.',
    docs: { detects: 'a `parentUuid` cycle' },
    severity: { 'claude-code': 'warn', api: 'off' },
    fixable: 'safe',
    messages: {
      cycle:
        '`parentUuid` {{parent}} points forward to line {{parentLine}} and closes a loop of {{count}} entries (lines {{lines}}); Claude Code 2.1.332 detects and breaks it on resume, but the loop never reaches a root and trips up readers that follow the links.',
      selfLoop:
        '`parentUuid` names this entry itself; Claude Code 2.1.332 detects and breaks the loop on resume, but the entry never reaches a root and trips up readers that follow the links.',
    },
  },
  check(ctx) {
    const { byUuid, storedParent, live } = ctx.model.chain();
    const { entries } = ctx.model;
    // The chain's parent by entry index answers without a lookup by uuid (for this model's own entries).
    const byIndex = storedParent !== undefined && storedParent.length === entries.length;
    const parentOf = byIndex
      ? (e: Entry): Entry | undefined => {
          const at = storedParent[e.index]!;
          return at >= 0 ? entries[at] : undefined;
        }
      : (e: Entry): Entry | undefined => (typeof e.parentUuid === 'string' ? byUuid.get(e.parentUuid) : undefined);
    // 0 = not visited, 1 = on the current path, 2 = done; by entry index.
    const state = new Uint8Array(entries.length);
    // One path for every walk, `depth` long (most walks are a single step, to a parent already done). Walks start
    // at each uuid's survivor, in file order: a loop is found once, by the first walk that enters it, whatever the
    // order.
    const path: Entry[] = [];
    // Whether an entry holds its uuid, by index where the chain keeps it (a lookup by uuid per entry otherwise).
    const holdsUuid =
      byIndex && live !== undefined
        ? (e: Entry): boolean => live[e.index] === 1
        : (e: Entry): boolean => e.uuid !== undefined && byUuid.get(e.uuid) === e;
    for (let i = 0; i < entries.length; i++) {
      const start = entries[i]!;
      if (state[start.index] !== 0 || !holdsUuid(start)) continue;
      let depth = 0;
      let cur: Entry | undefined = start;
      while (cur && state[cur.index] === 0) {
        state[cur.index] = 1;
        path[depth++] = cur;
        cur = parentOf(cur);
      }
      if (cur && state[cur.index] === 1) report(path.slice(path.indexOf(cur), depth));
      for (let k = 0; k < depth; k++) state[path[k]!.index] = 2;
    }

    function report(cycle: Entry[]): void {
      // Report on the entry that comes first in the file: its parent link necessarily points forward (or at itself),
      // and it is the link the fix breaks.
      let at = cycle[0]!;
      for (const e of cycle) if (e.line < at.line) at = e;
      const parent = parentOf(at)!;
      const others = cycle.filter((e) => e !== at).sort((a, b) => a.line - b.line);
      const inLoop = new Set(cycle);
      const anchor = nearestEarlier(ctx.model.entries, at, (e) => !inLoop.has(e) && !ctx.model.isShadowed(e));
      const found = {
        at: { entry: at, pointer: '/parentUuid' },
        related: others
          .slice(0, MAX_RELATED)
          .map((e) => ({ line: e.line, message: 'entry in the same parentUuid loop' })),
        fix: new FixPlan(ctx.model)
          .set(at, '/parentUuid', anchor?.uuid ?? null)
          .fix('safe', anchor ? `re-link to the entry on line ${anchor.line}` : 'make the entry a root'),
      };
      if (cycle.length === 1) {
        ctx.report({ messageId: 'selfLoop', ...found });
        return;
      }
      ctx.report({
        messageId: 'cycle',
        data: {
          parent: String(at.parentUuid),
          parentLine: parent.line,
          count: cycle.length,
          lines: listLines(cycle.map((e) => e.line).sort((a, b) => a - b)),
        },
        ...found,
      });
    }
  },
});
