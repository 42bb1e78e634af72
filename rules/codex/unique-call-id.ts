// codex/unique-call-id: no item twice, no call_id on two calls, no call_id over the API's 64 characters. Codex sends
// every item with its id and dedupes nothing, so a duplicated line gets the request rejected ("Duplicate item found
// with id …"), and two calls sharing a call_id leave the API unable to pair outputs. A block of lines written twice
// byte for byte is one finding, fixed by removing the copy whole (safe: it holds nothing new). Fixes drop exact
// copies (safe), shorten over-long call_ids consistently (safe), and rename a reused call_id in the later call and
// its output (unsafe: the pairing by order is a guess).
import { createHash } from 'node:crypto';
import { Codex, defineRule, type FixDescriptor } from '../../src/sdk/index.js';

const RULE_ID = 'codex/unique-call-id';
const SENDABLE_ID = /^[A-Za-z0-9_-]+$/;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A call_id cut to the API's 64 characters, kept unique by a hash of the whole: 55 chars, "_", 8 hex digits. */
function shortCallId(id: string): string {
  return `${id.slice(0, 55)}_${createHash('sha1').update(id).digest('hex').slice(0, 8)}`;
}

/** Sets the call_id of an item where it is stored, keeping the old one in the marker. */
function setCallId(fix: Codex.CodexFix, record: Codex.CodexRecord, h: Codex.HistoryItem, id: string): void {
  fix.set(record, `${h.pointer}/call_id`, id, { original_call_id: h.item.call_id });
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'Every item id in the history is used once, every call_id by one call (and its output), and no call_id is over 64 characters.',
    docs: {
      detects:
        'a block of lines written twice, a duplicated item (line), a call_id reused by a second call or a second output, a call_id over 64 characters',
      fix: 'safe (remove a block written twice byte for byte; drop an exact copy; shorten a long call_id everywhere); unsafe (rename a reused call_id, drop a second output)',
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      replayedBlock:
        '{{lines}} {{repeat}} {{of}} byte for byte ({{written}} twice): Codex sends {{items}} again, and the API rejects the request ("Duplicate item found with id {{id}}. Remove duplicate items from your input and try again.").',
      duplicateItem:
        '{{label}} repeats item id {{id}} of line {{first}}: Codex sends both, and the API rejects the request ("Duplicate item found with id {{id}}. Remove duplicate items from your input and try again.").',
      duplicateCall:
        "{{label}} reuses the call_id of the call on line {{first}}: Codex sends both, and the API cannot tell which output answers which (the stand-in’s wording: \"Duplicate value for 'call_id' of {{id}} in 'input'.\").",
      duplicateOutput:
        '{{label}} is a second output for the call on line {{call}}: Codex sends both, and the API rejects the request (a call_id answered twice).',
      tooLong:
        'call_id {{id}} is {{length}} characters: Codex sends it, and the API rejects the request ("Invalid \'input[{{index}}].call_id\': string too long. Expected a string with maximum length 64, but got a string with length {{length}} instead.").',
      empty:
        '{{type}} has an empty call_id: Codex sends it, and the API rejects the request ("Invalid \'input[{{index}}].call_id\': empty string.").',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const resume = model.restoredResume();
    const history = resume.history;
    const index = (h: Codex.HistoryItem): string | number => Codex.inputIndex(model.resume(), h) ?? '?';
    // A block of lines written twice: one finding for the copy, removed whole (its lines hold nothing new).
    const blocks = Codex.replayedBlocks(model);
    for (const b of blocks) {
      const span = (from: number, to: number): string => (from === to ? `line ${from}` : `lines ${from}-${to}`);
      const lines = span(b.start, b.end);
      const of = span(b.of, b.of + b.end - b.start);
      const fix = new Codex.CodexFix(model, RULE_ID);
      for (let n = b.start; n <= b.end; n++) fix.deleteLine(n);
      ctx.report({
        messageId: 'replayedBlock',
        at: { line: b.start },
        data: {
          lines: lines.replace(/^l/, 'L'),
          repeat: b.start === b.end ? 'repeats' : 'repeat',
          of,
          written: b.start === b.end ? 'a record written' : 'records written',
          items: b.ids.length === 1 ? 'its item' : `their ${b.ids.length} items`,
          id: b.ids[0]!,
        },
        fix: fix.fix('safe', `remove ${lines}, an exact copy of ${of}: nothing is lost`),
      });
    }
    const inBlock = (h: Codex.HistoryItem): boolean =>
      h.record !== undefined && Codex.inReplayedBlock(model, h.record.line);
    // Duplicate items.
    const byId = new Map<string, Codex.HistoryItem>();
    const copies = new Set<Codex.HistoryItem>();
    for (const h of history) {
      const id = h.item.id;
      if (typeof id !== 'string' || !SENDABLE_ID.test(id)) continue;
      const first = byId.get(id);
      if (!first) {
        byId.set(id, h);
        continue;
      }
      const stored = Codex.storedRecord(model, h);
      const same = sameJson(h.item, first.item);
      if (same) copies.add(h);
      if (inBlock(h)) continue;
      let fix: FixDescriptor | undefined;
      if (stored && same)
        fix = Codex.removeItem(new Codex.CodexFix(model, RULE_ID), stored, h).fix('safe', `drop the copy of ${id}`);
      else if (stored)
        fix = new Codex.CodexFix(model, RULE_ID)
          .remove(stored, `${h.pointer}/id`, { original_id: id })
          .fix('unsafe', 'send the later item without an id');
      ctx.report({
        messageId: 'duplicateItem',
        at: Codex.siteOf(h),
        data: { label: Codex.itemLabel(h.item), id, first: first.record?.line ?? '?' },
        fix,
      });
    }
    // The items of a block written twice go with it (an output without an id too).
    const live = history.filter((h) => !copies.has(h) && !inBlock(h));
    // Call ids: per output type, the calls and the outputs that carry each id, in order.
    const groups = new Map<string, { calls: Codex.HistoryItem[]; outputs: Codex.HistoryItem[] }>();
    for (const h of live) {
      const t = h.item.type;
      const id = h.item.call_id;
      if (typeof id !== 'string') continue;
      const out = Codex.isCallType(t) ? Codex.ANSWERED_BY.get(t)!.output : Codex.isOutputType(t) ? t : undefined;
      if (!out) continue;
      const key = `${out}\u0000${id}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { calls: [], outputs: [] }));
      (Codex.isCallType(t) ? g.calls : g.outputs).push(h);
    }
    const taken = new Set(live.map((h) => h.item.call_id).filter((x): x is string => typeof x === 'string'));
    const longDone = new Set<string>();
    for (const { calls, outputs } of groups.values()) {
      const id = (calls[0] ?? outputs[0])!.item.call_id as string;
      if (id === '') {
        for (const h of [...calls, ...outputs])
          ctx.report({ messageId: 'empty', at: Codex.siteOf(h), data: { type: String(h.item.type), index: index(h) } });
        continue;
      }
      if (id.length > Codex.API_LIMITS.callIdChars && !longDone.has(id)) {
        longDone.add(id);
        const short = shortCallId(id);
        const fix = new Codex.CodexFix(model, RULE_ID);
        let ok = true;
        for (const h of live.filter((x) => x.item.call_id === id)) {
          const stored = Codex.storedRecord(model, h);
          if (stored) setCallId(fix, stored, h, short);
          else ok = false;
        }
        const first = calls[0] ?? outputs[0]!;
        ctx.report({
          messageId: 'tooLong',
          at: Codex.siteOf(first),
          data: { id, length: id.length, index: index(first) },
          fix: ok ? fix.fix('safe', `shorten the call_id to ${short} in the call and its output`) : undefined,
        });
      }
      for (const [k, call] of calls.entries()) {
        if (k === 0) continue;
        let fresh = `${id}_dup${k}`;
        for (let n = 2; taken.has(fresh); n++) fresh = `${id}_dup${k}_${n}`;
        taken.add(fresh);
        const fix = new Codex.CodexFix(model, RULE_ID);
        const output = outputs[k];
        const callStored = Codex.storedRecord(model, call);
        const outStored = output && Codex.storedRecord(model, output);
        if (callStored) setCallId(fix, callStored, call, fresh);
        if (output && outStored) setCallId(fix, outStored, output, fresh);
        ctx.report({
          messageId: 'duplicateCall',
          at: Codex.siteOf(call),
          data: { label: Codex.itemLabel(call.item), first: calls[0]!.record?.line ?? '?', id },
          fix:
            callStored && (!output || outStored)
              ? fix.fix('unsafe', `rename the later call${output ? ' and its output' : ''} to ${fresh}`)
              : undefined,
        });
      }
      for (const [k, output] of outputs.entries()) {
        if (k < Math.max(calls.length, 1) || calls.length === 0) continue;
        const stored = Codex.storedRecord(model, output);
        ctx.report({
          messageId: 'duplicateOutput',
          at: Codex.siteOf(output),
          data: { label: Codex.itemLabel(output.item), call: calls[0]!.record?.line ?? '?' },
          fix: stored
            ? Codex.removeItem(new Codex.CodexFix(model, RULE_ID), stored, output).fix(
                'unsafe',
                'remove the second output',
              )
            : undefined,
        });
      }
    }
  },
});
