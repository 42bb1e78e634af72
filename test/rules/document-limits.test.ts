// The 33 MB case is in document-limits.heavy.test.ts.
import rule from '../../rules/document-limits.js';
import { fixed } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { b64, inPrompt, inResult, note, pdf, pdfDoc, prompt } from './document-limits-shapes.js';

const t = {
  pages150: prompt([pdfDoc(pdf(150, 2))]),
  objects101: prompt([pdfDoc(pdf(undefined, 101))]),
  inResult: inResult([pdfDoc(pdf(250, 0))]),
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
      name: 'api target',
      target: 'api',
      text: t.api,
      errors: [{ messageId: 'tooManyPages', line: 1, severity: 'error' }],
      output: inPrompt(t.api, "a PDF document of 101 pages that is over the API's 100-page limit"),
    },
  ],
});
