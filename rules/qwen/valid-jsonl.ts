// qwen/valid-jsonl: every line of the session is one JSON record, as Qwen Code writes it. Qwen 0.24.4 reads a
// damaged line in pieces: the whole `{…}` objects at its top level that parse on their own are kept (NUL padding
// before a record, two records run together), anything else on it is skipped without a word (a torn record,
// garbage); invalid UTF-8 is read as U+FFFD. The fixes write each record Qwen reads from the line on a line of its
// own, byte for byte as it stands; keep what Qwen cannot read (a torn record, garbage) on the same line inside an
// object Qwen skips (src/formats/qwen-code/kept-line.ts), so nothing is deleted; drop a line of NUL bytes only
// (crash padding, it holds nothing); and write the U+FFFD Qwen reads in place of invalid bytes. What Qwen reads is
// the same before and after each fix.
import { defineRule, type FixDescriptor, type Lines, Qwen } from '../../src/sdk/index.js';

const RULE_ID = 'qwen/valid-jsonl';

const isLast = (model: Qwen.QwenModel, line: Lines.SourceLine): boolean =>
  !model.file.lines.some((l) => l.lineNo > line.lineNo && !l.blank);

/**
 * A whole copy, on a later line, of the record a torn line was cutting off: a line that starts with the torn text
 * (NUL bytes left out) and reads as one record of the same uuid. A restored backup appended after a crash leaves one.
 */
function wholeCopyAfter(model: Qwen.QwenModel, line: Lines.SourceLine, text: string): Lines.SourceLine | undefined {
  const torn = text.replace(/\u0000/g, '').trim();
  const uuid = /^\{"uuid":"([^"]+)"/.exec(torn)?.[1];
  if (!uuid) return undefined;
  return model.file.lines.find(
    (l) =>
      l.lineNo > line.lineNo &&
      l.json !== undefined &&
      l.problems.length === 0 &&
      l.json.uuid === uuid &&
      Qwen.lineText(l).startsWith(torn),
  );
}

/**
 * A torn record with whole records written right after it on the same line (a crash mid-line, then more lines
 * appended): Qwen reads none of them, the torn record leaves a brace open. The torn text, and each whole record's text.
 */
function gluedRecords(text: string, sessionId: string | undefined): { torn: string; records: string[] } | undefined {
  const clean = text.replace(/\u0000/g, '').trim();
  for (let at = clean.indexOf('{"uuid":"', 1); at > 0; at = clean.indexOf('{"uuid":"', at + 1)) {
    const rest = Qwen.recoverObjects(clean.slice(at));
    // Records of the file's own session only: another writer's record inside the line stays with the torn text.
    if (rest.complete && rest.objects.every((o) => typeof o.uuid === 'string' && o.sessionId === sessionId))
      return { torn: clean.slice(0, at), records: rest.texts ?? [] };
  }
  return undefined;
}

/** The two records a line and the next hold when another writer's line was written inside the first. */
function interleavedPair(line: Lines.SourceLine, next: Lines.SourceLine | undefined): Qwen.Interleaved | undefined {
  if (line.json || !next || next.json || next.blank || line.bytes.includes(0) || next.bytes.includes(0))
    return undefined;
  if (line.problems.some((p) => p.kind === 'utf8') || next.problems.some((p) => p.kind === 'utf8')) return undefined;
  return Qwen.interleavedLines(Qwen.lineText(line), Qwen.lineText(next));
}

/**
 * A record of an interleaved pair as the fix writes it: as it stands when it is of the file's session (or has no
 * sessionId), else kept in an object Qwen skips, so that the fix does not add another session's record to the file
 * (Qwen refuses a file with two sessionIds). Either record can be the other session's (generated Qwen seed 82: the
 * cut record was, and the fixed file had been refused, rc 123).
 */
function ownSessionText(model: Qwen.QwenModel, line: Lines.SourceLine, record: string, reason: string): string {
  const sessionId = (JSON.parse(record) as { sessionId?: unknown }).sessionId;
  const own = Qwen.sessionHead(model.read.records)?.sessionId;
  if (sessionId === undefined || own === undefined || sessionId === own) return record;
  return Qwen.keptObject(line, reason, record);
}

