// valid-json: every line must be one JSON object. Claude Code skips a bad line, losing what it held.
import {
  defineRule,
  FixPlan,
  type FixDescriptor,
  lineByteLength,
  type SourceLine,
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
  line: SourceLine,
  applicability: 'safe' | 'unsafe',
  description: string,
): FixDescriptor => new FixPlan(model).deleteLine(line.lineNo).fix(applicability, description)!;

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
function nulFix(model: StorageView, line: SourceLine): FixDescriptor {
  const decoded = lenient.decode(line.bytes);
  const text = decoded.replace(/\u0000/g, '');
  if (parsesAsObject(text))
    return nulInString(decoded)
      ? new FixPlan(model)
          .replaceLineText(line.lineNo, text)
          .fix('unsafe', 'strip the NUL bytes (one sat inside a string, where it may have replaced a character)')!
      : new FixPlan(model).replaceLineText(line.lineNo, text).fix('safe', 'strip the NUL bytes')!;
  if (text.trim() === '') return dropLine(model, line, 'safe', 'drop the line (it holds only NUL bytes)');
  return dropLine(model, line, 'unsafe', 'drop the line (it is not JSON even without its NUL bytes)');
}

export default defineRule({
  meta: {
    id: 'valid-json',
    type: 'problem',
    view: 'storage',
    description: 'Every line is one JSON object: no torn last line, garbage, NUL bytes or invalid UTF-8.',
    docs: {
      detects:
        'a line that is not one JSON object: torn last line (crash mid-write), garbage, NUL bytes, invalid UTF-8',
      fix: 'safe (drop a torn last line, strip NULs between tokens); unsafe (strip NULs inside a string, drop another bad line)',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    formats: ['claude-code', 'request', 'messages'],
    messages: {
      torn: 'Last line is cut off mid-entry (a crash while writing); Claude Code skips it and resumes from the entry before it.',
      nul: 'Line contains a NUL byte: Claude Code skips the line, and tools that search sessions as text (grep) treat the whole file as binary.',
      parse: 'Line is not JSON ({{detail}}); Claude Code skips it and whatever it held is lost on resume.',
      utf8: 'Line is not valid UTF-8; its text cannot be read back faithfully.',
      notObject: 'Line is {{detail}} in JSON, not an entry object; Claude Code skips it.',
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
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      // Most lines have no problem: nothing is made for them (this loop sees every line of the file).
      if (line.problems.length === 0) continue;
      const kinds = new Set(line.problems.map((p) => p.kind));
      const at = { line: line.lineNo };
      for (const p of line.problems) {
        switch (p.kind) {
          case 'torn':
            if (kinds.has('nul')) break; // reported once, as NUL, whose fix covers the line
            ctx.report({
              messageId: plain ? 'messageTorn' : 'torn',
              at,
              fix: dropLine(model, line, 'safe', 'drop the torn last line'),
            });
            break;
          case 'nul':
            ctx.report({ messageId: plain ? 'messageNul' : 'nul', at, fix: nulFix(model, line) });
            break;
          case 'utf8':
            // With NUL or parse problems on the same line, their fix covers the line.
            ctx.report({
              messageId: 'utf8',
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
              ctx.report({
                messageId: plain ? 'messageParse' : 'parse',
                at,
                data: { detail: p.detail ?? '' },
                fix: dropLine(model, line, 'unsafe', 'drop the line'),
              });
            }
            break;
          case 'not-object':
            ctx.report({
              messageId: plain ? 'messageNotObject' : 'notObject',
              at,
              data: { detail: p.detail ?? '' },
              fix: dropLine(model, line, 'unsafe', 'drop the line'),
            });
            break;
          case 'too-long':
            ctx.report({
              messageId: p.limit?.of === 'string' ? 'tooLongForString' : 'tooLong',
              at,
              data: { bytes: lineByteLength(line), limit: p.limit?.bytes ?? '?' },
            });
            break;
        }
      }
    }
  },
});
