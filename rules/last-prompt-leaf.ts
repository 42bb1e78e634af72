// last-prompt-leaf: the last `last-prompt` entry names the entry resume starts from. Measured on recordings of the
// real Claude Code 2.1.332 (recorded items 08a-08f, 09a-09c), which differ from claude-code-observed.md's "the
// branch named by the last last-prompt.leafUuid wins" where the name is wrong:
// - it names no entry (or one that exists only in a subagent file, 09b): Claude Code resumes from the last entry of
//   the file; it does not fall back to an older `last-prompt`, and timestamps play no part (08c: a fork appended
//   last with older timestamps wins);
// - it names an entry of a subagent's own conversation mixed into the main file (09a): resume fails, "No
//   conversation found with session ID". (A main-conversation entry flagged `isSidechain` is main-chain-not-sidechain's.)
// The safe fix names the entry Claude Code resumes (the first case: no change in behaviour) or the main
// conversation's newest tip (the second), and leaves the subagent's entries alone.
// - it names an entry Claude Code deletes with the compacted history (a restored copy behind a compaction, seed
//   248: fixtures/sessions/claude-code/restored-behind-compaction): as for no entry; the safe fix names the message.
// - after a compaction that keeps a tail, it names an entry with a reply below it (seed 276:
//   fixtures/sessions/claude-code/restored-tail-named): Claude Code resumes the last row; the unsafe fix names the
//   newest turn with no reply below it.
// - it, or the file's last row, repeats an earlier line byte for byte (a restored copy of the file appended to it,
//   differential harness seeds 41, 44, 49, 83 and 97) and later turns continue the entry Claude Code resumes (the
//   named entry, or the file's last row when that row descends from it): none of those turns is sent (seed 49:
//   toolu_termA1; seed 83: toolu_T3; seed 97: the prompt of line 50). The unsafe fix names the newest of those
//   turns in the last `last-prompt`: Claude Code then resumes it, as the copy's rows do not descend from it.
import {
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  isMainTreeEntry,
  Lines,
  newestTip,
  reachesMainConversation,
  type StorageView,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'last-prompt-leaf',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    description: 'The last `last-prompt` names an entry of the main conversation.',
    docs: {
      detects:
        "the last `last-prompt` names no entry, an entry resume deletes with the compacted history, an entry of a subagent's conversation, an entry with a reply below it after a compaction, or (a restored copy) an entry later turns continue",
      fix: "safe (name the entry Claude Code resumes, or the main conversation's newest tip); unsafe (a restored copy, or a named entry with a reply below it: name the newest turn)",
      severity: {
        'claude-code': 'error (a subagent entry, a restored copy, a named entry with a reply below it) / warn',
      },
    },
    severity: { 'claude-code': 'warn', api: 'off' },
    fixable: 'safe',
    messages: {
      missing:
        '`leafUuid` {{leaf}} names no entry in this file; Claude Code resumes from the last entry of the file (line {{tipLine}}), and does not fall back to an earlier `last-prompt`.',
      deleted:
        '`leafUuid` {{leaf}} names line {{line}}, an entry Claude Code deletes on resume with the history compacted before the last compact boundary (its uuid first appears above that boundary); Claude Code resumes from line {{tipLine}} instead.',
      missingNoTip:
        '`leafUuid` {{leaf}} names no entry in this file, and no other line of it is an entry Claude Code could resume from.',
      restored:
        'This `last-prompt` repeats line {{first}} byte for byte (a restored copy of the file appended to it) and names line {{line}}; Claude Code resumes from line {{leafLine}}, which later turns continue (line {{tipLine}} among them), and sends none of them.',
      laterTurns:
        'Claude Code resumes from line {{leafLine}}, the entry this `last-prompt` names, since the last entry of the file (line {{row}}) does not descend from it; the later turns below line {{leafLine}} (line {{tipLine}} among them) are not sent.',
      restoredRows:
        'The last entry of the file (line {{row}}) repeats line {{first}} byte for byte (a restored copy of the file appended to it), so Claude Code resumes from line {{leafLine}}, the entry this `last-prompt` names or one below it, which later turns continue (line {{tipLine}} among them), and sends none of them.',
      notLeaf:
        '`leafUuid` {{leaf}} names line {{line}}, which has replies below it; after a compaction that keeps a tail, Claude Code takes only a message with no reply below it as the named leaf, so it resumes from line {{leafLine}}, the last entry of the file, and sends none of the later turns below it (line {{tipLine}} among them).',
      subagent:
        '`leafUuid` {{leaf}} names an entry of a subagent\'s own conversation (line {{line}}) mixed into this file, so Claude Code cannot resume the session: "No conversation found with session ID".',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const chain = model.chain();
    const last = chain.lastPromptLeaves[chain.lastPromptLeaves.length - 1];
    if (!last) return;
    const named = chain.byUuid.get(last.leafUuid);
    const at = { entry: last.entry, pointer: '/leafUuid' } as const;
    // The entry it names may be on a line left unread for its length: not known to be missing.
    if (!named && model.unreadLineHolding('uuid', last.leafUuid) !== undefined) return;
    if (!named) {
      const leaf = chain.leaf;
      if (!leaf) {
        ctx.report({ messageId: 'missingNoTip', at, data: { leaf: last.leafUuid } });
        return;
      }
      ctx.report({
        messageId: 'missing',
        at,
        data: { leaf: last.leafUuid, tipLine: leaf.line },
        related: [{ line: leaf.line, message: 'where Claude Code resumes' }],
        fix:
          leaf.uuid !== undefined && isMainTreeEntry(leaf)
            ? nameLeaf(model, last.entry, leaf.uuid, leaf.line, 'the entry Claude Code resumes')
            : undefined,
      });
      return;
    }
    // Deleted with the compacted history (a restored copy of older lines, differential harness seed 248): resume
    // picks another leaf, as for a name of no entry. The fix names the message Claude Code resumes: a named entry
    // that is no message (its attachments) is not taken as the leaf after a compaction with a preserved tail
    // (recorded, seed 248: naming the prompt resumed it; naming its last attachment resumed the file's last row).
    if (chain.pruned?.(named)) {
      const leaf = chain.leaf;
      const message = [...chain.walked]
        .reverse()
        .find((s) => s.entry.type === 'user' || s.entry.type === 'assistant')?.entry;
      if (!leaf) return;
      ctx.report({
        messageId: 'deleted',
        at,
        data: { leaf: last.leafUuid, line: named.line, tipLine: leaf.line },
        related: [
          { line: named.line, message: 'the entry it names, deleted on resume' },
          { line: leaf.line, message: 'where Claude Code resumes' },
        ],
        fix:
          message?.uuid !== undefined && isMainTreeEntry(message)
            ? nameLeaf(model, last.entry, message.uuid, message.line, 'the message Claude Code resumes')
            : undefined,
      });
      return;
    }
    const repeated = restoredCopy(model, named, last.entry);
    if (repeated) {
      const leafLine = chain.leaf!.line;
      const common = {
        severity: 'error' as const,
        at,
        related: [
          repeated.by === 'later'
            ? { line: repeated.row, message: 'the last entry of the file' }
            : { line: repeated.first, message: 'the line it repeats' },
          { line: repeated.tip.line, message: 'a later turn that is not sent' },
        ],
        fix: repeated.fix,
      };
      const tipLine = repeated.tip.line;
      if (repeated.by === 'prompt')
        ctx.report({
          ...common,
          messageId: 'restored',
          data: { first: repeated.first, line: named.line, leafLine, tipLine },
        });
      else if (repeated.by === 'later')
        ctx.report({ ...common, messageId: 'laterTurns', data: { row: repeated.row, leafLine, tipLine } });
      else
        ctx.report({
          ...common,
          messageId: 'restoredRows',
          data: { first: repeated.first, row: repeated.row, leafLine, tipLine },
        });
      return;
    }
    const skipped = namedNotResumed(model, named, last.entry);
    if (skipped) {
      ctx.report({
        messageId: 'notLeaf',
        severity: 'error',
        at,
        data: { leaf: last.leafUuid, line: named.line, leafLine: chain.leaf!.line, tipLine: skipped.tip.line },
        related: [
          { line: chain.leaf!.line, message: 'where Claude Code resumes' },
          { line: skipped.tip.line, message: 'a later turn that is not sent' },
        ],
        fix: skipped.fix,
      });
      return;
    }
    if (!named.isSidechain || reachesMainConversation(named, chain)) return;
    const tip = newestTip(model.entries, chain.byUuid, chain.children);
    ctx.report({
      messageId: 'subagent',
      severity: 'error',
      at,
      data: { leaf: last.leafUuid, line: named.line },
      related: [
        { line: named.line, message: 'the subagent entry it names' },
        ...(tip ? [{ line: tip.line, message: "the main conversation's newest tip" }] : []),
      ],
      fix:
        tip?.uuid !== undefined
          ? nameLeaf(model, last.entry, tip.uuid, tip.line, "the main conversation's newest tip")
          : undefined,
    });
  },
});

