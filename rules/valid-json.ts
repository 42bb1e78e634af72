// valid-json: every line must be one JSON object. Claude Code 2.1.332 skips a line it cannot parse and resumes from
// the rest; a line with invalid UTF-8 it reads with U+FFFD in place of the bad bytes. On the differential harness
// (test/oracle/differential/claude) it resumed without loss every case where the skipped line was a torn
// last line, a tear mid-file, a NUL-zeroed block or a torn character that no surviving entry hangs below. So in a
// session a bad line mid-file is a warning, and an error where the skip cuts the resumed history: an entry below the
// line lost its parent and the walk starts there, leaving earlier entries unsent, or the entries below the line lost
// their parent and reach no message without it, so resume leaves them out (differential seed 154). A torn last line
// is judged the same way: a warning, since no entry can hang below it, unless a call it separates from its result is
// dropped or no entry survives to resume. A plain message list or request cannot be read at all with a bad line: an error there.
// A NUL byte mid-file was thought to make the whole session unfindable; the recording resumed such a file,
// skipping the line (test/skipped-line.test.ts, nul-mid), and the recording wins.
import {
  assistantMessageId,
  ClaudeCode,
  type Chain,
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  isCompactBoundary,
  isMainTreeEntry,
  Lines,
  type StorageView,
} from '../src/sdk/index.js';

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function parsesAsObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

const dropLine = (
  model: StorageView,
  line: Lines.SourceLine,
  applicability: 'safe' | 'unsafe',
  description: string,
): FixDescriptor => new FixPlan(model).deleteLine(line.lineNo).fix(applicability, description)!;

/**
 * A session's unreadable line (`what`) kept, byte for byte, in an entry Claude Code ignores (ClaudeCode.KEPT_LINE),
 * on its line; an unterminated last line gets its line break, so that the next entry Claude Code appends starts a
 * line. A message list has no such entry: its line is dropped.
 */
const keepLine = (
  model: StorageView,
  line: Lines.SourceLine,
  reason: string,
  applicability: 'safe' | 'unsafe',
  what: string,
): FixDescriptor => {
  if (model.plain) return dropLine(model, line, applicability, `drop ${what}`);
  return new FixPlan(model)
    .replaceLineText(line.lineNo, ClaudeCode.keptLineText(model.file, line, reason))
    .fix(applicability, `keep ${what} in a ${ClaudeCode.KEPT_LINE} entry, which Claude Code ignores`)!;
};

/**
 * Whether a NUL of the text lies inside a JSON string. There it may have overwritten a character rather than been
 * put in: `"co\0tent"` stripped is a key no reader knows, `"assis\0ant"` a type none knows, and the entry, readable
 * again but wrong, can move resume to another branch (a fuzzer's case: 29 sent messages became 3).
 */
function nulInString(text: string): boolean {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) {
      if (inString) return true;
    } else if (inString && c === 0x5c) i++;
    else if (c === 0x22) inString = !inString;
  }
  return false;
}

/**
 * Without its NUL bytes the line may be a good entry again: keep it. Safe when every NUL sat between the JSON's
 * tokens (the padding a crash leaves before the next write); a guess when one sat inside a string (nulInString). A
 * line of nothing but NULs (and whitespace), the padding a crash leaves at the end of a file, holds nothing: dropping
 * it is safe too. Otherwise dropping it is a guess.
 */
function nulFix(model: StorageView, line: Lines.SourceLine): FixDescriptor {
  const decoded = lenient.decode(line.bytes);
  const text = decoded.replace(/\u0000/g, '');
  if (parsesAsObject(text))
    return nulInString(decoded)
      ? new FixPlan(model)
          .replaceLineText(line.lineNo, text)
          .fix('unsafe', 'strip the NUL bytes (one sat inside a string, where it may have replaced a character)')!
      : new FixPlan(model).replaceLineText(line.lineNo, text).fix('safe', 'strip the NUL bytes')!;
  if (text.trim() === '') return dropLine(model, line, 'safe', 'drop the line (it holds only NUL bytes)');
  return keepLine(model, line, 'nul', 'unsafe', 'the line (it is not JSON even without its NUL bytes)');
}

/** Longest line the split search looks at, and how many record starts it tries. */
const MAX_SPLIT_CHARS = 4 * 1024 * 1024;
const MAX_SPLIT_TRIES = 400;

const unreadable = (line: Lines.SourceLine | undefined): line is Lines.SourceLine =>
  line !== undefined &&
  line.json === undefined &&
  line.problems.length > 0 &&
  line.problems.every((p) => p.kind === 'parse' || p.kind === 'torn');

