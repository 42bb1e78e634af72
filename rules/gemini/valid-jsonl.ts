// gemini/valid-jsonl: every line of a Gemini CLI session is one JSON record the CLI reads. Its loader
// (loadConversationRecord, 0.61.0) skips a line that does not parse without a word, so what a torn, garbage or
// NUL-padded line held is lost on resume; a line whose bytes are not valid UTF-8 is read with U+FFFD in their place.
// Fixes: a line that parses once its NUL bytes are gone keeps its record; a line whose text is still no record is
// kept, on the same line, inside a record the CLI skips (src/formats/gemini-cli/kept-line.ts), so nothing is deleted and
// nothing more is sent; a line of NUL bytes only (crash padding, it holds nothing) is dropped; invalid bytes are
// written as the U+FFFD the CLI reads; a header cut off is written again when its sessionId and projectHash are known
// (src/formats/gemini-cli/rebuilt-header.ts), its cut text kept on the next line; of a line written inside another,
// both records are written whole again, but the inner one only when the file says it is this session's
// (src/formats/gemini-cli/record-owner.ts), else it is kept.
import { defineRule, type FixDescriptor, Gemini, type Lines } from '../../src/sdk/index.js';

const RULE_ID = 'gemini/valid-jsonl';
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The record a line holds once its NUL bytes are removed, if it then parses as an object. */
function withoutNul(text: string): { text: string; record: Gemini.Obj } | undefined {
  const clean = text.replace(/\u0000/g, '').trim();
  if (clean.length === 0) return undefined;
  try {
    const v: unknown = JSON.parse(clean);
    return Gemini.isObj(v) ? { text: clean, record: v } : undefined;
  } catch {
    return undefined;
  }
}

/** What a record is, for a message: "a gemini message", "a $set update", "the header". */
function describe(v: Gemini.Obj): string {
  const kind = Gemini.kindOf(v);
  if (kind === 'message') return `a ${String(v.type)} message`;
  if (kind === 'set') return `a $set update (${Object.keys(v.$set as object).join(', ')})`;
  if (kind === 'header') return 'the header';
  if (kind === 'rewind') return 'a $rewindTo record';
  return 'a record';
}

const LAST_UPDATED = '{"$set":{"lastUpdated":';