function nameLeaf(
  model: StorageView,
  entry: Entry,
  uuid: string,
  line: number,
  what: string,
): FixDescriptor | undefined {
  return new FixPlan(model).set(entry, '/leafUuid', uuid).fix('safe', `name ${what} (line ${line})`);
}

/** Whether `e` is one of the walked steps. */
function onWalk(walked: readonly { entry: Entry }[], e: Entry): boolean {
  return walked.some((s) => s.entry === e);
}

/**
 * A restored copy of the file appended to it, seen in the last `last-prompt` (`lastPrompt`) or the last main row
 * repeating an earlier line byte for byte, when Claude Code resumes the entry it names (`named`) or a row below it
 * (the chain's leaf) and a user/assistant entry descends from the leaf: the evidence (the line repeated, and the
 * repeating row), the newest such descendant, and the fix that names it in the last `last-prompt`.
 */
function restoredCopy(
  model: StorageView,
  named: Entry,
  lastPrompt: Entry,
):
  | { by: 'prompt' | 'row' | 'later'; first: number; row: number; tip: Entry; fix: FixDescriptor | undefined }
  | undefined {
  const chain = model.chain();
  const resumed = chain.leaf;
  if (!resumed || !onWalk(chain.walked, named)) return undefined;
  const evidence = repeatedPrompt(model, lastPrompt) ?? repeatedLastRow(model) ?? laterRow(model);
  if (!evidence) return undefined;
  // The newest user/assistant entry below the resumed one (children lists are live entries only).
  let tip: Entry | undefined;
  const stack = [...(chain.children.get(resumed.uuid!) ?? [])];
  // Entries on the walk are sent (a parent loop makes the walk's own entries descendants of the leaf), and so are
  // the parts and results of split responses spliced in (parallel results hang off their own parts: seed 149). The
  // turns below a spliced part are not (seed 222: the restored copy ends at a response's first part; Claude Code sent
  // its call and result, spliced in, but not the answer below the result).
  const walked = new Set<Entry>(chain.walked.map((step) => step.entry));
  const spliced = new Set<Entry>(chain.active);
  const visited = new Set<Entry>(walked);
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (visited.has(e) || !isMainTreeEntry(e)) continue;
    visited.add(e);
    const sent = spliced.has(e);
    if (!sent && (e.type === 'user' || e.type === 'assistant') && (!tip || e.line > tip.line)) tip = e;
    stack.push(...(chain.children.get(e.uuid!) ?? []));
  }
  if (!tip?.uuid) return undefined;
  // Named by the last `last-prompt`, the newest turn is resumed: the rows of the copy do not descend from it.
  const fix = new FixPlan(model)
    .set(lastPrompt, '/leafUuid', tip.uuid)
    .fix('unsafe', `name the newest turn (line ${tip.line})`);
  return { ...evidence, tip, fix };
}

