// Media inside transcripts (images and PDFs held as base64): where a block's data is, sizes as Claude Code prints
// them, and the few header bytes that tell an image's pixel size or a PDF's page count, decoded without decoding
// the whole file.
import { isObject } from './entries.js';

type Obj = Record<string, unknown>;

/** The `source` of an image/document block when it is inline base64; `data` may be anything. */
export function base64Source(block: Obj): { mediaType?: string; data: unknown } | undefined {
  const source = block.source;
  if (!isObject(source) || source.type !== 'base64') return undefined;
  return { mediaType: typeof source.media_type === 'string' ? source.media_type : undefined, data: source.data };
}

/** "8MB", "5.3MB", "700KB": the way Claude Code formats a size in its image error. */
export function formatSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${trimDecimal(kb)}KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${trimDecimal(mb)}MB`;
  return `${trimDecimal(mb / 1024)}GB`;
}

function trimDecimal(n: number): string {
  return n.toFixed(1).replace(/\.0$/, '');
}

// ---------------------------------------------------------------------------------------------------------------
// Random access into base64 data: byte k lives in the 4-character group starting at char floor(k / 3) * 4, so a
// header field can be read without decoding the image. Only plain, unbroken base64 is read this way; anything else
// (a data: URL prefix, line breaks) gives "unknown" rather than a wrong answer.

const B64_HEAD = /^[A-Za-z0-9+/_-]{16}/;

export class Base64Reader {
  readonly byteLength: number;

  constructor(private readonly data: string) {
    let pad = 0;
    if (data.endsWith('==')) pad = 2;
    else if (data.endsWith('=')) pad = 1;
    this.byteLength = Math.floor((data.length * 3) / 4) - pad;
  }

  static of(data: unknown): Base64Reader | undefined {
    return typeof data === 'string' && B64_HEAD.test(data) ? new Base64Reader(data) : undefined;
  }

  /** `length` bytes from byte `start`, or undefined past the end. */
  bytes(start: number, length: number): Uint8Array | undefined {
    if (start < 0 || length < 0 || start + length > this.byteLength) return undefined;
    const c0 = Math.floor(start / 3) * 4;
    const c1 = Math.min(this.data.length, Math.ceil((start + length) / 3) * 4);
    const chunk = this.data.slice(c0, c1);
    if (/[^A-Za-z0-9+/_=-]/.test(chunk)) return undefined;
    const decoded = Buffer.from(chunk, 'base64');
    const skip = start - (c0 / 4) * 3;
    if (decoded.length < skip + length) return undefined;
    return decoded.subarray(skip, skip + length);
  }
}

export interface ImageSize {
  format: 'png' | 'jpeg' | 'gif' | 'webp';
  width: number;
  height: number;
}

const eq = (b: Uint8Array | undefined, ...want: number[]): boolean => !!b && want.every((x, i) => b[i] === x);
const ascii = (b: Uint8Array | undefined, s: string): boolean =>
  !!b && [...s].every((c, i) => b[i] === c.charCodeAt(0));

/** Pixel size from the header of a PNG, JPEG, GIF or WebP held as base64; undefined when it cannot tell. */
export function imageSize(data: unknown): ImageSize | undefined {
  const r = Base64Reader.of(data);
  if (!r) return undefined;
  const head = r.bytes(0, Math.min(30, r.byteLength));
  if (!head) return undefined;
  if (
    eq(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) &&
    head.length >= 24 &&
    ascii(head.subarray(12), 'IHDR')
  ) {
    const v = new DataView(head.buffer, head.byteOffset, head.length);
    return { format: 'png', width: v.getUint32(16), height: v.getUint32(20) };
  }
  if (ascii(head, 'GIF8') && head.length >= 10) {
    return { format: 'gif', width: head[6]! | (head[7]! << 8), height: head[8]! | (head[9]! << 8) };
  }
  if (ascii(head, 'RIFF') && ascii(head.subarray(8), 'WEBP') && head.length >= 30) return webpSize(head);
  if (eq(head, 0xff, 0xd8)) return jpegSize(r);
  return undefined;
}

function webpSize(b: Uint8Array): ImageSize | undefined {
  if (ascii(b.subarray(12), 'VP8X')) {
    return {
      format: 'webp',
      width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)),
      height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)),
    };
  }
  if (ascii(b.subarray(12), 'VP8L') && b[20] === 0x2f) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b.subarray(12), 'VP8 ') && eq(b.subarray(23), 0x9d, 0x01, 0x2a)) {
    return { format: 'webp', width: (b[26]! | (b[27]! << 8)) & 0x3fff, height: (b[28]! | (b[29]! << 8)) & 0x3fff };
  }
  return undefined;
}

/** Walks the JPEG segments (reading 4 bytes per segment header) up to the first start-of-frame marker. */
function jpegSize(r: Base64Reader): ImageSize | undefined {
  let pos = 2;
  for (let steps = 0; steps < 1024; steps++) {
    const h = r.bytes(pos, 4);
    if (h?.[0] !== 0xff) return undefined;
    const marker = h[1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image / scan data before any frame header
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      const f = r.bytes(pos + 5, 4);
      if (!f) return undefined;
      return { format: 'jpeg', height: (f[0]! << 8) | f[1]!, width: (f[2]! << 8) | f[3]! };
    }
    const len = (h[2]! << 8) | h[3]!;
    if (len < 2) return undefined;
    pos += 2 + len;
  }
  return undefined;
}

/**
 * The page count of a PDF held as base64, when the file states it in the clear: the `/Count` of its `/Pages` tree
 * (the root's is the largest), else the number of `/Type /Page` objects. Undefined when the data is over
 * `maxBase64` characters (not decoded), not a PDF, or keeps its objects in compressed object streams.
 */
export function pdfPageCount(data: unknown, maxBase64: number): number | undefined {
  if (typeof data !== 'string' || data.length === 0 || data.length > maxBase64) return undefined;
  const r = Base64Reader.of(data);
  if (!r || !ascii(r.bytes(0, 5), '%PDF-')) return undefined;
  const text = Buffer.from(data, 'base64').toString('latin1');
  let count: number | undefined;
  const pagesRe = /\/Type\s*\/Pages(?![A-Za-z0-9])/g;
  for (let m = pagesRe.exec(text); m; m = pagesRe.exec(text)) {
    const open = text.lastIndexOf('<<', m.index);
    const close = text.indexOf('>>', m.index);
    if (open === -1 || close === -1) continue;
    const c = /\/Count\s+(\d+)/.exec(text.slice(open, close));
    if (c) count = Math.max(count ?? 0, Number(c[1]));
  }
  if (count !== undefined) return count;
  const pageRe = /\/Type\s*\/Page(?![A-Za-z0-9])/g;
  let pages = 0;
  while (pageRe.exec(text)) pages++;
  return pages > 0 ? pages : undefined;
}

/** The media types the Messages API takes for images. */
export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/**
 * The image type the first bytes of base64 data say (PNG, JPEG, GIF, WebP signatures), 'none' when the data decodes
 * but starts like none of them, undefined when it cannot tell (not plain base64, too short).
 */
export function imageMediaType(data: unknown): (typeof IMAGE_MEDIA_TYPES)[number] | 'none' | undefined {
  const r = Base64Reader.of(data);
  if (!r) return undefined;
  const head = r.bytes(0, Math.min(12, r.byteLength));
  if (!head || head.length < 4) return undefined;
  if (eq(head, 0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (eq(head, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'image/gif';
  if (ascii(head, 'RIFF') && head.length >= 12 && ascii(head.subarray(8), 'WEBP')) return 'image/webp';
  return 'none';
}

/**
 * What the API says of a PDF held as base64 (the checks behind "The PDF specified was not valid." and "... is password
 * protected."): no `%PDF-` in its first 1024 bytes, or an `/Encrypt` entry. Undefined when it looks fine, or when the
 * data is over `maxBase64` characters (not decoded) or not plain base64.
 */
export function pdfProblem(data: unknown, maxBase64: number): 'not-pdf' | 'encrypted' | undefined {
  if (typeof data !== 'string' || data.length === 0 || data.length > maxBase64) return undefined;
  const r = Base64Reader.of(data);
  if (!r) return undefined;
  const head = r.bytes(0, Math.min(1024, r.byteLength));
  if (!head) return undefined;
  if (!Buffer.from(head).toString('latin1').includes('%PDF-')) return 'not-pdf';
  return /\/Encrypt(?![A-Za-z0-9])/.test(Buffer.from(data, 'base64').toString('latin1')) ? 'encrypted' : undefined;
}
