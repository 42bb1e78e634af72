// Text to bytes and back, and the repository's root, for the tests that redefined them each.
import path from 'node:path';

/** The folder holding package.json. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** UTF-8 bytes of a text. */
export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The text of UTF-8 bytes, a byte order mark kept as U+FEFF (what a fix wrote, byte for byte). */
export const dec = (b: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