/** Whether the text Qwen cannot read is (the start of) a system record: telemetry, no part of the conversation. */
const isSystemRecord = (text: string): boolean => /^\{"uuid":"[^"]*"/.test(text) && /"type":"system"/.test(text);

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'qwen',
    description:
      'Every line is one JSON record: no torn, garbage or run-together lines, no NUL bytes, no invalid UTF-8.',
    docs: {
      detects:
        'a torn or garbage line (Qwen skips it: what it held is lost), a line written inside another (Qwen reads neither), NUL padding or records run together on one line (Qwen reads the records), invalid UTF-8 (read as U+FFFD)',
      fix: 'safe (write both records of a line written inside another whole again, put each record Qwen reads on its own line, keep the text Qwen cannot read in an object it skips, write U+FFFD for invalid bytes, drop NUL padding)',
      severity: {
        qwen: 'error (a record is lost) / warn (Qwen reads the line in pieces, the line is a system record, or the record is whole on a later line)',
      },
    },
    severity: { qwen: 'warn', openai: 'error' },
    fixable: 'safe',
    formats: ['qwen-code'],
    messages: {
      lost: 'Line is not a JSON record ({{what}}): Qwen Code skips it on resume, and what it held is lost. --fix keeps its text on this line in a transcript-lint.kept-line object, which Qwen skips.',
      noHead:
        "No line is a whole record giving the session's sessionId: Qwen Code cannot resume this file (its resume failed with rc 123).",
      interleaved:
        'Line holds the start of a record with a whole record written inside it (another writer), and line {{next}} the rest of the first: Qwen Code reads neither record, so both are lost on resume and the history breaks there. --fix writes the first record whole on this line and the one written inside it on line {{next}}.',
      tornThenRecords:
        'Line is a record cut off (a crash while writing it) with {{count}} whole record(s) written after it on the same line: Qwen Code cannot read the line and skips it, so those records are lost and the history breaks there. --fix puts each record on a line of its own.',
      tornCopy:
        'Line is a record cut off (a crash while writing it), written whole again on line {{copy}}: Qwen Code skips this line and reads the record there, out of its place. --fix writes the whole record here.',
      padding: 'Line is {{count}} NUL bytes (padding a crash left): Qwen Code skips it.',
      nul: 'Line holds NUL bytes beside {{count}} record(s) (a crash padded the file): Qwen Code reads the record(s) and skips the NUL bytes.',
      joined: 'Line holds {{count}} records run together (written without a line break): Qwen Code reads each of them.',
      partly:
        'Line holds {{count}} whole record(s) and a torn or garbage rest: Qwen Code reads the whole record(s), and what the rest held is lost. --fix puts each record on a line of its own and keeps the rest in a transcript-lint.kept-line object after them, which Qwen skips.',
      utf8: 'Line is not valid UTF-8: Qwen Code reads each bad byte sequence as U+FFFD, and the character it was is lost.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    // Qwen 0.24.4 reads the session's sessionId and cwd from the file's first JSON object; with no line giving them
    // `qwen --resume` failed (rc 123; generated Qwen seed 27, a file of one torn record, before and after --fix).
    const firstLine = model.file.lines.find((l) => !l.blank);
    if (firstLine && model.file.lines.every((l) => l.blank || !l.json || typeof l.json.sessionId !== 'string'))
      ctx.report({ messageId: 'noHead', at: { line: firstLine.lineNo }, severity: 'error' });
    // Whether a line before this one holds a JSON object once fixed: the first one must carry the session's head.
    let objectBefore = false;
    const lines = model.file.lines;
    /** The line an interleaved pair's report already covers. */
    let covered = -1;
    for (const [i, line] of lines.entries()) {
      if (line.blank || line.lineNo === covered) continue;
      const read = Qwen.readLine(line);
      if (!read) continue;
      const pair = interleavedPair(line, lines[i + 1]);
      if (pair) {
        objectBefore = true;
        covered = lines[i + 1]!.lineNo;
        ctx.report({
          messageId: 'interleaved',
          at: { line: line.lineNo },
          data: { next: covered },
          severity: 'error',
          fix: new Qwen.QwenFix(model, RULE_ID)
            .replaceText(
              line.lineNo,
              ownSessionText(
                model,
                line,
                pair.record,
                `cut in two on line ${line.lineNo} and written by another session`,
              ),
            )
            .replaceText(
              covered,
              ownSessionText(model, line, pair.inner, `written inside line ${line.lineNo} by another session`),
            )
            .fix(
              'safe',
              `write the record cut in two on line ${line.lineNo}, and the record written inside it on line ${covered}`,
            ),
        });
        continue;
      }
      const first = !objectBefore;
      objectBefore ||=
        read.objects.length > 0 ||
        Qwen.lineText(line)
          .replace(/\u0000/g, '')
          .trim() !== '';
      const badUtf8 = line.problems.some((p) => p.kind === 'utf8');
      const single = read.objects.length === 1 && (read.texts === undefined || read.texts[0] === Qwen.lineText(line));
      if (read.complete && single) {
        if (!badUtf8) continue;
        ctx.report({
          messageId: 'utf8',
          at: { line: line.lineNo },
          fix: new Qwen.QwenFix(model, RULE_ID)
            .replaceText(line.lineNo, Qwen.lineText(line))
            .fix('safe', 'write U+FFFD for each invalid byte sequence, as Qwen reads it'),
        });
        continue;
      }
      const hasNul = line.bytes.includes(0);
      if (read.objects.length === 0) {
        const text = Qwen.lineText(line);
        if (hasNul && text.replace(/\u0000/g, '').trim() === '') {
          ctx.report({
            messageId: 'padding',
            at: { line: line.lineNo },
            data: { count: line.bytes.filter((b) => b === 0).length },
            severity: 'warn',
            fix: new Qwen.QwenFix(model, RULE_ID).deleteLine(line.lineNo).fix('safe', 'drop the line of NUL padding'),
          });
          continue;
        }
        const glued = gluedRecords(text, Qwen.sessionHead(model.read.records)?.sessionId);
        if (glued) {
          const copy = wholeCopyAfter(model, line, glued.torn);
          const head = copy
            ? Qwen.lineText(copy)
            : Qwen.keptObject(line, 'cut off', glued.torn, first ? Qwen.sessionHead(model.read.records) : undefined);
          ctx.report({
            messageId: 'tornThenRecords',
            at: { line: line.lineNo },
            data: { count: glued.records.length },
            severity: 'error',
            fix: new Qwen.QwenFix(model, RULE_ID)
              .replaceText(
                line.lineNo,
                [head, ...glued.records].join(model.file.eol) + Qwen.closingBreak(model.file, line),
              )
              .fix(
                'safe',
                copy
                  ? `write the whole record of line ${copy.lineNo} where it was cut off, and each record after it on a line of its own`
                  : `keep the torn record in a ${Qwen.KEPT_LINE} object, and put each record after it on a line of its own`,
              ),
          });
          continue;
        }
        const copy = wholeCopyAfter(model, line, text);
        if (copy) {
          ctx.report({
            messageId: 'tornCopy',
            at: { line: line.lineNo },
            data: { copy: copy.lineNo },
            severity: 'warn',
            fix: new Qwen.QwenFix(model, RULE_ID)
              .replaceText(line.lineNo, Qwen.lineText(copy) + Qwen.closingBreak(model.file, line))
              .fix('safe', `write the whole record of line ${copy.lineNo} here, where it was cut off`),
          });
          continue;
        }
        const last = isLast(model, line);
        const reason = hasNul ? 'not JSON, with NUL bytes' : last ? 'cut off' : 'not JSON';
        const fix: FixDescriptor = new Qwen.QwenFix(model, RULE_ID)
          .replaceText(
            line.lineNo,
            Qwen.keptObject(line, reason, undefined, first ? Qwen.sessionHead(model.read.records) : undefined) +
              Qwen.closingBreak(model.file, line),
          )
          .fix('safe', `keep the line's text in a ${Qwen.KEPT_LINE} object on line ${line.lineNo}, which Qwen skips`);
        ctx.report({
          messageId: 'lost',
          at: { line: line.lineNo },
          data: { what: hasNul ? 'NUL bytes' : 'torn or garbage' },
          severity: isSystemRecord(text.replace(/\u0000/g, '').trim()) ? 'warn' : 'error',
          fix,
        });
        continue;
      }
      const texts = read.texts ?? [];
      // What else the line holds: NUL bytes, nothing (records run together), or a torn record, which is lost.
      const rest = Qwen.lineText(line)
        .replace(/\u0000/g, '')
        .trim();
      const joined = rest === texts.join('') || rest === texts.join(' ');
      const messageId = hasNul && joined ? 'nul' : joined ? 'joined' : 'partly';
      // The rest Qwen skips, kept after the records: the line's text without them, its NUL bytes and spaces.
      let leftover = Qwen.lineText(line);
      for (const t of texts) leftover = leftover.replace(t, '');
      leftover = leftover.replace(/\u0000/g, '').trim();
      const kept = joined || leftover === '' ? [] : [Qwen.keptObject(line, 'beside whole records', leftover)];
      const fix = new Qwen.QwenFix(model, RULE_ID)
        .replaceText(line.lineNo, [...texts, ...kept].join(model.file.eol) + Qwen.closingBreak(model.file, line))
        .fix(
          'safe',
          kept.length === 0
            ? 'put each record Qwen reads on a line of its own, as it stands'
            : `put each record Qwen reads on a line of its own, as it stands, and keep the rest, which Qwen skips, in a ${Qwen.KEPT_LINE} object after them`,
        );
      ctx.report({
        messageId,
        at: { line: line.lineNo },
        data: { count: read.objects.length },
        severity: messageId === 'partly' ? 'error' : 'warn',
        fix,
      });
    }
  },
});
