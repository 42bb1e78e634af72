// pdf-validity: a base64 PDF document is a PDF the API can read. Measured on recordings of the real Claude Code
// 2.1.332 under the stricter stand-in (recorded items b03a, b03b): bytes without a `%PDF-` header, or a PDF with an
// `/Encrypt` entry, are sent; the API rejects the request ("The PDF specified was not valid." / "The PDF specified is
// password protected.", the strings Claude Code's own error handling matches); Claude Code retries once with the
// document replaced by "[Document removed: …]" and writes a synthetic `media_removed` API-error entry (media:
// document), which strips the nearest document above it on every later resume (as for images, 12e). The safe fix
// replaces the document with a text placeholder and drops those entries. Page and size limits are document-limits'.
import {
  Anthropic,
  base64Source,
  ClaudeCode,
  defineRule,
  type Entry,
  pdfProblem,
  placeholder,
  PlannedReports,
} from '../src/sdk/index.js';

/** PDFs up to this many base64 characters are decoded to look for an /Encrypt entry. */
export const DECODE_LIMIT = 16 * 1024 * 1024;

export default defineRule({
  meta: {
    id: 'pdf-validity',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'Every base64 PDF document is a readable, unencrypted PDF.',
    docs: {
      detects:
        'a PDF document whose bytes are no PDF, or that is password protected; a `media_removed` entry that strips a valid document',
      fix: 'safe (text placeholder; drop the `media_removed` entry)',
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      notPdf:
        'Document{{title}} is labelled application/pdf but its bytes are no PDF (no %PDF- header); the API rejects the request ("The PDF specified was not valid."), and Claude Code retries without it and writes a `media_removed` entry, which strips a document on every later resume.',
      encrypted:
        'PDF document{{title}} is password protected; the API rejects the request ("The PDF specified is password protected."), and Claude Code retries without it and writes a `media_removed` entry, which strips a document on every later resume.',
      stripsValid:
        "Claude Code's own `media_removed` entry makes it strip the document of line {{target}} on every resume, although it is a valid PDF; the document it once removed is not the one it strips now.",
    },
  },
  check(ctx) {
    const { model } = ctx;
    const { merged } = model.apiView();
    const removals = ClaudeCode.mediaRemovals(model.chain().active).filter((r) => r.media === 'document');
    const reports = new PlannedReports(ctx);
    const badTargets = new Set<Entry>();
    for (const site of Anthropic.requestBlocks(merged, { nested: true })) {
      if (site.block.type !== 'document' || site.message.role !== 'user') continue;
      const source = base64Source(site.block);
      if (source?.mediaType !== 'application/pdf') continue;
      const problem = pdfProblem(source.data, DECODE_LIMIT);
      if (!problem) continue;
      const entry = model.entryAtLine(site.line);
      if (entry) badTargets.add(entry);
      const title = typeof site.block.title === 'string' && site.block.title !== '' ? ` ("${site.block.title}")` : '';
      const stored = Anthropic.storedPointer(model, site);
      const what =
        problem === 'encrypted'
          ? `removed a password-protected PDF document${title}, which the API rejects`
          : `removed a document${title} labelled application/pdf that is no PDF, which the API rejects`;
      const plan =
        stored &&
        reports.plan(site.message).set(stored.entry, stored.pointer, { type: 'text', text: placeholder(what) });
      if (plan) for (const r of removals) plan.removeEntry(r.error);
      reports.add(
        {
          messageId: problem === 'encrypted' ? 'encrypted' : 'notPdf',
          data: { title },
          at: { request: site.outer, pointer: site.pointer },
        },
        plan && { plan, description: 'replace the document with a text placeholder' },
      );
    }
    for (const r of removals) {
      if (!r.target || badTargets.has(r.target)) continue;
      reports.add(
        {
          messageId: 'stripsValid',
          data: { target: r.target.line },
          at: { entry: r.error },
          related: [{ line: r.target.line, message: 'the entry whose document Claude Code strips' }],
        },
        {
          plan: reports.plan(r.error).removeEntry(r.error),
          description: "remove Claude Code's media_removed entry (it is never sent)",
        },
      );
    }
    reports.send();
  },
});