/**
 * A whole line (its entry and its newline) written inside another entry by a second writer, splitting it across two
 * lines: this line is the outer entry's start followed by the inner entry (`A1 B`), the next line the outer entry's
 * end (`A2`). Claude Code skips both lines. Returns the two texts, each as written (A1 A2, then B), or nothing.
 */
function splitByInner(
  line: Lines.SourceLine,
  next: Lines.SourceLine | undefined,
): { outer: string; inner: string } | undefined {
  if (!unreadable(line) || !unreadable(next) || line.bytes.length > MAX_SPLIT_CHARS) return undefined;
  const text = lenient.decode(line.bytes);
  const rest = lenient.decode(next.bytes);
  let tries = 0;
  for (let k = text.indexOf('{"', 1); k !== -1 && tries < MAX_SPLIT_TRIES; k = text.indexOf('{"', k + 1)) {
    tries++;
    const inner = text.slice(k);
    if (!parsesAsObject(inner)) continue;
    const outer = text.slice(0, k) + rest;
    if (parsesAsObject(outer)) return { outer, inner };
  }
  return undefined;
}

/**
 * The entry where Claude Code's resumed history starts because its parent is gone (chain.truncatedAt), when it lies
 * below line `lineNo` and the cut leaves out an entry above that line that the walk would have reached: the entries
 * after the last compact boundary above the line (the boundary itself included), none of them walked. A bad line
 * that held the missing parent then costs the history above it, not only itself.
 */
function cutBelow(model: StorageView, chain: Chain, lineNo: number): Entry | undefined {
  const cut = chain.truncatedAt;
  if (!cut || cut.line <= lineNo) return undefined;
  const { entries } = model;
  let from = 0;
  for (const e of entries) {
    if (e.line >= lineNo) break;
    if (isCompactBoundary(e) && !model.isShadowed(e)) from = e.index;
  }
  const walked = new Set(chain.walked.map((s) => s.entry));
  for (let i = from; i < entries.length && entries[i]!.line < lineNo; i++) {
    const e = entries[i]!;
    if (isMainTreeEntry(e) && !model.isShadowed(e) && !walked.has(e)) return cut;
  }
  return undefined;
}

/**
 * The first entry below the skipped lines whose parent is an entry they held (`"uuid":"<parent>"` in their bytes),
 * when the entries hanging below it hold no user or assistant message, the walk passes none of them, and one is an
 * attachment rendered as user text (system text is Claude Code's own context, which it announces again: differential
 * seed 43 left out three such attachments and lost nothing). Claude Code does not resume from entries whose parent
 * links reach no user or assistant message: it resumes an earlier tip, and that branch is not sent (differential
 * seed 154: a line written inside the `model` attachment below the first prompt; the attachments below it, the
 * session's newest entries, were left out, one of them a rendered user text).
 */
function detachedBelow(model: StorageView, chain: Chain, skipped: readonly Lines.SourceLine[]): Entry | undefined {
  const last = skipped[skipped.length - 1]!.lineNo;
  const walked = new Set(chain.walked.map((s) => s.entry));
  const held = (uuid: string): boolean => {
    const quoted = Buffer.from(`"uuid":"${uuid}"`);
    return skipped.some(({ bytes }) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(quoted));
  };
  for (const e of model.entries) {
    if (e.line <= last || !isMainTreeEntry(e) || model.isShadowed(e)) continue;
    const parent = e.raw.parentUuid;
    if (typeof parent !== 'string' || chain.byUuid.has(parent) || !held(parent)) continue;
    const branch = new Set<string>([e.uuid!]);
    let sends = false;
    for (let i = e.index; i < model.entries.length; i++) {
      const d = model.entries[i]!;
      if (d !== e && !(typeof d.raw.parentUuid === 'string' && branch.has(d.raw.parentUuid))) continue;
      if (walked.has(d)) return undefined;
      if (d.uuid !== undefined) branch.add(d.uuid);
      if (d.type === 'user' || d.type === 'assistant') return undefined;
      sends ||= Array.isArray(d.raw.rendered) && d.raw.rendered.length > 0 && d.raw.renderedRole !== 'system';
    }
    return sends ? e : undefined;
  }
  return undefined;
}

/**
 * A tool call whose result was on a skipped line: a surviving tool_use above line `lineNo`, not in the file's last
 * response, whose tool_result is in no readable entry. Claude Code drops the call as an orphan
 * (a corrupt line that held a result on the chain is bridged and its call dropped), so the
 * skip loses more than the line. The last response is every assistant entry sharing the message.id of the file's
 * last assistant entry (Claude Code merges a response split across entries): Claude Code 2.1.332 appends an
 * interrupted result for each unanswered call of it, also when other calls of the group have results
 * (fixtures/sessions/claude-code/interrupted-tail). Returns the call's line. (A result whose call was on the skipped
 * line goes with it: the call is lost already; test/skipped-line.test.ts nul-mid resumed clean.) Only calls on the
 * resumed chain count.
 */
