// document-limits: PDFs the API refuses on every request that carries them: over the 32 MB request limit, or over
// 100 pages (api-errors.md E13; anthropics/claude-code#6197). Documents inside tool_result content count. Pages are
// counted only where the file states them in the clear and the data is small enough to decode.
import {
  Anthropic,
  base64Source,
  defineRule,
  formatSize,
  pdfPageCount,
  placeholder,
  PlannedReports,
} from '../src/sdk/index.js';

export const MAX_PDF_BASE64 = 32 * 1024 * 1024;
export const MAX_PDF_PAGES = 100;
/** PDFs up to this many base64 characters are decoded to count their pages. */
export const PAGE_COUNT_DECODE_LIMIT = 16 * 1024 * 1024;

export default defineRule({
  meta: {
    id: 'document-limits',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'PDF documents are within the API limits: 32 MB and 100 pages.',
    docs: { detects: 'a base64 PDF over 32 MB or over 100 pages', fix: 'safe (text placeholder)' },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: {
      tooLarge:
        'PDF is {{size}} of base64, over the API limit of 32 MB per request; every request that carries it is rejected.',
      tooManyPages:
        'PDF has {{pages}} pages, over the API limit of 100; every request that carries it fails with 400 ("maximum of 100 PDF pages").',
    },
  },
  check(ctx) {
    // Each PDF the API refuses is replaced by a text placeholder saying what was there; one fix per message.
    const reports = new PlannedReports(ctx);
    for (const site of Anthropic.requestBlocks(ctx.model.apiView().merged, { nested: true })) {
      if (site.block.type !== 'document' || site.message.role !== 'user') continue;
      const source = base64Source(site.block);
      if (source?.mediaType !== 'application/pdf' || typeof source.data !== 'string') continue;
      const at = { request: site.outer, pointer: site.pointer };
      const title = typeof site.block.title === 'string' && site.block.title !== '' ? ` ("${site.block.title}")` : '';
      const stored = Anthropic.storedPointer(ctx.model, site);
      const planFor = (what: string) => {
        const plan =
          stored &&
          reports.plan(site.message).set(stored.entry, stored.pointer, { type: 'text', text: placeholder(what) });
        return plan && { plan, description: 'replace the PDF with a text placeholder' };
      };
      if (source.data.length > MAX_PDF_BASE64) {
        const size = formatSize(source.data.length);
        reports.add(
          { messageId: 'tooLarge', data: { size }, at },
          planFor(`removed a PDF document${title} of ${size} (base64) that is over the API's 32 MB request limit`),
        );
        continue;
      }
      const pages = pdfPageCount(source.data, PAGE_COUNT_DECODE_LIMIT);
      if (pages !== undefined && pages > MAX_PDF_PAGES) {
        reports.add(
          { messageId: 'tooManyPages', data: { pages }, at },
          planFor(`removed a PDF document${title} of ${pages} pages that is over the API's 100-page limit`),
        );
      }
    }
    reports.send();
  },
});
