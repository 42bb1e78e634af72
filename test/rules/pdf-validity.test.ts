import { describe, expect, it } from 'vitest';
import rule from '../../rules/pdf-validity.js';
import { fixed, text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const b64 = (s: string) => Buffer.from(s, 'latin1').toString('base64');
const PDF = b64('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const ENCRYPTED = b64(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R /Encrypt 5 0 R >>\n%%EOF\n',
);
const HTML = b64('<html><body>not a pdf</body></html>');

const doc = (data: string, title?: string) => ({
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data },
  ...(title ? { title } : {}),
});
/** A Read whose result holds the document (line 3). */
const read = (data: string, title?: string) => {
  const t = transcript();
  t.user('read the pdf'); // 1
  t.assistant([toolUse('toolu_D1', 'Read', { file_path: '/tmp/doc.pdf' })]); // 2
  t.user([toolResult('toolu_D1', [text('PDF file read'), doc(data, title)])]); // 3
  t.assistant([text('It says hello.')]); // 4
  return t.toString();
};
const placed = (source: string, note: string) =>
  fixed(source, {
    3: (e) => {
      e.message.content[0].content[1] = { type: 'text', text: `[transcript-lint: ${note}]` };
    },
  });

runRuleTests(rule, {
  valid: [
    { name: 'a PDF', text: read(PDF) },
    { name: 'a PDF with a title', text: read(PDF, 'doc.pdf') },
  ],
  invalid: [
    {
      name: 'HTML named .pdf (item b03a)',
      text: read(HTML),
      errors: [{ messageId: 'notPdf', line: 3, severity: 'warn', messageIncludes: 'The PDF specified was not valid.' }],
      output: placed(read(HTML), 'removed a document labelled application/pdf that is no PDF, which the API rejects'),
    },
    {
      name: 'a password-protected PDF (item b03b); api target: an error',
      text: read(ENCRYPTED, 'secret.pdf'),
      target: 'api',
      errors: [{ messageId: 'encrypted', line: 3, severity: 'error', messageIncludes: '("secret.pdf")' }],
      output: placed(
        read(ENCRYPTED, 'secret.pdf'),
        'removed a password-protected PDF document ("secret.pdf"), which the API rejects',
      ),
    },
  ],
});

describe('pdf-validity on the recorded items (B3)', () => {
  const lint = (name: string) => lintWith(rule, itemText(recordedItem(name))).result.diagnostics;
  it('b03a and b03b: the Read result of doc.pdf', () => {
    expect(lint('b03a').map((d) => [d.line, d.messageId])).toEqual([[27, 'notPdf']]);
    expect(lint('b03b').map((d) => [d.line, d.messageId])).toEqual([[27, 'encrypted']]);
  });
  it('the unmutated recording is clean', () => {
    expect(lintWith(rule, itemText({ ...recordedItem('b03a'), patch: [] })).result.diagnostics).toEqual([]);
  });
});
