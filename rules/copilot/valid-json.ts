// copilot/valid-json: every line of events.jsonl is one JSON object, as Copilot writes it. The damage the other
// framing rules repair (NUL padding, split and glued events, cut-off prefixes, raw separators) is theirs; this rule
// has the rest. Copilot's transcript recovery drops every line that does not parse and silently rewrites the file
// (keeping the original as events.jsonl.backup-before-recovery-<sha256>): a cut-off last line (what a crash leaves)
// or a broken line mid-file is then gone from the file, and a line with one invalid byte loses its whole event. The
// fix keeps each such line's text in an event Copilot skips, on the same line (kept-line.ts). What 1.0.102 reads without a rewrite (a BOM, CRLF, blank lines, a JSON value that is not an object)
// is still not what Copilot writes, and other readers trip on it.
import { Copilot, defineRule, type Lines } from '../../src/sdk/index.js';

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export default defineRule({
  meta: {
    id: 'copilot/valid-json',
    type: 'problem',
    view: 'copilot',
    description: 'Every line of events.jsonl is one JSON object, written as Copilot writes it.',
    docs: {
      detects:
        'a line that is not one JSON object (cut off, garbage, invalid UTF-8, not an object), a BOM, CRLF, blank lines',
      fix: "safe (strip a BOM, CRs, blank lines; keep a broken line's text in an event Copilot skips, and write a cut-off prompt again from its text); unsafe (U+FFFD for invalid bytes)",
      severity: { copilot: 'error (a broken or cut-off line, invalid UTF-8) / warn (the rest)' },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
      torn: "Last line is cut off mid-event (a crash while writing); resuming the session as it is deletes it: Copilot's transcript recovery rewrites events.jsonl without it (the original only in events.jsonl.backup-before-recovery-*).",
      parse:
        "Line is not JSON ({{detail}}); resuming the session as it is deletes it: Copilot's transcript recovery rewrites events.jsonl without it (the original only in events.jsonl.backup-before-recovery-*), so whatever event it held is lost.",
      utf8: 'Line is not valid UTF-8; Copilot drops the whole line on resume (rewriting events.jsonl), so its {{type}} event is lost.',
      notObject: 'Line is {{detail}} in JSON, not an event object; Copilot skips it.',
      bom: 'events.jsonl starts with a UTF-8 byte order mark, which Copilot never writes; 1.0.102 skips it, other readers of the file do not.',
      crlf: '{{count}} lines end with CR LF; Copilot writes LF alone (1.0.102 reads CR LF, a lone CR it does not split on).',
      blank: 'Line is blank; Copilot never writes one (1.0.102 skips it).',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const lines = model.file.lines;
    if (model.file.bom) {
      const edits: never[] = [];
      Copilot.BOM_STRIPS.add(edits);
      ctx.report({
        messageId: 'bom',
        at: { line: 1 },
        severity: 'warn',
        fix: { applicability: 'safe', description: 'remove the byte order mark', edits },
      });
    }
    const crLines = lines.filter((l) => l.bytes[l.bytes.length - 1] === 0x0d && !model.framing().has(l.lineNo));
    if (crLines.length > 0) {
      const plan = new Copilot.CopilotFixPlan(model);
      for (const l of crLines) plan.replaceText(l.lineNo, lenient.decode(l.bytes.subarray(0, l.bytes.length - 1)));
      ctx.report({
        messageId: 'crlf',
        at: { line: crLines[0]!.lineNo },
        severity: 'warn',
        data: { count: crLines.length },
        fix: plan.fix('safe', 'remove the CR before each line feed'),
      });
    }
    for (const [lineNo, framing] of model.framing()) {
      const line = lines[lineNo - 1]!;
      if (framing.kind === 'blank') {
        ctx.report({
          messageId: 'blank',
          at: { line: lineNo },
          severity: 'warn',
          fix: new Copilot.CopilotFixPlan(model).deleteLine(lineNo).fix('safe', 'remove the blank line'),
        });
        continue;
      }
      if (framing.kind !== 'broken') continue;
      const keep = (reason: string) => Copilot.keepLine(model, new Copilot.CopilotFixPlan(model), lineNo, reason);
      switch (framing.problem.kind) {
        case 'torn':
          ctx.report({ messageId: 'torn', at: { line: lineNo }, fix: keep('cut off mid-event') });
          break;
        case 'parse':
          ctx.report({
            messageId: 'parse',
            at: { line: lineNo },
            data: { detail: framing.problem.detail ?? '' },
            fix: keep('not JSON'),
          });
          break;
        case 'utf8':
          ctx.report({
            messageId: 'utf8',
            at: { line: lineNo },
            data: { type: typeOfBytes(line) },
            fix: replaced(line)
              ? new Copilot.CopilotFixPlan(model)
                  .replaceText(lineNo, lenient.decode(line.bytes))
                  .fix('unsafe', 'replace the invalid bytes with U+FFFD')
              : keep('not valid UTF-8'),
          });
          break;
        case 'not-object':
          ctx.report({
            messageId: 'notObject',
            at: { line: lineNo },
            severity: 'warn',
            data: { detail: framing.problem.detail ?? '' },
            fix: keep('not an object'),
          });
          break;
      }
    }
  },
});

/** Whether the line is one JSON object once its invalid bytes are U+FFFD. */
function replaced(line: Lines.SourceLine): boolean {
  return line.json !== undefined || Copilot.parsesAsObject(lenient.decode(line.bytes));
}

function typeOfBytes(line: Lines.SourceLine): string {
  const t = line.json?.type;
  return typeof t === 'string' ? t : 'unreadable';
}