/**
 * A function that tells whether another line holds the same bytes as line `n`. Lengths are compared first, and line
 * `n`'s bytes read once: a large file's lines are read from it again for their bytes (the bench's 200 MB session read
 * each of its 2,628 `last-prompt` lines so, for no report).
 */
function sameBytesAs(model: StorageView, n: number): (other: number) => boolean {
  const line = model.file.lines[n - 1];
  if (line?.lineNo !== n) return () => false;
  const length = Lines.lineByteLength(line);
  let own: Buffer | undefined;
  return (other) => {
    const l = model.file.lines[other - 1];
    if (l?.lineNo !== other || Lines.lineByteLength(l) !== length) return false;
    own ??= Buffer.from(line.bytes);
    return own.equals(l.bytes);
  };
}

/**
 * The named entry is not resumed and not below the leaf: after a compaction with a preserved tail Claude Code takes
 * the name only when it is a message with no user or assistant child, and otherwise resumes the file's last row
 * (differential harness seed 276: the fix had named a tail call, then written the interrupted results Claude Code
 * writes below it; the last row, a restored copy of an earlier prompt, was resumed and the turns below it were not
 * sent). When user/assistant entries below the resumed leaf are not sent: the newest of them with no user or
 * assistant child, and the fix that names it (a named message with no reply is resumed: recorded, seed 248).
 */
