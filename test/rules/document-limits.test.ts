import rule from '../../rules/document-limits.js';
import { text, toolResult, toolUse, transcript, fixed, type EditableEntry } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Json = EditableEntry;
const note = (what: string): Json => ({ type: 'text', text: `[transcript-lint: removed ${what}]` });
/** The prompt (line 1) with its first block, the PDF, replaced by the placeholder. */
const inPrompt = (source: string, what: string): string =>
  fixed(source, { 1: (e) => void (e.message.content[0] = note(what)) });

type Block = Record<string, unknown>;

const pdfDoc = (data: string): Block => ({
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data },
});
const b64 = (s: string): string => Buffer.from(s, 'latin1').toString('base64');

/** A PDF whose page tree states `count` pages (and holds `objects` page objects). */
function pdf(count: number | undefined, objects: number): string {
  let s = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n';
  s += `2 0 obj\n<< /Type /Pages /Kids [] ${count === undefined ? '' : `/Count ${count}`} >>\nendobj\n`;
  for (let i = 0; i < objects; i++)
    s += `${i + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n`;
  return b64(s + 'trailer\n<< /Root 1 0 R >>\n%%EOF\n');
}

function prompt(blocks: Block[]): string {
  const t = transcript();
  t.user([...blocks, text('summarise this')]);
  t.assistant([text('Summary.')]);
  return t.toString();
}

function inResult(blocks: Block[]): string {
  const t = transcript();
  t.user('read the manual');
  t.assistant([toolUse('toolu_1', 'Read', { file_path: '/tmp/manual.pdf' })]);
  t.user([toolResult('toolu_1', blocks)]);
  t.assistant([text('Read it.')]);
  return t.toString();
}

const t = {
  pages150: prompt([pdfDoc(pdf(150, 2))]),
  objects101: prompt([pdfDoc(pdf(undefined, 101))]),
  inResult: inResult([pdfDoc(pdf(250, 0))]),
  huge: prompt([pdfDoc('JVBERi0xLjQK' + 'A'.repeat(33 * 1024 * 1024))]),
  api: prompt([pdfDoc(pdf(101, 101))]),
  titled: prompt([{ ...pdfDoc(pdf(150, 2)), title: 'manual.pdf' }]),
};

runRuleTests(rule, {
  valid: [
    { name: 'a 3-page PDF', text: prompt([pdfDoc(pdf(3, 3))]) },
    { name: 'exactly 100 pages', text: prompt([pdfDoc(pdf(100, 100))]) },
    {
      name: 'the page tree count wins over stale page objects of incremental updates',
      text: prompt([pdfDoc(pdf(40, 120))]),
    },
    {
      name: 'pages kept in compressed object streams are not counted',
      text: prompt([pdfDoc(b64('%PDF-1.5\n1 0 obj << /Type /ObjStm /N 300 >> stream\nxyz\nendstream\n'))]),
    },
    {
      name: 'a plain-text document',
      text: prompt([{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x'.repeat(1000) } }]),
    },
    { name: 'a PDF in a tool_result', text: inResult([pdfDoc(pdf(12, 12))]) },
    { name: 'api target, small PDF', text: prompt([pdfDoc(pdf(3, 3))]), target: 'api' },
  ],
  invalid: [
    {
      name: 'page tree says 150 pages',
      text: t.pages150,
      errors: [{ messageId: 'tooManyPages', line: 1, blockIndex: 0, severity: 'error', messageIncludes: '150 pages' }],
      output: inPrompt(t.pages150, "a PDF document of 150 pages that is over the API's 100-page limit"),
    },
    {
      name: 'the placeholder names a titled document',
      text: t.titled,
      errors: [{ messageId: 'tooManyPages', line: 1, blockIndex: 0 }],
      output: inPrompt(t.titled, 'a PDF document ("manual.pdf") of 150 pages that is over the API\'s 100-page limit'),
    },
    {
      name: '101 page objects and no count',
      text: t.objects101,
      errors: [{ messageId: 'tooManyPages', line: 1, messageIncludes: '101 pages' }],
      output: inPrompt(t.objects101, "a PDF document of 101 pages that is over the API's 100-page limit"),
    },
    {
      name: 'a long PDF inside a tool_result',
      text: t.inResult,
      errors: [{ messageId: 'tooManyPages', line: 3, blockIndex: 0 }],
      output: fixed(t.inResult, {
        3: (e) =>
          void (e.message.content[0].content[0] = note(
            "a PDF document of 250 pages that is over the API's 100-page limit",
          )),
      }),
    },
    {
      name: 'a PDF over 32 MB of base64',
      text: t.huge,
      errors: [{ messageId: 'tooLarge', line: 1, blockIndex: 0, messageIncludes: '33MB' }],
      output: inPrompt(t.huge, "a PDF document of 33MB (base64) that is over the API's 32 MB request limit"),
    },
    {
      name: 'api target',
      target: 'api',
      text: t.api,
      errors: [{ messageId: 'tooManyPages', line: 1, severity: 'error' }],
      output: inPrompt(t.api, "a PDF document of 101 pages that is over the API's 100-page limit"),
    },
  ],
});
