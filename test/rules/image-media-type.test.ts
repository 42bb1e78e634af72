import { describe, expect, it } from 'vitest';
import rule from '../../rules/image-media-type.js';
import { fixed, image, text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

// The 16x16 PNG of recording "image" (its first bytes are what the rule reads).
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR4nGP4z8BAEiJN9aiGUQ1DSgMAkPn/Afnh+ngAAAAASUVORK5CYII=';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString('base64');
const GIF = Buffer.from(`GIF89a${'\x01\x00'.repeat(12)}`, 'latin1').toString('base64');
const NOT_AN_IMAGE = Buffer.from('hello, not an image').toString('base64');

/** A Read whose result holds the image (line 3). */
const read = (data: string, mediaType: string) => {
  const t = transcript();
  t.user('look at the picture'); // 1
  t.assistant([toolUse('toolu_I1', 'Read', { file_path: '/tmp/p.png' })]); // 2
  t.user([toolResult('toolu_I1', [image(data, mediaType)])]); // 3
  t.assistant([text('A red square.')]); // 4
  return t.toString();
};
const relabelled = (source: string, to: string) =>
  fixed(source, {
    3: (e) => {
      e.message.content[0].content[0].source.media_type = to;
    },
  });

const mislabelled = read(PNG, 'image/jpeg');
const notImage = read(NOT_AN_IMAGE, 'image/png');

// Item 12e: Claude Code's `media_removed` entry (line 5) strips, on every resume, the nearest image above it (line
// 3), a valid one here.
const healed = (() => {
  const t = transcript();
  t.user('look'); // 1
  t.assistant([toolUse('toolu_I1', 'Read')]); // 2
  t.user([toolResult('toolu_I1', [image(PNG, 'image/png')])]); // 3
  t.assistant([text('A red square.')]); // 4
  t.assistant([text('API Error: 400 ... Image does not match the provided media type image/jpeg')], {
    extra: { isApiErrorMessage: true, apiError: 'media_removed', apiErrorParams: { media: 'image' } },
  }); // 5
  t.assistant([toolUse('toolu_I2', 'Read')]); // 6
  t.user([toolResult('toolu_I2', [image(PNG, 'image/png')])]); // 7
  t.assistant([text('Again.')]); // 8
  return t.toString();
})();
const healedSynthetic = healed
  .split('\n')
  .map((l, i) => (i === 4 ? l.replace('"model":"claude-opus-5-5"', '"model":"<synthetic>"') : l))
  .join('\n');

runRuleTests(rule, {
  valid: [
    { name: 'a PNG labelled image/png', text: read(PNG, 'image/png') },
    { name: 'a JPEG labelled image/jpeg', text: read(JPEG, 'image/jpeg') },
    { name: 'empty data (image-limits)', text: read('', 'image/png') },
  ],
  invalid: [
    {
      name: 'a PNG labelled image/jpeg (item 12a)',
      text: mislabelled,
      errors: [{ messageId: 'mismatch', line: 3, severity: 'warn', messageIncludes: 'its bytes are image/png' }],
      output: relabelled(mislabelled, 'image/png'),
    },
    {
      name: 'a GIF labelled image/png; api target: an error',
      text: read(GIF, 'image/png'),
      target: 'api',
      errors: [{ messageId: 'mismatch', line: 3, severity: 'error' }],
      output: relabelled(read(GIF, 'image/png'), 'image/gif'),
    },
    {
      name: 'bytes that are no image (item 12c): a text placeholder',
      text: notImage,
      errors: [{ messageId: 'notAnImage', line: 3 }],
      output: fixed(notImage, {
        3: (e) => {
          e.message.content[0].content[0] = {
            type: 'text',
            text: '[transcript-lint: removed image data labelled image/png that is no image, which the API rejects]',
          };
        },
      }),
    },
    {
      name: "Claude Code's media_removed entry strips a valid image (item 12e): removed",
      text: healedSynthetic,
      errors: [{ messageId: 'stripsValid', line: 5, messageIncludes: 'the image of line 3' }],
      output: fixed(healedSynthetic, {
        5: null,
        6: (e) => {
          e.parentUuid = JSON.parse(healedSynthetic.split('\n')[3]!).uuid;
        },
      }),
    },
  ],
});

describe('image-media-type on the recorded items (A12)', () => {
  const lint = (name: string) => lintWith(rule, itemText(recordedItem(name))).result.diagnostics;
  it('12a: the mislabelled Read result', () => {
    expect(lint('12a').map((d) => [d.line, d.messageId])).toEqual([[25, 'mismatch']]);
  });
  it('12c: bytes that are no image', () => {
    expect(lint('12c').map((d) => [d.line, d.messageId])).toEqual([[25, 'notAnImage']]);
  });
  it('the unmutated recording is clean', () => {
    expect(lintWith(rule, itemText({ ...recordedItem('12a'), patch: [] })).result.diagnostics).toEqual([]);
  });
});
