// codex/record-size: nothing Codex sends is over the Responses API's limits: 10,485,760 characters for one string,
// 20 MB for one image, 50 MB of images and 500 images per request. Codex cuts tool output down to its prompt budget
// (48,000 bytes) and replaces an image it cannot decode by a notice, but sends a huge user message or a huge valid
// image as it is, and the API rejects the request. As a raw Responses input, tool output is not cut either.
import { Codex, defineRule, placeholder } from '../../src/sdk/index.js';

const RULE_ID = 'codex/record-size';
type Obj = Record<string, unknown>;

const TEXT_PARTS = new Set(['input_text', 'output_text']);

/** Bytes in decimal megabytes, as the API's documentation counts them: "20.3 MB". */
const formatSize = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

const imageBytes = (url: unknown): number | undefined => {
  const b64 = Codex.dataUrlBase64(url);
  return b64 === undefined ? undefined : Math.floor((b64.replace(/=+$/, '').length * 3) / 4);
};

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'No string Codex sends is over 10,485,760 characters, no image over 20 MB, and a request holds at most 500 images and 50 MB of them.',
    docs: {
      detects:
        'message text over 10 MiB, an image over 20 MB or past the per-request limits, an image Codex cannot decode; tool output over 10 MiB (openai-responses)',
      fix: 'unsafe (middle-truncate the text in Codex’s own shape, replace the image by a text naming what was removed); safe (Codex’s notice for an image it cannot decode)',
      severity: { codex: 'error / warn (an image Codex replaces by its notice)' },
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      text: 'A {{role}} message holds {{length}} characters of text: Codex sends it whole (it cuts tool output, not messages), and the API rejects the request ("Invalid \'input[{{index}}].content[{{part}}].text\': string too long. Expected a string with maximum length 10485760, but got a string with length {{length}} instead.").',
      output:
        'The output of {{label}} holds {{length}} characters: over the 10,485,760 the API takes for one string (Codex itself cuts it to 48,000 bytes; as a raw input it is sent whole).',
      image:
        'An image of {{size}} in {{label}}: over the API’s 20 MB per image; Codex sends it as it is, and the API rejects the request.',
      tooManyImages:
        'Image {{count}} of the request in {{label}}: over the API’s {{limit}} images per request; Codex sends them all, and the API rejects the request.',
      imageTotal:
        'With the image in {{label}} the request holds {{size}} of images: over the API’s 50 MB per request; Codex sends them all, and the API rejects the request.',
      undecodable:
        'The image in {{label}} is no image Codex can decode: it sends "image content omitted because it could not be processed" in its place; sent as it is, the API rejects it.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const raw = ctx.target === 'openai-responses';
    const resume = model.resume();
    let images = 0;
    let total = 0;
    for (const h of resume.history) {
      const stored = Codex.storedRecord(model, h);
      const label = Codex.itemLabel(h.item);
      const at = Codex.siteOf(h);
      const index = Codex.inputIndex(resume, h) ?? '?';
      const parts: { part: Obj; pointer: string; inOutput: boolean }[] = [];
      if (h.item.type === 'message' && Array.isArray(h.item.content))
        for (const [k, part] of h.item.content.entries())
          if (Codex.isObj(part)) parts.push({ part, pointer: `${h.pointer}/content/${k}`, inOutput: false });
      if (Codex.isOutputType(h.item.type)) {
        const out = h.item.output;
        if (typeof out === 'string' && raw && out.length > Codex.API_LIMITS.stringChars)
          ctx.report({
            messageId: 'output',
            at,
            data: { label, length: out.length },
            fix: stored
              ? new Codex.CodexFix(model, RULE_ID)
                  .set(stored, `${h.pointer}/output`, Codex.truncateMiddle(out, Codex.TOOL_OUTPUT_BUDGET_BYTES), {
                    original_length: out.length,
                  })
                  .fix('unsafe', 'cut the output to what Codex sends (48,000 bytes, its middle elided)')
              : undefined,
          });
        if (Array.isArray(out))
          for (const [k, part] of out.entries())
            if (Codex.isObj(part)) parts.push({ part, pointer: `${h.pointer}/output/${k}`, inOutput: true });
      }
      for (const { part, pointer, inOutput } of parts) {
        const edit = (value: unknown, fields: Obj) =>
          stored ? new Codex.CodexFix(model, RULE_ID).set(stored, pointer, value, fields) : undefined;
        if (TEXT_PARTS.has(part.type as string) && typeof part.text === 'string') {
          const length = part.text.length;
          if (length <= Codex.API_LIMITS.stringChars) continue;
          if (inOutput && !raw) continue;
          const cut = { ...part, text: Codex.truncateMiddle(part.text, Codex.TOOL_OUTPUT_BUDGET_BYTES) };
          const fix = edit(cut, { original_length: length })?.fix(
            'unsafe',
            'middle-truncate the text the way Codex cuts tool output',
          );
          if (inOutput) ctx.report({ messageId: 'output', at, data: { label, length }, fix });
          else
            ctx.report({
              messageId: 'text',
              at,
              data: { role: String(h.item.role), length, index, part: pointer.slice(pointer.lastIndexOf('/') + 1) },
              fix,
            });
          continue;
        }
        if (part.type !== 'input_image') continue;
        const bytes = imageBytes(part.image_url);
        if (bytes === undefined) continue;
        if (inOutput && Codex.undecodableImage(part.image_url)) {
          ctx.report({
            messageId: 'undecodable',
            at,
            severity: raw ? 'error' : 'warn',
            data: { label },
            fix: edit({ type: 'input_text', text: Codex.IMAGE_OMITTED }, {})?.fix(
              'safe',
              'write the notice Codex sends in place of the image',
            ),
          });
          continue;
        }
        images++;
        total += bytes;
        const removed = (why: string) =>
          edit({ type: 'input_text', text: placeholder(`image removed: ${formatSize(bytes)}, ${why}`) }, {})?.fix(
            'unsafe',
            'replace the image by a text saying what was removed',
          );
        if (bytes > Codex.API_LIMITS.imageBytes)
          ctx.report({
            messageId: 'image',
            at,
            data: { size: formatSize(bytes), label },
            fix: removed('over the API’s 20 MB per image'),
          });
        else if (images > Codex.API_LIMITS.images)
          ctx.report({
            messageId: 'tooManyImages',
            at,
            data: { count: images, limit: Codex.API_LIMITS.images, label },
            fix: removed('over the API’s 500 images per request'),
          });
        else if (total > Codex.API_LIMITS.requestImageBytes)
          ctx.report({
            messageId: 'imageTotal',
            at,
            data: { size: formatSize(total), label },
            fix: removed('over the API’s 50 MB of images per request'),
          });
      }
    }
  },
});
