// codex/valid-jsonl: every line of a rollout is one JSON record Codex can read. Codex skips a line that is not
// (losing what it held), and some damage stops resume outright: a byte order mark, invalid UTF-8 anywhere in the
// file, a first line that is not a record. Fixes bring back what can be read (a record without its NUL bytes, with its
// invalid bytes replaced, or the two records of an interleaved write) and keep the rest, byte for byte, in a record
// Codex skips (formats/codex-rollout/kept-line.ts): nothing is deleted but NUL padding.
import { Codex, defineRule, type FixDescriptor, type Lines } from '../../src/sdk/index.js';

const RULE_ID = 'codex/valid-jsonl';
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** What a record is, for a message ("a function_call_output", "a session_meta"). */
function describe(record: Record<string, unknown>): string {
  const p = Codex.isObj(record.payload) ? record.payload : undefined;
  const type = typeof record.type === 'string' ? record.type : 'record';
  const inner = type === 'response_item' || type === 'event_msg' ? p?.type : undefined;
  const name = typeof inner === 'string' ? inner : type;
  return `${/^[aeio]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** The text of a recovered record with this rule's marker added before its closing brace. */
function marked(text: string, record: Record<string, unknown>, repaired: string): string {
  if (Object.hasOwn(record, Codex.CODEX_MARKER_FIELD)) return text;
  const marker = JSON.stringify({ rule: RULE_ID, repaired });
  return text.replace(/\}\s*$/, `,"${Codex.CODEX_MARKER_FIELD}":${marker}}`);
}

/**
 * Keeps the line's text in a record Codex skips, on the same line (formats/codex-rollout/kept-line.ts); when that
 * leaves the file ending at a record without an ordinal, that record gets one.
 */
function keepLine(model: Codex.CodexModel, line: Lines.SourceLine, reason: string, description: string): FixDescriptor {
  const fix = new Codex.CodexFix(model, RULE_ID).replaceText(
    line.lineNo,
    Codex.keptLineText(model, line, reason, RULE_ID),
  );
  return withLastOrdinal(model, line, fix).fix('safe', description);
}

/** Drops a line of NUL bytes (no data: the padding a crash leaves), as keepLine gives the last record an ordinal. */
function dropNulLine(model: Codex.CodexModel, line: Lines.SourceLine, description: string): FixDescriptor {
  return withLastOrdinal(model, line, new Codex.CodexFix(model, RULE_ID).deleteLine(line.lineNo)).fix(
    'safe',
    description,
  );
}

/** When no record follows the line, the last record before it gets an ordinal if it has none. */
function withLastOrdinal(model: Codex.CodexModel, line: Lines.SourceLine, fix: Codex.CodexFix): Codex.CodexFix {
  const records = model.records;
  const last = records[records.length - 1];
  if (model.resume().paginated && last && last.line < line.lineNo && !laterLines(model, line).some((l) => l.json)) {
    if (!Number.isSafeInteger(last.raw.ordinal)) {
      const before = records
        .slice(0, -1)
        .reverse()
        .find((r) => Number.isSafeInteger(r.raw.ordinal));
      fix.raw(Codex.ordinalEdit(last.line, last.raw, before ? (before.raw.ordinal as number) + 1 : last.index));
    }
  }
  return fix;
}

/** The record keeping `bytes` of line `lineNo` (all of it, or what a fix does not write back), as a line's text. */
const keptText = (model: Codex.CodexModel, lineNo: number, bytes: Uint8Array, reason: string): string =>
  JSON.stringify(Codex.keptLine(model, lineNo, bytes, reason, RULE_ID));

/**
 * The first line, no record: kept after the session_meta (Codex wants the session_meta first), or where it is when
 * the file has none (resume fails either way).
 */
function firstLineFix(model: Codex.CodexModel, line: Lines.SourceLine, reason: string): FixDescriptor {
  const meta = model.records.find((r) => r.type === 'session_meta');
  // The file's own session_meta after a torn write (differential seed 528: the first line of a session `split`
  // moved to a file of its own): the session_meta goes first, the fragment is kept after it.
  const recovery = meta ? undefined : Codex.recoverLine(line);
  if (
    recovery?.kind === 'after-torn' &&
    recovery.record.type === 'session_meta' &&
    !model.foreignMeta(recovery.record)
  ) {
    const fragment = line.bytes.subarray(0, line.bytes.length - new TextEncoder().encode(recovery.text).length);
    return new Codex.CodexFix(model, RULE_ID)
      .replaceText(line.lineNo, recovery.text)
      .raw({
        kind: 'insertAfter',
        line: line.lineNo,
        value: Codex.keptLine(model, line.lineNo + 1, fragment, 'torn', RULE_ID),
      })
      .fix('safe', `write the session_meta after the torn fragment back first, and keep the fragment after it ${KEPT}`);
  }
  if (!meta) return keepLine(model, line, reason, `keep the line ${KEPT}`);
  return new Codex.CodexFix(model, RULE_ID)
    .deleteLine(line.lineNo)
    .raw({
      kind: 'insertAfter',
      line: meta.line,
      value: Codex.keptLine(model, meta.line + 1, line.bytes, reason, RULE_ID),
    })
    .fix('safe', `move the line after the session_meta (line ${meta.line}) ${KEPT}`);
}

/** Where a kept line's record is, for a fix's description. */
const KEPT = `in a ${Codex.KEPT_LINE} record Codex skips`;

/** A record resume reads (an item, a compaction, the session_meta): losing it changes what Codex sends. */
const usedRecord = (record: Record<string, unknown>): boolean =>
  ['response_item', 'compacted', 'session_meta'].includes(String(record.type));

/**
 * A message Codex writes as context: a developer message, or a user message that is an `<environment_context>`. With
 * no turn_context or world_state to read, Codex rebuilds both on resume and sends them again (rules/codex/turn-context.ts).
 */
function contextMessage(record: Record<string, unknown>): string | undefined {
  const p = Codex.isObj(record.payload) ? record.payload : undefined;
  if (record.type !== 'response_item' || p?.type !== 'message') return undefined;
  if (p.role === 'developer') return 'a developer message';
  const first = Array.isArray(p.content) ? p.content.find((c) => Codex.isObj(c) && c.type === 'input_text') : undefined;
  const text = Codex.isObj(first) && typeof first.text === 'string' ? first.text : '';
  return p.role === 'user' && text.trimStart().startsWith('<environment_context>')
    ? 'an environment_context message'
    : undefined;
}

/**
 * Whether Codex would send a response item recovered from this line once the fixes are written: it is in the history
 * restoredResume rebuilds (differential seed 445: another session's output split into a record before the
 * compaction, which Codex does not send). Other records resume reads (a session_meta, a compacted) count as sent.
 */
function sentOnceRestored(model: Codex.CodexModel, lineNo: number, record: Record<string, unknown>): boolean {
  if (record.type !== 'response_item') return true;
  const item = JSON.stringify(record.payload);
  return model.restoredResume().history.some((h) => h.record?.line === lineNo && JSON.stringify(h.item) === item);
}

/**
 * Why Codex would not send the response item recovered from this line, once the fixes are written: a later compacted
 * record's replacement_history, or a later session_meta, starts the history after it (differential seed 479: the
 * `compact` recording's developer message glued to a torn line, resumed with nothing lost). Undefined when it would.
 */
function unsentWhy(model: Codex.CodexModel, lineNo: number, record: Record<string, unknown>): string | undefined {
  if (sentOnceRestored(model, lineNo, record)) return undefined;
  const restored = model.restoredResume();
  const restart = restored.restartedAt;
  const compacted = restored.compactedAt;
  if (compacted && compacted.line > lineNo && !(restart && restart.line > compacted.line))
    return `the compacted record on line ${compacted.line} replaces the history before it`;
  if (restart && restart.line > lineNo) return `the session_meta on line ${restart.line} starts the history again`;
  return undefined;
}

const laterLines = (model: Codex.CodexModel, line: Lines.SourceLine): Lines.SourceLine[] =>
  model.file.lines.filter((l) => l.lineNo > line.lineNo);

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'Every line of the rollout is one JSON record Codex can read: no BOM, no torn, interleaved or garbage lines, no NUL bytes, no invalid UTF-8.',
    docs: {
      detects:
        'a BOM, invalid UTF-8 (resume fails), a torn last line, garbage, NUL bytes, two records written into one line or one record split by another, a line that is no record',
      fix: 'safe (strip the BOM, keep unreadable lines in a record Codex skips, strip NULs, replace invalid bytes, put back a record split by another); unsafe (split an interleaved line)',
      severity: {
        codex:
          'error (resume fails, or a record is lost) / warn (Codex skips the line, or it holds context Codex rebuilds on resume)',
      },
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      bom: 'File starts with a UTF-8 byte order mark: Codex reads the session_meta behind it as garbage, and resume fails before any request ("{{message}}").',
      utf8: 'Line is not valid UTF-8: Codex cannot read the file at all, and resume fails before any request ("{{message}}").',
      firstLine:
        'First line is not a record ({{detail}}): resume fails before any request ("failed to parse first rollout record at <path>").',
      torn: 'Last line is cut off mid-record (a crash while writing); Codex skips it, and what it held is lost on resume.',
      parse: 'Line is not JSON ({{detail}}); Codex skips it, and what it held is lost on resume.',
      interleaved:
        'Line holds two records written into each other ({{first}} inside {{second}}, two writers at once); Codex skips the line, and both are lost on resume.',
      split:
        'Line holds {{first}} written inside {{second}} that ends on line {{next}} (two writers at once): Codex skips both lines, so both records are lost on resume (a call whose output is lost is answered "aborted", an output whose call is lost is dropped).',
      splitCopy:
        'Line holds {{first}} written inside {{second}} that ends on line {{next}} (two writers at once): Codex skips both lines, but what it would send of them another line holds byte for byte, so nothing is lost.',
      splitAfterTorn:
        'Line is a torn write ({{bytes}} bytes of a record cut off by a crash), then {{first}} written inside {{second}} that ends on line {{next}} (two writers at once): Codex skips both lines, so both records are lost on resume.',
      afterTorn:
        'Line is a torn write ({{bytes}} bytes of a record cut off by a crash) with {{what}} written whole after it: Codex skips the line, so {{what}} is lost on resume.',
      afterTornNul:
        'Line is a torn write ({{bytes}} bytes of a record cut off by a crash) and {{nuls}} NUL bytes, with {{what}} written whole after them: Codex skips the line, so {{what}} is lost on resume.',
      afterTornCopy:
        'Line is a torn write ({{bytes}} bytes of a record cut off by a crash) with a copy of line {{of}} ({{what}}) written whole after it: Codex skips the line, and line {{of}} still holds that record, so nothing is lost.',
      afterTornUnsent:
        'Line is a torn write ({{bytes}} bytes of a record cut off by a crash) with {{what}} written whole after it: Codex skips the line, but it would not send that record anyway ({{why}}), so nothing is lost.',
      afterTornForeignMeta:
        'Line is a torn write ({{bytes}} bytes of a record cut off by a crash) with the session_meta of another session ({{id}}) written whole after it: Codex skips the line, so it does not start that session’s history there, and nothing of this session is lost.',
      afterTornContext:
        'Line is a torn write ({{bytes}} bytes of a record cut off by a crash) with {{what}} written whole after it: Codex skips the line, but with no turn_context or world_state to read it rebuilds that context on resume and sends it again, so nothing is lost.',
      beforeTail:
        'Line is {{what}} written whole, then {{nuls}} NUL bytes and {{bytes}} bytes left of the next record (a crash zeroed the line feed between them): Codex skips the line, so {{what}} is lost on resume.',
      nulRecord: 'Line holds {{what}} with NUL bytes in it; Codex skips the line, and the record is lost on resume.',
      nulOnly: 'Line is NUL bytes (a crash padded the file); Codex skips it.',
      notObject: 'Line is {{detail}} in JSON, not a record; Codex skips it ("rollout line must be a JSON object").',
      tooLong: 'Line is {{bytes}} bytes, over the {{limit}}-byte limit, and was not read.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const resume = model.resume();
    const firstLine = model.file.lines.find((l) => !l.blank);
    // Codex's words for the line: the session-metadata read's when it is the line that read stops at, else list_turns'.
    const utf8Message = (line: Lines.SourceLine): string =>
      resume.fatal?.cause === 'meta-utf8' && resume.fatal.line === line.lineNo
        ? resume.fatal.message
        : Codex.fatalMessage('utf8');
    if (model.file.bom && firstLine) {
      ctx.report({
        messageId: 'bom',
        at: { line: firstLine.lineNo },
        data: { message: Codex.fatalMessage('bom') },
        fix: new Codex.CodexFix(model, RULE_ID)
          .replaceText(firstLine.lineNo, lenient.decode(firstLine.bytes))
          .fix('safe', 'strip the byte order mark'),
      });
    }
    const lines = model.file.lines;
    // The second line of a record split by another (split below), reported with the first.
    let consumed: number | undefined;
    for (const [i, line] of lines.entries()) {
      if (line.problems.length === 0 || line.lineNo === consumed) continue;
      if (line.json) {
        // A record whose strings hold invalid UTF-8: it parses (leniently), but Codex cannot read the file at all.
        if (line.problems.some((p) => p.kind === 'utf8'))
          ctx.report({
            messageId: 'utf8',
            at: { line: line.lineNo },
            data: { message: utf8Message(line) },
            fix: new Codex.CodexFix(model, RULE_ID)
              .replaceText(line.lineNo, marked(lenient.decode(line.bytes), line.json, 'utf8'))
              .fix('safe', 'replace the invalid bytes with U+FFFD (the record reads again)'),
          });
        continue;
      }
      const kinds = new Set(line.problems.map((p) => p.kind));
      const at = { line: line.lineNo };
      const detail = line.problems.find((p) => p.detail)?.detail ?? '';
      const fatalHere = resume.fatal?.line === line.lineNo;
      if (kinds.has('too-long')) {
        const p = line.problems.find((x) => x.kind === 'too-long')!;
        ctx.report({
          messageId: 'tooLong',
          at,
          severity: 'warn',
          data: { bytes: line.bytes.length, limit: p.limit?.bytes ?? '?' },
        });
        continue;
      }
      const split = Codex.recoverSplit(line, lines[i + 1]);
      if (split?.kind === 'split') {
        consumed = split.next;
        // The records worth writing back: not a copy of a line the file holds, nor another session's session_meta.
        const kept = model.recoveredRecords(split);
        const fix = new Codex.CodexFix(model, RULE_ID).replaceText(line.lineNo, kept[0]!.text);
        const inner = new TextEncoder().encode(split.inner.text);
        if (kept[1]) fix.replaceText(split.next, kept[1].text);
        else fix.replaceText(split.next, keptText(model, split.next, inner, 'a copy, or another session’s record'));
        const fragment = split.fragment === undefined ? undefined : new TextEncoder().encode(split.fragment);
        if (fragment)
          fix.raw({
            kind: 'insertAfter',
            line: line.lineNo - 1,
            value: Codex.keptLine(model, line.lineNo, fragment, 'torn', RULE_ID),
          });
        const description = `${
          kept[1]
            ? 'write the two records back as they were written, each on its line'
            : `write ${describe(split.outer.record)} back on its line, and keep ${describe(split.inner.record)} inside it (a copy of a line of the file or another session's) on line ${split.next} ${KEPT}`
        }${fragment ? `, and keep the torn fragment before them ${KEPT}` : ''}`;
        const data = { first: describe(split.inner.record), second: describe(split.outer.record), next: split.next };
        // A record that another line holds byte for byte loses nothing (differential seed 392: a copy of the
        // session_meta split by a copy of line 2, resumed with nothing lost).
        const used = kept.filter((r) => usedRecord(r.record) && sentOnceRestored(model, line.lineNo, r.record));
        const lost = used.some((r) => model.lineHolding(r.text) === undefined);
        const severity = lost ? 'error' : 'warn';
        if (fragment)
          ctx.report({
            messageId: 'splitAfterTorn',
            at,
            severity,
            data: { ...data, bytes: fragment.length },
            fix: fix.fix('safe', description),
          });
        else
          ctx.report({
            messageId: used.length > 0 && !lost ? 'splitCopy' : 'split',
            at,
            severity,
            data,
            fix: fix.fix('safe', description),
          });
        continue;
      }
      const recovery = Codex.recoverLine(line);
      if (recovery?.kind === 'interleaved') {
        const [a, b] = model.recoveredRecords(recovery);
        const fix = new Codex.CodexFix(model, RULE_ID).replaceText(
          line.lineNo,
          marked(a!.text, a!.record, 'interleaved'),
        );
        if (b) fix.insertRaw(line.lineNo, b.record, { repaired: 'interleaved' });
        else
          fix.raw({
            kind: 'insertAfter',
            line: line.lineNo,
            value: Codex.keptLine(
              model,
              line.lineNo,
              new TextEncoder().encode(recovery.inner.text),
              'a copy, or another session’s record',
              RULE_ID,
            ),
          });
        const description = b
          ? 'split the line into the two records written into it'
          : `write back the record the line was written into, and keep the other (a copy of a line of the file or another session's) after it ${KEPT}`;
        if (kinds.has('utf8'))
          ctx.report({
            messageId: 'utf8',
            at,
            data: { message: utf8Message(line) },
            fix: fix.fix('unsafe', description),
          });
        else
          ctx.report({
            messageId: 'interleaved',
            at,
            data: { first: describe(recovery.inner.record), second: describe(recovery.outer.record) },
            fix: fix.fix('unsafe', description),
          });
        continue;
      }
      if (kinds.has('utf8')) {
        ctx.report({
          messageId: 'utf8',
          at,
          severity: 'error',
          data: { message: utf8Message(line) },
          fix:
            recovery?.kind === 'utf8-replaced'
              ? new Codex.CodexFix(model, RULE_ID)
                  .replaceText(line.lineNo, marked(recovery.text, recovery.record, 'utf8'))
                  .fix('safe', 'replace the invalid bytes with U+FFFD (the record reads again)')
              : keepLine(
                  model,
                  line,
                  'invalid UTF-8',
                  `keep the line (no record even with its invalid bytes replaced) ${KEPT}`,
                ),
        });
        continue;
      }
      // After a torn write and NUL bytes, a copy of a line of the file stays in the kept line (differential seed 32:
      // put back, the copied session_meta hid the items Codex sent twice).
      // Another session's session_meta after a torn write: Codex skips it, and so does not start that session's
      // history there (differential seed 528, resumed with nothing lost). Putting it back would: the line is kept.
      if (recovery?.kind === 'after-torn' && line !== firstLine && model.foreignMeta(recovery.record)) {
        const fragment = line.bytes.length - new TextEncoder().encode(recovery.text).length;
        ctx.report({
          messageId: 'afterTornForeignMeta',
          at,
          severity: 'warn',
          data: { bytes: fragment, id: String((recovery.record.payload as Record<string, unknown>).id) },
          fix: keepLine(model, line, 'torn', `keep the line ${KEPT}`),
        });
        continue;
      }
      if (
        recovery?.kind === 'after-torn' &&
        line !== firstLine &&
        !(recovery.nul && model.lineHolding(recovery.text) !== undefined)
      ) {
        // Losing an event is a warning, as any line Codex skips; losing a record resume reads is an error, but for
        // context Codex rebuilds on resume (it finds no turn_context or world_state): it sends that again.
        // A record that another line of the file holds byte for byte (a restored copy glued to a torn line;
        // differential seed 300: resumed with nothing lost) loses nothing either.
        const context = contextMessage(recovery.record);
        const rebuilt = context !== undefined && (resume.noTurnContext || resume.noWorldState);
        const of = model.lineHolding(recovery.text);
        const fragment = line.bytes.subarray(0, line.bytes.length - new TextEncoder().encode(recovery.text).length);
        const nuls = fragment.filter((b) => b === 0).length;
        const bytes = fragment.length - nuls;
        const what = context ?? describe(recovery.record);
        const fix = new Codex.CodexFix(model, RULE_ID)
          .replaceText(line.lineNo, recovery.text)
          .raw({
            kind: 'insertAfter',
            line: line.lineNo - 1,
            value: Codex.keptLine(model, line.lineNo, fragment, 'torn', RULE_ID),
          })
          .fix(
            'safe',
            `write the whole record after the torn fragment back on its line, and keep the fragment before it ${KEPT}`,
          );
        const unsent = unsentWhy(model, line.lineNo, recovery.record);
        if (of !== undefined)
          ctx.report({ messageId: 'afterTornCopy', at, severity: 'warn', data: { bytes, what, of }, fix });
        else if (unsent !== undefined)
          ctx.report({ messageId: 'afterTornUnsent', at, severity: 'warn', data: { bytes, what, why: unsent }, fix });
        else if (nuls > 0 && !rebuilt)
          ctx.report({
            messageId: 'afterTornNul',
            at,
            severity: usedRecord(recovery.record) ? 'error' : 'warn',
            data: { bytes, what, nuls },
            fix,
          });
        else
          ctx.report({
            messageId: rebuilt ? 'afterTornContext' : 'afterTorn',
            at,
            severity: usedRecord(recovery.record) && !rebuilt ? 'error' : 'warn',
            data: { bytes, what },
            fix,
          });
        continue;
      }
      // A whole record, then NUL bytes and the rest of the next write (differential seed 640): the record goes back on
      // its line, and what follows it into a kept line after it.
      if (recovery?.kind === 'before-tail' && line !== firstLine) {
        const tail = line.bytes.subarray(recovery.tail);
        const nuls = tail.filter((b) => b === 0).length;
        ctx.report({
          messageId: 'beforeTail',
          at,
          severity: usedRecord(recovery.record) ? 'error' : 'warn',
          data: { what: contextMessage(recovery.record) ?? describe(recovery.record), nuls, bytes: tail.length - nuls },
          fix: new Codex.CodexFix(model, RULE_ID)
            .replaceText(line.lineNo, recovery.text)
            .raw({
              kind: 'insertAfter',
              line: line.lineNo,
              value: Codex.keptLine(model, line.lineNo, tail, 'NUL bytes', RULE_ID),
            })
            .fix(
              'safe',
              `write the whole record before the NUL bytes back on its line, and keep the rest after it ${KEPT}`,
            ),
        });
        continue;
      }
      if (kinds.has('nul')) {
        if (recovery?.kind === 'nul-stripped') {
          ctx.report({
            messageId: 'nulRecord',
            at,
            severity: fatalHere ? 'error' : 'warn',
            data: { what: describe(recovery.record) },
            fix: new Codex.CodexFix(model, RULE_ID)
              .replaceText(line.lineNo, marked(recovery.text, recovery.record, 'nul'))
              .fix('safe', 'strip the NUL bytes (the record reads again)'),
          });
        } else {
          const onlyNul = lenient.decode(line.bytes).replace(/[\u0000\s]/g, '') === '';
          const severity = fatalHere ? 'error' : 'warn';
          if (onlyNul)
            ctx.report({
              messageId: 'nulOnly',
              at,
              severity,
              fix: dropNulLine(model, line, 'drop the NUL bytes (they hold nothing)'),
            });
          else
            ctx.report({
              messageId: 'parse',
              at,
              severity,
              data: { detail },
              fix: keepLine(model, line, 'NUL bytes', `keep the line ${KEPT}`),
            });
        }
        continue;
      }
      const first = line === firstLine;
      if (kinds.has('not-object') && !first) {
        ctx.report({
          messageId: 'notObject',
          at,
          severity: fatalHere ? 'error' : 'warn',
          data: { detail },
          fix: keepLine(model, line, 'not a record', `keep the line ${KEPT}`),
        });
        continue;
      }
      const reason = kinds.has('torn') ? 'torn' : 'not JSON';
      const fix = first
        ? firstLineFix(model, line, reason)
        : keepLine(model, line, reason, `keep the ${kinds.has('torn') ? 'torn last line' : 'line'} ${KEPT}`);
      if (first) ctx.report({ messageId: 'firstLine', at, data: { detail }, fix });
      else if (kinds.has('torn')) ctx.report({ messageId: 'torn', at, severity: 'warn', fix });
      else ctx.report({ messageId: 'parse', at, severity: 'warn', data: { detail }, fix });
    }
  },
});
