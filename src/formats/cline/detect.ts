// Recognising a Cline or Roo Code task history: the file is named `api_conversation_history.json` (both tools'
// GlobalFileNames) and holds a JSON array of Anthropic messages with the tools' own extra fields. Which of the two
// wrote it is told by the fields only one of them writes (Cline's `modelInfo`/`metrics`/`call_id`, Roo's condense and
// reasoning fields), else by `ts` on a history without `modelInfo` (Roo has stamped every message since Dec 2024;
// Cline adds `modelInfo` to every reply since 3.37, `ts` only since 3.67); a history with neither is Cline's. Both
// formats' detect read this one classification, so they never both claim a file.
import type { Sample } from '../sample.js';

export type Flavour = 'cline' | 'roo';

/** The name both tools give the history (their `GlobalFileNames.apiConversationHistory`). */
export const HISTORY_FILE = 'api_conversation_history.json';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Keys only Cline writes on a stored message (ClineStorageMessage). */
const CLINE_MESSAGE_KEYS = ['modelInfo', 'metrics'];
/** Keys only Roo writes on a stored message (ApiMessage). */
const ROO_MESSAGE_KEYS = [
  'isSummary',
  'condenseId',
  'condenseParent',
  'truncationId',
  'truncationParent',
  'isTruncationMarker',
  'reasoning_content',
  'encrypted_content',
];
/** Content blocks only Roo stores: its internal reasoning and Gemini's thought signature. */
const ROO_BLOCK_TYPES = new Set(['reasoning', 'thoughtSignature']);

/** An element of a history: a message of either role, or Roo's standalone reasoning item (no role). */
function isHistoryItem(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) return false;
  if (v.role === 'user' || v.role === 'assistant') return Object.hasOwn(v, 'content');
  return v.type === 'reasoning' && !Object.hasOwn(v, 'role');
}

/** Which tool wrote a history whose elements are all history items. */
export function flavourOf(items: readonly Record<string, unknown>[]): Flavour {
  let stamped = false;
  let replies = false;
  for (const m of items) {
    if (CLINE_MESSAGE_KEYS.some((k) => Object.hasOwn(m, k))) return 'cline';
    if (ROO_MESSAGE_KEYS.some((k) => Object.hasOwn(m, k)) || m.type === 'reasoning') return 'roo';
    if (Array.isArray(m.content)) {
      for (const b of m.content) {
        if (!isObject(b)) continue;
        if (Object.hasOwn(b, 'call_id')) return 'cline';
        if (typeof b.type === 'string' && ROO_BLOCK_TYPES.has(b.type)) return 'roo';
      }
    }
    stamped ||= typeof m.ts === 'number';
    replies ||= m.role === 'assistant';
  }
  return stamped && replies ? 'roo' : 'cline';
}

const cache = new WeakMap<Sample, Flavour | null>();

/**
 * The tool whose history the sample is, or undefined. The name must be the history's; the text must be a JSON
 * array of history items, or (torn, say) start like one: a damaged history is still the tool's, for valid-json.
 */
export function historyFlavour(sample: Sample): Flavour | undefined {
  let found = cache.get(sample);
  if (found === undefined) {
    found = classify(sample) ?? null;
    cache.set(sample, found);
  }
  return found ?? undefined;
}

function classify(sample: Sample): Flavour | undefined {
  if (sample.name !== HISTORY_FILE) return undefined;
  const first = sample.line(0);
  if (first === undefined || !first.startsWith('[')) return undefined;
  const whole = sample.document();
  if (!whole.ok) return flavourOfText(sample);
  const v = whole.value;
  if (!Array.isArray(v) || !v.every(isHistoryItem)) return undefined;
  return flavourOf(v);
}

/** The same decision for a history that does not parse (torn, say), from the keys its text quotes. */
function flavourOfText(sample: Sample): Flavour {
  let text = '';
  for (let i = 0; sample.line(i) !== undefined; i++) text += sample.line(i);
  const quotes = (key: string): boolean => text.includes(`"${key}":`);
  if (CLINE_MESSAGE_KEYS.some(quotes) || quotes('call_id')) return 'cline';
  if (ROO_MESSAGE_KEYS.some(quotes) || /"type":\s*"(?:reasoning|thoughtSignature)"/.test(text)) return 'roo';
  return quotes('ts') && /"role":\s*"assistant"/.test(text) ? 'roo' : 'cline';
}
