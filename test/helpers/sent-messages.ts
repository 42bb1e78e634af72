// What Claude Code sent, as our export is compared with it: the messages of a recorded request, without the
// cache_control marks Claude Code adds per request (they are not part of what a session stores).
import { readFileSync } from 'node:fs';
import { exportRequest } from '../../src/index.js';

export interface Message {
  role: string;
  content: unknown;
}

export const stripCacheControl = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(stripCacheControl)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== 'cache_control')
            .map(([k, x]) => [k, stripCacheControl(x)]),
        )
      : v;

/** The messages without Claude Code's system messages (reminders it writes fresh on each resume). */
export const withoutSystem = (messages: readonly Message[]): Message[] => messages.filter((m) => m.role !== 'system');

const NO_RESPONSE = 'No response requested.';

/** Our export of a Claude Code session as compared with a recorded request: no system messages, no cache marks. */
export const exportedConversation = (file: string, data: Uint8Array): Message[] =>
  stripCacheControl(withoutSystem((exportRequest(file, data) as { messages: Message[] }).messages)) as Message[];

/** The history as compared: no system messages, and no "No response requested." Claude Code adds on resume. */
export const conversation = (messages: readonly Message[]): Message[] =>
  messages.filter(
    (m) =>
      m.role !== 'system' && !(Array.isArray(m.content) && m.content.length === 1 && m.content[0].text === NO_RESPONSE),
  );

/** A recorded request's conversation without its last user message, the resume prompt "continue" (checked). */
export function recordedConversation(requestFile: string): Message[] {
  const { messages } = JSON.parse(readFileSync(requestFile, 'utf8')) as { messages: Message[] };
  const history = conversation(messages);
  const last = JSON.stringify(history.at(-1)?.content);
  if (!last?.includes('"continue"')) throw new Error(`${requestFile}: its last message is not the resume prompt`);
  return history.slice(0, -1);
}