function namedNotResumed(
  model: StorageView,
  named: Entry,
  lastPrompt: Entry,
): { tip: Entry; fix: FixDescriptor | undefined } | undefined {
  const chain = model.chain();
  const resumed = chain.leaf;
  if (!resumed || resumed === named || chain.leafSource !== 'last-tip' || onWalk(chain.walked, named)) return undefined;
  const isMessage = (e: Entry) => e.type === 'user' || e.type === 'assistant';
  const spliced = new Set<Entry>(chain.active);
  const visited = new Set<Entry>(chain.walked.map((step) => step.entry));
  const stack = [...(chain.children.get(resumed.uuid!) ?? [])];
  let tip: Entry | undefined;
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (visited.has(e) || !isMainTreeEntry(e)) continue;
    visited.add(e);
    const kids = chain.children.get(e.uuid!) ?? [];
    stack.push(...kids);
    if (!isMessage(e) || spliced.has(e) || kids.some(isMessage)) continue;
    if (!tip || e.line > tip.line) tip = e;
  }
  if (!tip?.uuid) return undefined;
  const fix = new FixPlan(model)
    .set(lastPrompt, '/leafUuid', tip.uuid)
    .fix('unsafe', `name the newest turn with no reply below it (line ${tip.line})`);
  return { tip, fix };
}

/**
 * The file's last main-conversation row, when there is one: resumed turns below the leaf mean it is not below the
 * leaf (another writer's line, differential harness seed 124: another session's lines interleaved after the turn).
 */
function laterRow(model: StorageView): { by: 'later'; first: number; row: number } | undefined {
  const { entries } = model;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (isMainTreeEntry(e) && e.type !== 'progress') return { by: 'later', first: e.line, row: e.line };
  }
  return undefined;
}

/** When the last `last-prompt` repeats an earlier `last-prompt` line byte for byte: that line. */
function repeatedPrompt(
  model: StorageView,
  lastPrompt: Entry,
): { by: 'prompt'; first: number; row: number } | undefined {
  const same = sameBytesAs(model, lastPrompt.line);
  // A copy names the same leaf (a replicated session's prompts are often of one length).
  const leaf = lastPrompt.raw.leafUuid;
  for (const lp of model.chain().lastPromptLeaves) {
    if (lp.entry.line >= lastPrompt.line) break;
    if (lp.leafUuid === leaf && same(lp.entry.line))
      return { by: 'prompt', first: lp.entry.line, row: lastPrompt.line };
  }
  return undefined;
}

/** When the file's last main-conversation row repeats the first line of its uuid byte for byte: both lines. */
function repeatedLastRow(model: StorageView): { by: 'row'; first: number; row: number } | undefined {
  const { entries } = model;
  const chain = model.chain();
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (!isMainTreeEntry(e)) continue;
    const first = chain.allByUuid.get(e.uuid!)?.[0];
    if (!first || first === e) return undefined;
    return sameBytesAs(model, e.line)(first.line) ? { by: 'row', first: first.line, row: e.line } : undefined;
  }
  return undefined;
}
