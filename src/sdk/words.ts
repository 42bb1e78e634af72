// Words for values in rule messages, and the short hash of the ids transcript-lint makes up.
import { createHash } from 'node:crypto';
import { asText } from '../model/entries.js';

/** "an image/png", "a PDF": the indefinite article for a noun phrase. */
export const withArticle = (noun: string): string => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/** An id or name for a message: the string itself, or a short JSON rendering of whatever is there instead. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(none)';
  const json = asText(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/** A short stable hash (hex) of some strings, for ids transcript-lint makes up. */
export function shortHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}
