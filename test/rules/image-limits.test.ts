import rule from '../../rules/image-limits.js';
import { image, text, toolResult, toolUse, transcript, fixed, type EditableEntry } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Json = EditableEntry;
const note = (what: string): Json => ({ type: 'text', text: `[transcript-lint: removed ${what}]` });
/** The prompt (line 1) with block `i` replaced by the placeholder. */
const inPrompt = (source: string, i: number, what: string): string =>
  fixed(source, { 1: (e) => void (e.message.content[i] = note(what)) });

type Block = Record<string, unknown>;

const b64 = (bytes: number[]): string => Buffer.from(bytes).toString('base64');
const u32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16le = (n: number): number[] => [n & 255, (n >>> 8) & 255];
const u24le = (n: number): number[] => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The first bytes of a PNG: signature and IHDR; that is all the rule reads. */
const png = (w: number, h: number): string =>
  b64([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32(13),
    ...ascii('IHDR'),
    ...u32(w),
    ...u32(h),
    8,
    6,
    0,
    0,
    0,
    1,
    2,
    3,
    4,
  ]);
/** A JPEG with an APP0 segment and an EXIF-sized APP1 segment before the SOF0 frame header. */
const jpeg = (w: number, h: number): string => {
  const app1 = new Array<number>(3000).fill(0x41);
  return b64([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    ...ascii('JFIF'),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xe1,
    ...[(app1.length + 2) >> 8, (app1.length + 2) & 255],
    ...app1,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xda,
  ]);
};
const gif = (w: number, h: number): string =>
  b64([...ascii('GIF89a'), ...u16le(w), ...u16le(h), 0xf7, 0, 0, 1, 2, 3, 4, 5, 6]);
const webp = (w: number, h: number): string =>
  b64([
    ...ascii('RIFF'),
    0,
    0,
    0,
    0,
    ...ascii('WEBP'),
    ...ascii('VP8X'),
    10,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...u24le(w - 1),
    ...u24le(h - 1),
    1,
    2,
  ]);

function prompt(blocks: Block[]): string {
  const t = transcript();
  t.user([text('look'), ...blocks]);
  t.assistant([text('Seen.')]);
  return t.toString();
}

function inResult(blocks: Block[]): string {
  const t = transcript();
  t.user('take a screenshot');
  t.assistant([toolUse('toolu_1', 'Screenshot')]);
  t.user([toolResult('toolu_1', [text('shot'), ...blocks])]);
  t.assistant([text('Seen.')]);
  return t.toString();
}

const big = image('A'.repeat(8 * 1024 * 1024), 'image/png');
const many = (n: number, extra: Block[] = []): Block[] => [
  ...Array.from({ length: n }, () => image(png(100, 100))),
  ...extra,
];

// An oversized image on an abandoned branch is never sent.
const offChain = transcript();
const root = offChain.user('hi');
offChain.user([big]);
offChain.from(root).assistant([text('Hi.')]);
offChain.lastPrompt();

const t = {
  big: prompt([big]),
  bigInResult: inResult([big]),
  empty: prompt([image('')]),
  many: prompt(many(20, [image(jpeg(2500, 1400), 'image/jpeg')])),
  tooMany: prompt(many(101)),
  two: prompt([image(''), image(png(9000, 9000)), image(png(10, 10))]),
};