/** Whether a piece of a line is (the start of) a `{"$set":{"lastUpdated":"…"}}` update and nothing else. */
const lastUpdatedOnly = (piece: string): boolean =>
  (piece.length >= 11 && LAST_UPDATED.startsWith(piece)) ||
  /^\{"\$set":\{"lastUpdated":("[^"{}]*("\}{0,2})?)?$/.test(piece);

/** Whether a piece of a line is a whole message record the CLI loads from another line: nothing of it is lost. */
function loadedElsewhere(model: Gemini.GeminiModel, piece: string): boolean {
  try {
    const v: unknown = JSON.parse(piece);
    return Gemini.isObj(v) && Gemini.kindOf(v) === 'message' && model.session.messages.some((m) => m.id === v.id);
  } catch {
    return false;
  }
}

/**
 * Whether the unreadable text held something resume reads: a message, a snapshot, a header or a rewind; not when it
 * is only lastUpdated updates, whole or cut (generated Gemini seed 163: `{"$set":{"las` with the next update glued to
 * it; the CLI resumed the file under strict and sent everything), and message records the CLI loads from other lines.
 */
const heldHistory = (model: Gemini.GeminiModel, text: string): boolean =>
  !text
    .trim()
    .split(/(?=\{"\$set":|\{"id":")/)
    .every((piece) => lastUpdatedOnly(piece) || loadedElsewhere(model, piece));

/**
 * Whether the line is the session's header, cut off, and no other line gives the session a header. Without a
 * sessionId and projectHash loadConversationRecord (0.61.0) reads no session from the file: the CLI lists none, and
 * its session cleanup (getAllSessionFiles, identifySessionsToDelete; on by default) deletes such a file at start-up.
 */
const isLostHeader = (model: Gemini.GeminiModel, line: Lines.SourceLine, text: string): boolean =>
  model.session.headers.length === 0 &&
  /^\{"sessionId":/.test(text.replace(/\u0000/g, '').trim()) &&
  !model.file.lines.some((l) => l.lineNo < line.lineNo && !l.blank);

/**
 * The header of a file whose header line is cut off, written again from what the file and its folder give: the cut
 * text, the file's name (the id's first 8), its `$set sessionId` lines and the folder's `.project_root`.
 */
function headerOf(model: Gemini.GeminiModel, text: string): ReturnType<typeof Gemini.rebuiltHeader> {
  const base = model.file.path.split(/[\\/]/).pop() ?? '';
  return Gemini.rebuiltHeader({
    torn: text.replace(/\u0000/g, ''),
    nameId: Gemini.SESSION_FILE.exec(base)?.[1],
    idSets: model.session.idSets.map((s) => s.sessionId),
    folderHash: model.folderHash,
  });
}

/**
 * The first of the intact lines that `line` copies byte for byte except where NUL bytes zeroed it (a restored copy of
 * the file, then a block zeroed, the line break between two records among them): the CLI reads those records from
 * the intact lines, so nothing is lost (generated Gemini seed 124: lines 2-3 zeroed across their break, copied on 4-5).
 */
function intactCopyOf(model: Gemini.GeminiModel, line: Lines.SourceLine): number | undefined {
  const b = line.bytes;
  const lines = model.file.lines;
  const matches = (at: number, bytes: Uint8Array): boolean =>
    bytes.every((byte, i) => b[at + i] === 0 || b[at + i] === byte);
  for (const [start, first] of lines.entries()) {
    if (first === line || !first.json) continue;
    let at = 0;
    for (let k = start; k < lines.length && at <= b.length; k++) {
      const o = lines[k]!;
      if (o === line || !o.json || at + o.bytes.length > b.length || !matches(at, o.bytes)) break;
      at += o.bytes.length;
      if (at === b.length) return first.lineNo;
      if (b[at] !== 0 && b[at] !== 0x0a) break;
      at += 1;
    }
  }
  return undefined;
}

/** The two records a line and the next hold when another writer's line was written inside the first. */
function interleavedPair(line: Lines.SourceLine, next: Lines.SourceLine | undefined): Gemini.Interleaved | undefined {
  if (line.json || !next || next.json || next.blank || line.bytes.includes(0) || next.bytes.includes(0))
    return undefined;
  if (line.problems.some((p) => p.kind === 'utf8') || next.problems.some((p) => p.kind === 'utf8')) return undefined;
  return Gemini.interleavedLines(lenient.decode(line.bytes).trim(), lenient.decode(next.bytes).trim());
}

/**
 * A record cut off with one whole record written after it on the same line (the writer crashed, then wrote on
 * without a line break): the cut text, and the record the CLI would read on a line of its own. Not a header: one
 * after a cut line is another file appended (single-session's case).
 */
function gluedRecord(text: string): { cut: string; record: string; value: Gemini.Obj } | undefined {
  const t = text.trim();
  if (!t.startsWith('{')) return undefined;
  for (let at = t.indexOf('{"', 1); at > 0; at = t.indexOf('{"', at + 1)) {
    let value: unknown;
    try {
      value = JSON.parse(t.slice(at));
    } catch {
      continue;
    }
    if (!Gemini.isObj(value) || Gemini.kindOf(value) === 'header' || Gemini.kindOf(value) === 'other') return undefined;
    return { cut: t.slice(0, at), record: t.slice(at), value };
  }
  return undefined;
}

const drop = (line: Lines.SourceLine, description: string): FixDescriptor => ({
  applicability: 'safe',
  description,
  edits: [{ kind: 'delete', line: line.lineNo }],
});

/** Keeps the line's text in a record the CLI skips, on the same line. */
const keep = (model: Gemini.GeminiModel, line: Lines.SourceLine, reason: string): FixDescriptor => ({
  applicability: 'safe',
  description: `keep the line's text in a ${Gemini.KEPT_LINE} record on line ${line.lineNo}, which Gemini CLI skips`,
  edits: [{ kind: 'replaceText', line: line.lineNo, text: Gemini.keptLineText(model.file, line, reason) }],
});

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'gemini',
    description:
      'Every line of a Gemini CLI session is one JSON record the CLI reads: no torn or garbage lines, no NUL bytes, no invalid UTF-8.',
    docs: {
      detects:
        'a torn line, garbage, NUL bytes (crash padding or inside a record), a line written inside another, invalid UTF-8, a line that is no object',
      fix: 'safe (write a cut-off header again when its sessionId and projectHash are known, write both records of a line written inside another whole again, the inner one only when the file shows it is of this session, strip NUL bytes when the record then parses, write invalid bytes as U+FFFD, keep the text of a line the CLI cannot read in a record it skips, drop NUL padding; a whole record glued to a cut one goes on a line of its own)',
      severity: { gemini: 'error (a record is lost on resume) / warn (padding, or a lost lastUpdated update)' },
    },
    severity: { gemini: 'error' },
    fixable: 'safe',
    formats: ['gemini-cli'],
    messages: {
      torn: 'Line is cut off mid-record (a crash while writing: {{detail}}); Gemini CLI skips it on resume, and what it held is lost. --fix keeps its text on this line in a transcript-lint.kept-line record, which the CLI skips.',
      parse:
        'Line is not JSON ({{detail}}); Gemini CLI skips it on resume, and what it held is lost. --fix keeps its text on this line in a transcript-lint.kept-line record, which the CLI skips.',
      nulRecord:
        'Line holds {{what}} with NUL bytes around it; Gemini CLI cannot parse the line and skips it on resume, so the record is lost.',
      zeroedCopy:
        'Line is a copy of the record(s) from line {{other}} on with bytes zeroed (NUL bytes over part of it): Gemini CLI skips it and reads the same records from line {{other}} on, so nothing is lost. --fix keeps its text on this line in a transcript-lint.kept-line record, which the CLI skips.',
      nulOnly: 'Line is {{count}} NUL bytes (padding a crash left); Gemini CLI skips it.',
      notObject:
        'Line is {{detail}} in JSON, not a record; Gemini CLI skips it. --fix keeps its text on this line in a transcript-lint.kept-line record, which the CLI skips.',
      interleaved:
        'Line holds the start of a record with a whole record written inside it (another writer), and line {{next}} the rest of the first: Gemini CLI can parse neither line and skips both, so both records are lost on resume. --fix writes the first record whole on this line and the one written inside it on line {{next}}.',
      interleavedKept:
        "Line holds the start of a record with a whole record written inside it (another writer), and line {{next}} the rest of the first: Gemini CLI can parse neither line and skips both, so both records are lost on resume. --fix writes the first record whole on this line, and keeps the one written inside it on line {{next}} in a transcript-lint.kept-line record, which the CLI skips: nothing in the file says it is this session's (a message record carries no sessionId), and the CLI would send it as this session's history.",
      header:
        "Line is the session's header, cut off (a crash while writing it), and no other line gives the session its sessionId and projectHash: Gemini CLI reads no session from this file, so it cannot resume it, and its session cleanup (on by default) deletes the file when the CLI starts. --fix writes the header again from the cut-off text, the file's $set lines and the folder's .project_root, and keeps the cut-off text on the next line in a transcript-lint.kept-line record.",
      headerLost:
        "Line is the session's header, cut off (a crash while writing it), and no other line gives the session its sessionId and projectHash: Gemini CLI reads no session from this file, so it cannot resume it, and its session cleanup (on by default) deletes the file when the CLI starts. No fix: {{why}}.",
      strandedPrompt:
        "Line is the session's only user prompt, unreadable ({{detail}}): Gemini CLI skips it, lists no session in this file, and its session cleanup (on by default) deletes the file when the CLI starts, the prompt with it. No safe fix: kept in a record the CLI skips, the prompt would still go with the file; gemini/empty-session's unsafe fix writes it as the user message the CLI began.",
      tornThenRecord:
        'Line is a record cut off (a crash while writing it) with {{what}} written whole after it on the same line: Gemini CLI cannot parse the line and skips both. --fix keeps the cut text on this line in a transcript-lint.kept-line record, and writes the whole record after it on a line of its own, which the CLI reads.',
      utf8: 'Line is not valid UTF-8; Gemini CLI reads the record with U+FFFD in place of the invalid bytes.',
    },
  },
  check(ctx) {
    const lines = ctx.model.file.lines;
    /** The line an interleaved pair's report already covers. */
    let covered = -1;
    const stranded = Gemini.strandedText(ctx.model);
    for (const [i, line] of lines.entries()) {
      if (line.problems.length === 0 || line.blank || line.lineNo === covered) continue;
      const at = { line: line.lineNo };
      const kinds = new Set(line.problems.map((p) => p.kind));
      if (kinds.has('too-long')) continue;
      const pair = interleavedPair(line, lines[i + 1]);
      if (pair) {
        covered = lines[i + 1]!.lineNo;
        const cut = new Set([line.lineNo, covered]);
        const owner = (text: string) => Gemini.recordOwner(ctx.model, text, cut);
        // The record written inside is written back only when the file says it is this session's: the CLI loads
        // every record of the file as this session's history. The cut record is the line's own, unless the file
        // says it is another session's.
        const innerOwn = owner(pair.inner) === 'own';
        const recordOther = owner(pair.record) === 'other';
        ctx.report({
          messageId: innerOwn ? 'interleaved' : 'interleavedKept',
          at,
          data: { next: covered },
          fix: {
            applicability: 'safe',
            description: innerOwn
              ? `write the record cut in two on line ${line.lineNo}, and the record written inside it on line ${covered}`
              : `write the record cut in two on line ${line.lineNo}, and keep the record written inside it on line ${covered} in a ${Gemini.KEPT_LINE} record`,
            edits: [
              {
                kind: 'replaceText',
                line: line.lineNo,
                text: recordOther
                  ? Gemini.keptRecordText(pair.record, `cut in two on line ${line.lineNo}, another session's`)
                  : pair.record,
              },
              {
                kind: 'replaceText',
                line: covered,
                text: innerOwn
                  ? pair.inner
                  : Gemini.keptRecordText(
                      pair.inner,
                      `written inside line ${line.lineNo}, not known to be this session's`,
                    ),
              },
            ],
          },
        });
        continue;
      }
      if (line.json) {
        if (kinds.has('utf8'))
          ctx.report({
            messageId: 'utf8',
            at,
            severity: 'warn',
            fix: {
              applicability: 'safe',
              description: 'write the invalid bytes as U+FFFD, as the CLI reads them',
              edits: [{ kind: 'replaceText', line: line.lineNo, text: lenient.decode(line.bytes) }],
            },
          });
        continue;
      }
      const text = lenient.decode(line.bytes);
      if (isLostHeader(ctx.model, line, text)) {
        const rebuilt = headerOf(ctx.model, text);
        if ('why' in rebuilt) ctx.report({ messageId: 'headerLost', at, data: { why: rebuilt.why } });
        else
          ctx.report({
            messageId: 'header',
            at,
            fix: {
              applicability: 'safe',
              description: `write the header again (${Object.keys(rebuilt.header).join(', ')}) and keep the cut-off line after it in a ${Gemini.KEPT_LINE} record`,
              edits: [
                {
                  kind: 'replaceText',
                  line: line.lineNo,
                  text: `${JSON.stringify(rebuilt.header)}${ctx.model.file.eol}${Gemini.keptLineText(ctx.model.file, line, 'the header, cut off')}`,
                },
              ],
            },
          });
        continue;
      }
      if (line.lineNo === stranded?.line && !stranded.kept) {
        // Kept in a record the CLI skips, the prompt would still be in a file the CLI deletes: gemini/empty-session's
        // unsafe fix writes it as the user message it began instead.
        ctx.report({ messageId: 'strandedPrompt', at, data: { detail: kinds.has('nul') ? 'NUL bytes' : 'cut off' } });
        continue;
      }
      if (kinds.has('nul')) {
        const kept = withoutNul(text);
        if (kept)
          ctx.report({
            messageId: 'nulRecord',
            at,
            data: { what: describe(kept.record) },
            fix: {
              applicability: 'safe',
              description: 'remove the NUL bytes (the record reads again)',
              edits: [{ kind: 'replaceText', line: line.lineNo, text: kept.text }],
            },
          });
        else if (text.replace(/\u0000/g, '').trim() === '')
          ctx.report({
            messageId: 'nulOnly',
            at,
            severity: 'warn',
            data: { count: text.length - text.replace(/\u0000/g, '').length },
            fix: drop(line, 'drop the line of NUL padding'),
          });
        else if (intactCopyOf(ctx.model, line) !== undefined)
          ctx.report({
            messageId: 'zeroedCopy',
            at,
            severity: 'warn',
            data: { other: intactCopyOf(ctx.model, line)! },
            fix: keep(ctx.model, line, 'a copy of another line, with NUL bytes'),
          });
        else
          ctx.report({
            messageId: kinds.has('torn') ? 'torn' : 'parse',
            at,
            severity: heldHistory(ctx.model, text.replace(/\u0000/g, '')) ? 'error' : 'warn',
            data: { detail: 'it holds NUL bytes' },
            fix: keep(ctx.model, line, kinds.has('torn') ? 'cut off, with NUL bytes' : 'not JSON, with NUL bytes'),
          });
        continue;
      }
      const detail = line.problems.find((p) => p.detail)?.detail ?? '';
      const glued = gluedRecord(text);
      if (glued) {
        const closing = line === lines.at(-1) && !ctx.model.file.finalNewline ? ctx.model.file.eol : '';
        ctx.report({
          messageId: 'tornThenRecord',
          at,
          severity: heldHistory(ctx.model, text) ? 'error' : 'warn',
          data: { what: describe(glued.value) },
          fix: {
            applicability: 'safe',
            description: `keep the cut text in a ${Gemini.KEPT_LINE} record on line ${line.lineNo}, and write the record after it on a line of its own`,
            edits: [
              {
                kind: 'replaceText',
                line: line.lineNo,
                text: `${Gemini.keptRecordText(glued.cut, 'cut off')}${ctx.model.file.eol}${glued.record}${closing}`,
              },
            ],
          },
        });
        continue;
      }
      const messageId = kinds.has('torn') ? 'torn' : kinds.has('not-object') ? 'notObject' : 'parse';
      ctx.report({
        messageId,
        at,
        severity: messageId === 'notObject' || !heldHistory(ctx.model, text) ? 'warn' : 'error',
        data: { detail },
        fix: keep(
          ctx.model,
          line,
          messageId === 'torn' ? 'cut off' : messageId === 'notObject' ? 'not an object' : 'not JSON',
        ),
      });
    }
  },
});
