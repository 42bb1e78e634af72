// qwen/valid-jsonl: every line of the session is one JSON record, as Qwen Code writes it. Qwen 0.24.4 reads a
// damaged line in pieces: the whole `{…}` objects at its top level that parse on their own are kept (NUL padding
// before a record, two records run together), anything else on it is skipped without a word (a torn record,
// garbage); invalid UTF-8 is read as U+FFFD. The fixes write each record Qwen reads from the line on a line of its
// own, byte for byte as it stands; drop a line Qwen reads nothing from; and write the U+FFFD Qwen reads in place
// of invalid bytes. What Qwen reads is the same before and after each fix.
import { defineRule, type FixDescriptor, Qwen, type SourceLine } from '../../src/sdk/index.js';

const RULE_ID = 'qwen/valid-jsonl';

const isLast = (model: Qwen.QwenModel, line: SourceLine): boolean =>
  !model.file.lines.some((l) => l.lineNo > line.lineNo && !l.blank);

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'qwen',
    description:
      'Every line is one JSON record: no torn, garbage or run-together lines, no NUL bytes, no invalid UTF-8.',
    docs: {
      detects:
        'a torn or garbage line (Qwen skips it: what it held is lost), NUL padding or records run together on one line (Qwen reads the records), invalid UTF-8 (read as U+FFFD)',
      fix: 'safe (put each record Qwen reads on its own line, write U+FFFD for invalid bytes, drop a line Qwen reads nothing from)',
      severity: { qwen: 'error (a record is lost) / warn (Qwen reads the line in pieces)' },
    },
    severity: { qwen: 'warn', openai: 'error' },
    fixable: 'safe',
    formats: ['qwen-code'],
    messages: {
      lost: 'Line is not a JSON record ({{what}}): Qwen Code skips it on resume, and what it held is lost.',
      nul: 'Line holds NUL bytes beside {{count}} record(s) (a crash padded the file): Qwen Code reads the record(s) and skips the NUL bytes.',
      joined: 'Line holds {{count}} records run together (written without a line break): Qwen Code reads each of them.',
      partly:
        'Line holds {{count}} whole record(s) and a torn or garbage rest: Qwen Code reads the whole record(s), and what the rest held is lost.',
      utf8: 'Line is not valid UTF-8: Qwen Code reads each bad byte sequence as U+FFFD, and the character it was is lost.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const line of model.file.lines) {
      if (line.blank) continue;
      const read = Qwen.readLine(line);
      if (!read) continue;
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
        const last = isLast(model, line);
        const fix: FixDescriptor = new Qwen.QwenFix(model, RULE_ID)
          .deleteLine(line.lineNo)
          .fix('safe', last ? 'drop the torn last line' : 'drop the line Qwen reads nothing from');
        ctx.report({
          messageId: 'lost',
          at: { line: line.lineNo },
          data: { what: hasNul ? 'NUL bytes' : 'torn or garbage' },
          severity: 'error',
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
      const fix = new Qwen.QwenFix(model, RULE_ID)
        .replaceText(line.lineNo, texts.join(model.file.eol))
        .fix(
          'safe',
          joined
            ? 'put each record Qwen reads on a line of its own, as it stands'
            : 'put each record Qwen reads on a line of its own, as it stands (the rest, which Qwen skips, is dropped)',
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