function splitPair(model: StorageView, lineNo: number): number | undefined {
  const uses = new Map<string, Entry>();
  const results = new Set<string>();
  let lastAssistant: Entry | undefined;
  for (const e of model.entries) {
    if (e.type === 'assistant') lastAssistant = e;
    const content = (e.raw.message as { content?: unknown } | undefined)?.content;
    if (!Array.isArray(content)) continue;
    for (const b of content) {
      if (typeof b !== 'object' || b === null) continue;
      const block = b as { type?: unknown; id?: unknown; tool_use_id?: unknown };
      if (e.type === 'assistant' && block.type === 'tool_use' && typeof block.id === 'string') uses.set(block.id, e);
      if (e.type === 'user' && block.type === 'tool_result' && typeof block.tool_use_id === 'string')
        results.add(block.tool_use_id);
    }
  }
  const lastId = lastAssistant && assistantMessageId(lastAssistant);
  const inLast = (e: Entry) => e === lastAssistant || (lastId !== undefined && assistantMessageId(e) === lastId);
  // Only a call Claude Code would send: one off the resumed chain (another session's, interleaved: differential
  // harness seed 259) is not sent whatever happened to its result.
  const sent = new Set<Entry>(model.chain().active);
  for (const [id, e] of uses) if (e.line < lineNo && sent.has(e) && !inLast(e) && !results.has(id)) return e.line;
  return undefined;
}

