// image-limits: images the API refuses, on every request that carries them (api-errors.md E12): over 5 MB of base64
// (Claude Code 2.1.332 refuses locally before sending, on every resume: claude-code-observed.md), empty, over 8000 px,
// over 2000 px when the request holds more than 20 images, more than 100 images. Images inside tool_result content
// count. Pixel sizes come from the image header (PNG, JPEG, GIF, WebP); only those few bytes are decoded.
import {
  Anthropic,
  base64Source,
  defineRule,
  formatSize,
  imageSize,
  placeholder,
  PlannedReports,
  withArticle,
} from '../src/sdk/index.js';

/** Claude Code's and the API's per-image limit, measured on the base64 string (apiLimits.ts). */
export const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
export const MAX_IMAGE_PX = 8000;
export const MANY_IMAGES = 20;
export const MANY_IMAGES_MAX_PX = 2000;
export const MAX_IMAGES = 100;

export default defineRule({
  meta: {
    id: 'image-limits',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description:
      'Images are within the API limits: 5 MB of base64, not empty, 8000 px (2000 px past 20 images), 100 per request.',
    docs: {
      detects: 'a base64 image over 5 MB, an empty image, over 100 images (api), over 8000 px',
      fix: 'safe (text placeholder)',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: {
      tooLarge:
        'Image is {{size}} of base64, over the 5 MB limit; Claude Code refuses to send the session on every resume: "Image base64 size ({{size}}) exceeds API limit (5MB). Please resize the image before sending."',
      empty: 'Image has no data; the API rejects every request that carries it: "image cannot be empty".',
      tooManyPixels:
        'Image is {{width}}x{{height}} px, over the API limit of 8000 px per side; the API rejects every request that carries it.',
      manyImagesPixels:
        'Image is {{width}}x{{height}} px in a request holding {{count}} images; the API rejects it: "At least one of the image dimensions exceed max allowed size for many-image requests: 2000 pixels".',
      tooMany: 'The request holds {{count}} images, over the API limit of 100 per request; the API rejects it.',
    },
  },
  check(ctx) {
    const images: Anthropic.BlockSite[] = [];
    for (const site of Anthropic.requestBlocks(ctx.model.apiView().merged, { nested: true })) {
      if (site.block.type === 'image' && site.message.role === 'user') images.push(site);
    }
    const at = (s: Anthropic.BlockSite) => ({ request: s.outer, pointer: s.pointer });
    // Each image the API refuses is replaced by a text placeholder saying what was there; one fix per message.
    const reports = new PlannedReports(ctx);
    type Report = Parameters<typeof reports.add>[0];
    const flag = (site: Anthropic.BlockSite, descriptor: Report, what: string): void => {
      const stored = Anthropic.storedPointer(ctx.model, site);
      const plan =
        stored &&
        reports.plan(site.message).set(stored.entry, stored.pointer, { type: 'text', text: placeholder(what) });
      reports.add(descriptor, plan && { plan, description: 'replace the image with a text placeholder' });
    };

    for (const site of images) {
      const source = base64Source(site.block);
      if (!source) continue; // url and file sources are fetched by the API
      const { data } = source;
      const image = source.mediaType ?? 'image';
      if (typeof data !== 'string' || data === '') {
        flag(
          site,
          { messageId: 'empty', at: at(site) },
          `removed ${withArticle(`empty ${image}`)} (no data), which the API rejects`,
        );
        continue;
      }
      if (data.length > MAX_IMAGE_BASE64) {
        const size = formatSize(data.length);
        flag(
          site,
          { messageId: 'tooLarge', data: { size }, at: at(site) },
          `removed ${withArticle(image)} of ${size} (base64) that is over the API's 5 MB limit`,
        );
        continue;
      }
      const size = imageSize(data);
      if (!size) continue;
      const px = { width: size.width, height: size.height };
      const dims = `${size.width}x${size.height} px`;
      if (size.width > MAX_IMAGE_PX || size.height > MAX_IMAGE_PX) {
        flag(
          site,
          { messageId: 'tooManyPixels', data: px, at: at(site) },
          `removed ${withArticle(image)} of ${dims} that is over the API's 8000 px limit`,
        );
      } else if (images.length > MANY_IMAGES && (size.width > MANY_IMAGES_MAX_PX || size.height > MANY_IMAGES_MAX_PX)) {
        flag(
          site,
          { messageId: 'manyImagesPixels', data: { ...px, count: images.length }, at: at(site) },
          `removed ${withArticle(image)} of ${dims} that is over the API's 2000 px limit for requests of more than 20 images`,
        );
      }
    }

    // Claude Code drops the oldest images past 100 itself (stripExcessMediaItems); a plain request is rejected.
    // No fix: which images to give up is the user's choice.
    if (ctx.target !== 'claude-code' && images.length > MAX_IMAGES) {
      const first = images[MAX_IMAGES]!;
      reports.add({
        messageId: 'tooMany',
        data: { count: images.length },
        at: at(first),
        related: [{ line: images[0]!.line, message: 'the first image of the request' }],
      });
    }
    reports.send();
  },
});
