// image-media-type: an image's bytes are of the type its `media_type` names. Measured on recordings of the real
// Claude Code 2.1.332 under the stricter stand-in (recorded items 12a-12e): a PNG labelled image/jpeg, bytes that are
// no image at all, are sent; the API rejects the request ("…image.source.base64.data: Image does not match the
// provided media type image/jpeg"); Claude Code then heals: it retries once with that image replaced by "[Image
// removed: …]" and appends a synthetic `media_removed` API-error entry. That entry does not say which image it
// removed: on every later resume Claude Code strips the nearest image above it instead (12e: a later, valid Read
// result), while the bad image is sent, rejected and healed again. So the session keeps losing an image and a request
// per resume. Empty image data is image-limits'.
// The safe fix writes the media type the bytes say (bytes of no image type become a text placeholder) and removes
// Claude Code's `media_removed` entries for images, which then only strip a good image.
import {
  Anthropic,
  base64Source,
  ClaudeCode,
  defineRule,
  type Entry,
  type FixPlan,
  imageMediaType,
  placeholder,
  PlannedReports,
} from '../src/sdk/index.js';
import { MAX_IMAGE_BASE64 } from './image-limits.js';

export default defineRule({
  meta: {
    id: 'image-media-type',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'Every base64 image is of the type its media_type names.',
    docs: {
      detects:
        'an image whose bytes are another type than its `media_type`, or no image; a `media_removed` entry that strips a valid image',
      fix: 'safe (the media type the bytes say, or a text placeholder; drop the `media_removed` entry)',
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      mismatch:
        'Image is labelled {{declared}} but its bytes are {{actual}}; the API rejects the request ("Image does not match the provided media type {{declared}}"), and Claude Code retries without it and writes a `media_removed` entry, which strips another image on every later resume.',
      notAnImage:
        'Image data ({{declared}}) is not an image (its bytes match no PNG, JPEG, GIF or WebP signature); the API rejects the request, and Claude Code retries without it and writes a `media_removed` entry, which strips another image on every later resume.',
      stripsValid:
        "Claude Code's own `media_removed` entry makes it strip the image{{s}} of line {{target}} on every resume, although {{they}} the API takes; the image it once removed is not the one it strips now.",
    },
  },
  check(ctx) {
    const { model } = ctx;
    const { merged } = model.apiView();
    const removals = ClaudeCode.mediaRemovals(model.chain().active).filter((r) => r.media === 'image');
    const reports = new PlannedReports(ctx);
    // Every fix of a bad image also drops the media_removed entries: after it they would only strip a good image.
    const dropRemovals = (plan: FixPlan): FixPlan => {
      for (const r of removals) plan.removeEntry(r.error);
      return plan;
    };
    const badTargets = new Set<Entry>();

    for (const site of Anthropic.requestBlocks(merged, { nested: true })) {
      if (site.block.type !== 'image' || site.message.role !== 'user') continue;
      const source = base64Source(site.block);
      // Empty data and images over the size limit are image-limits' (its fix replaces the whole image).
      if (!source || typeof source.data !== 'string' || source.data === '' || source.data.length > MAX_IMAGE_BASE64)
        continue;
      const actual = imageMediaType(source.data);
      const declared = source.mediaType ?? '(none)';
      if (actual === undefined || actual === declared) continue;
      const entry = model.entryAtLine(site.line);
      if (entry) badTargets.add(entry);
      const stored = Anthropic.storedPointer(model, site);
      const at = { request: site.outer, pointer: `${site.pointer}/source/media_type` };
      if (actual === 'none') {
        const plan =
          stored &&
          dropRemovals(
            reports.plan(site.message).set(stored.entry, stored.pointer, {
              type: 'text',
              text: placeholder(`removed image data labelled ${declared} that is no image, which the API rejects`),
            }),
          );
        reports.add(
          { messageId: 'notAnImage', data: { declared }, at: { ...at, pointer: site.pointer } },
          plan && { plan, description: 'replace the data that is no image with a text placeholder' },
        );
        continue;
      }
      const plan =
        stored &&
        dropRemovals(reports.plan(site.message).set(stored.entry, `${stored.pointer}/source/media_type`, actual));
      reports.add(
        { messageId: 'mismatch', data: { declared, actual }, at },
        plan && { plan, description: `label the image ${actual}, as its bytes are` },
      );
    }

    for (const r of removals) {
      if (!r.target || badTargets.has(r.target)) continue;
      const images = imagesOf(merged, r.target.line);
      reports.add(
        {
          messageId: 'stripsValid',
          data: {
            s: images > 1 ? 's' : '',
            target: r.target.line,
            they: images > 1 ? 'they are images' : 'it is an image',
          },
          at: { entry: r.error },
          related: [{ line: r.target.line, message: 'the entry whose image Claude Code strips' }],
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

function imagesOf(merged: Parameters<typeof Anthropic.requestBlocks>[0], line: number): number {
  let n = 0;
  for (const s of Anthropic.requestBlocks(merged, { nested: true }) as Iterable<Anthropic.BlockSite>)
    if (s.line === line && s.block.type === 'image') n++;
  return n;
}