runRuleTests(rule, {
  valid: [
    {
      name: 'small images of each format',
      text: prompt([
        image(png(1920, 1080)),
        image(jpeg(4000, 3000), 'image/jpeg'),
        image(gif(10, 10), 'image/gif'),
        image(webp(8000, 8000), 'image/webp'),
      ]),
    },
    { name: 'an image in a tool_result', text: inResult([image(png(1568, 980))]) },
    {
      name: 'url and file sources are not inline data',
      text: prompt([
        { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
        { type: 'image', source: { type: 'file', file_id: 'file_1' } },
      ]),
    },
    {
      name: 'data that is not an image header tells nothing',
      text: prompt([image('aGVsbG8gd29ybGQsIHRoaXMgaXMgbm90IGFuIGltYWdl')]),
    },
    { name: 'an oversized image on an abandoned branch', text: offChain.toString() },
    { name: 'claude-code: over 100 images (Claude Code drops the oldest itself)', text: prompt(many(101)) },
    { name: 'api: exactly 100 images', text: prompt(many(100)), target: 'api' },
    {
      name: 'api: 2000 px is fine in a request of 20 images',
      text: prompt(many(19, [image(png(2000, 8000))])),
      target: 'api',
    },
  ],
  invalid: [
    {
      name: 'an 8 MB image in a prompt',
      text: t.big,
      errors: [
        {
          messageId: 'tooLarge',
          line: 1,
          blockIndex: 1,
          severity: 'error',
          messageIncludes: 'Image base64 size (8MB) exceeds API limit (5MB)',
        },
      ],
      output: inPrompt(t.big, 1, "an image/png of 8MB (base64) that is over the API's 5 MB limit"),
    },
    {
      name: 'an 8 MB image inside a tool_result',
      text: t.bigInResult,
      errors: [{ messageId: 'tooLarge', line: 3, blockIndex: 0 }],
      output: fixed(t.bigInResult, {
        3: (e) =>
          void (e.message.content[0].content[1] = note(
            "an image/png of 8MB (base64) that is over the API's 5 MB limit",
          )),
      }),
    },
    {
      name: 'an empty image',
      text: t.empty,
      errors: [{ messageId: 'empty', line: 1, blockIndex: 1, messageIncludes: 'image cannot be empty' }],
      output: inPrompt(t.empty, 1, 'an empty image/png (no data), which the API rejects'),
    },
    {
      name: 'two bad images in one prompt are replaced in one pass',
      text: t.two,
      errors: [
        { messageId: 'empty', line: 1, blockIndex: 1 },
        { messageId: 'tooManyPixels', line: 1, blockIndex: 2 },
      ],
      output: fixed(t.two, {
        1: (e) => {
          e.message.content[1] = note('an empty image/png (no data), which the API rejects');
          e.message.content[2] = note("an image/png of 9000x9000 px that is over the API's 8000 px limit");
        },
      }),
    },
    ...(
      [
        ['PNG', image(png(9000, 100)), '9000x100'],
        ['JPEG (frame header after an APP1 segment)', image(jpeg(100, 8001), 'image/jpeg'), '100x8001'],
        ['GIF', image(gif(8500, 10), 'image/gif'), '8500x10'],
        ['WebP', image(webp(8001, 10), 'image/webp'), '8001x10'],
      ] as const
    ).map(([format, block, size]) => {
      const source = prompt([image(png(10, 10)), block]);
      const mediaType = (block.source as Json).media_type as string;
      return {
        name: `over 8000 px, read from the ${format} header`,
        text: source,
        errors: [{ messageId: 'tooManyPixels', line: 1, blockIndex: 2, messageIncludes: size }],
        output: inPrompt(source, 2, `an ${mediaType} of ${size} px that is over the API's 8000 px limit`),
      };
    }),
    {
      name: 'over 2000 px in a request of more than 20 images',
      text: t.many,
      errors: [
        {
          messageId: 'manyImagesPixels',
          line: 1,
          blockIndex: 21,
          messageIncludes: '2500x1400 px in a request holding 21 images',
        },
      ],
      output: inPrompt(
        t.many,
        21,
        "an image/jpeg of 2500x1400 px that is over the API's 2000 px limit for requests of more than 20 images",
      ),
    },
    {
      name: 'api: more than 100 images',
      target: 'api',
      text: t.tooMany,
      errors: [{ messageId: 'tooMany', line: 1, blockIndex: 101, severity: 'error', messageIncludes: '101 images' }],
      // Which images to give up is the user's choice: no fix.
      output: null,
    },
  ],
});