export default defineRule({
  meta: {
    id: 'valid-json',
    type: 'problem',
    view: 'storage',
    description: 'Every line is one JSON object: no torn last line, garbage, NUL bytes or invalid UTF-8.',
    docs: {
      detects:
        'a line that is not one JSON object: torn last line (crash mid-write), a line written inside another, garbage, NUL bytes, invalid UTF-8',
      fix: 'safe (keep a torn last line in an entry Claude Code ignores, strip NULs between tokens, put back an entry split by another line); unsafe (strip NULs inside a string, keep another bad line the same way; a message list drops it)',
      severity: {
        'claude-code': 'error (skipping the line cuts the resumed history) / warn',
      },
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    formats: ['claude-code', 'request', 'messages'],
    messages: {
      split:
        'Line holds the start of an entry whose end is on line {{next}}, with another whole line written inside it (two writers at once); Claude Code skips both lines{{effect}}.',
      torn: 'Last line is cut off mid-entry (a crash while writing); Claude Code skips it{{effect}}.',
      nul: 'Line contains a NUL byte: Claude Code skips the line{{effect}}; tools that search sessions as text (grep) treat the whole file as binary.',
      parse: 'Line is not JSON ({{detail}}); Claude Code skips it{{effect}}.',
      utf8: 'Line is not valid UTF-8; Claude Code reads it with U+FFFD in place of the bad bytes, so that text is not sent as written.',
      notObject: 'Line is {{detail}} in JSON, not an entry object; Claude Code skips it{{effect}}.',
      tooLong: 'Line is {{bytes}} bytes, over the {{limit}}-byte limit, and was not read.',
      tooLongForString:
        'Line is {{bytes}} bytes, over the {{limit}} bytes one JavaScript string can hold, and was not read.',
      encoding:
        'File is {{encoding}} (it starts with a {{encoding}} byte order mark), not UTF-8: no agent reads it as a transcript. Convert it to UTF-8 (for example iconv -f {{encoding}} -t UTF-8).',
      document: 'File is not valid JSON ({{detail}}); it cannot be read as {{what}}, so there is no request to send.',
      messageTorn:
        'Last line is cut off mid-message (a crash while writing); the message list cannot be read as a request until it is removed.',
      messageNul:
        'Line contains a NUL byte, so it is not a JSON message; the message list cannot be read as a request.',
      messageParse: 'Line is not JSON ({{detail}}); the message list cannot be read as a request.',
      messageNotObject:
        'Line is {{detail}} in JSON, not a message object; the message list cannot be read as a request.',
    },
  },
  check(ctx) {
    const encoding = ctx.model.file.foreignEncoding;
    if (encoding) {
      ctx.report({ messageId: 'encoding', at: { line: 1 }, data: { encoding } });
      return;
    }
    const plain = ctx.model.plain;
    if (plain?.container === 'document') {
      // One JSON document: a parse error is one finding at the error (nothing to drop: the whole file is the request).
      for (const p of ctx.model.file.lines[0]?.problems ?? []) {
        if (p.kind === 'parse') {
          const detail = (p.detail ?? '') + (p.column !== undefined ? ` at column ${p.column}` : '');
          ctx.report({
            messageId: 'document',
            at: { line: 1 },
            data: { detail, what: plain.format === 'request' ? 'a Messages API request' : 'a message list' },
          });
        } else if (p.kind === 'utf8') {
          ctx.report({ messageId: 'utf8', at: { line: 1 } });
        }
      }
      return;
    }
    // A message list in JSONL: the same findings and fixes as a session, worded for a request.
    const { model } = ctx;
    const { lines } = model.file;
    let chain: Chain | undefined;
    let skipLine = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      // Most lines have no problem: nothing is made for them (this loop sees every line of the file).
      if (line.problems.length === 0 || line.lineNo === skipLine) continue;
      const kinds = new Set(line.problems.map((p) => p.kind));
      const at = { line: line.lineNo };
      // A session: what skipping the line costs on resume. A message list: unreadable, an error (the rule's own).
      let severity: 'error' | 'warn' | undefined;
      let effect = '';
      const next = lines[i + 1];
      const split = plain ? undefined : splitByInner(line, next);
      if (!plain) {
        chain ??= model.chain();
        const cut = cutBelow(model, chain, line.lineNo);
        const detached = cut ? undefined : detachedBelow(model, chain, split && next ? [line, next] : [line]);
        const half = cut || detached ? undefined : splitPair(model, line.lineNo);
        const none = !model.entries.some((e) => isMainTreeEntry(e));
        severity = cut || detached || half !== undefined || none ? 'error' : 'warn';
        effect = cut
          ? `, and line ${cut.line} hung below what it held: on resume the history starts at line ${cut.line}, and the entries above this line are not sent`
          : detached
            ? `, and line ${detached.line} hung below what it held: without it the entries from line ${detached.line} on reach no user or assistant message, so Claude Code resumes from an earlier entry and does not send them`
            : half !== undefined
              ? `, and the tool call on line ${half} lost its result with it: Claude Code drops the call as an orphan`
              : none
                ? ', and no other entry of the conversation is left to resume'
                : kinds.has('torn')
                  ? ' and resumes from the entry before it'
                  : ' and resumes from the other lines (only what this line held is not sent)';
      }
      if (split && next) {
        // Both entries come back with their own bytes, the outer first (its write began first).
        skipLine = next.lineNo;
        ctx.report({
          messageId: 'split',
          severity,
          at,
          data: { next: next.lineNo, effect },
          fix: new FixPlan(model)
            .replaceLineText(line.lineNo, split.outer)
            .replaceLineText(next.lineNo, split.inner)
            .fix('safe', 'write the two entries back as they were written, each on its line'),
        });
        continue;
      }
      for (const p of line.problems) {
        switch (p.kind) {
          case 'torn':
            if (kinds.has('nul')) break; // reported once, as NUL, whose fix covers the line
            {
              const fix = keepLine(model, line, 'torn', 'safe', 'the torn last line');
              if (plain) ctx.report({ messageId: 'messageTorn', at, fix });
              else ctx.report({ messageId: 'torn', severity, at, data: { effect }, fix });
            }
            break;
          case 'nul':
            if (plain) ctx.report({ messageId: 'messageNul', at, fix: nulFix(model, line) });
            else ctx.report({ messageId: 'nul', severity, at, data: { effect }, fix: nulFix(model, line) });
            break;
          case 'utf8':
            // With NUL or parse problems on the same line, their fix covers the line.
            ctx.report({
              messageId: 'utf8',
              severity: plain ? undefined : 'warn',
              at,
              fix:
                kinds.size === 1
                  ? new FixPlan(model)
                      .replaceLineText(line.lineNo, lenient.decode(line.bytes))
                      .fix('unsafe', 'replace the invalid bytes with U+FFFD')
                  : undefined,
            });
            break;
          case 'parse':
            // A NUL line that also fails to parse is reported once, as NUL: that is the worse consequence.
            if (!kinds.has('nul')) {
              const fix = keepLine(model, line, 'parse', 'unsafe', 'the line');
              const detail = p.detail ?? '';
              if (plain) ctx.report({ messageId: 'messageParse', at, data: { detail }, fix });
              else ctx.report({ messageId: 'parse', severity, at, data: { detail, effect }, fix });
            }
            break;
          case 'not-object': {
            const fix = keepLine(model, line, 'not-object', 'unsafe', 'the line');
            const detail = p.detail ?? '';
            if (plain) ctx.report({ messageId: 'messageNotObject', at, data: { detail }, fix });
            else ctx.report({ messageId: 'notObject', severity, at, data: { detail, effect }, fix });
            break;
          }
          case 'too-long':
            ctx.report({
              messageId: p.limit?.of === 'string' ? 'tooLongForString' : 'tooLong',
              at,
              data: { bytes: Lines.lineByteLength(line), limit: p.limit?.bytes ?? '?' },
            });
            break;
        }
      }
    }
  },
});
