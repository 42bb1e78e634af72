// The sessions document-limits is tested on (a PDF in a prompt or a tool result) and the placeholder its fix writes.
import { text, toolResult, toolUse, transcript, fixed, type EditableEntry } from '../helpers/build.js';

type Json = EditableEntry;
export const note = (what: string): Json => ({ type: 'text', text: `[transcript-lint: removed ${what}]` });
/** The prompt (line 1) with its first block, the PDF, replaced by the placeholder. */
export const inPrompt = (source: string, what: string): string =>
  fixed(source, { 1: (e) => void (e.message.content[0] = note(what)) });

type Block = Record<string, unknown>;

export const pdfDoc = (data: string): Block => ({
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data },
});
export const b64 = (s: string): string => Buffer.from(s, 'latin1').toString('base64');

/** A PDF whose page tree states `count` pages (and holds `objects` page objects). */
export function pdf(count: number | undefined, objects: number): string {
  let s = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n';
  s += `2 0 obj\n<< /Type /Pages /Kids [] ${count === undefined ? '' : `/Count ${count}`} >>\nendobj\n`;
  for (let i = 0; i < objects; i++)
    s += `${i + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n`;
  return b64(s + 'trailer\n<< /Root 1 0 R >>\n%%EOF\n');
}

export function prompt(blocks: Block[]): string {
  const t = transcript();
  t.user([...blocks, text('summarise this')]);
  t.assistant([text('Summary.')]);
  return t.toString();
}

export function inResult(blocks: Block[]): string {
  const t = transcript();
  t.user('read the manual');
  t.assistant([toolUse('toolu_1', 'Read', { file_path: '/tmp/manual.pdf' })]);
  t.user([toolResult('toolu_1', blocks)]);
  t.assistant([text('Read it.')]);
  return t.toString();
}
