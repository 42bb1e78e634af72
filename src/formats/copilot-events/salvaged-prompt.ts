// A prompt whose line was cut off still holds its text: Copilot writes a user.message with `content` first, so the
// text is whole whenever the cut comes after it (a crash mid-write, NUL padding over the line's end, another write
// landing inside it). Written again as an event of its own, with `content` only (the only field Copilot needs; the
// cut transformedContent is left out), a resume sends the prompt again; without it the request opens with the
// assistant when no other prompt came before, and the API rejects it ("first message must use the user role":
// differential seeds 17, 31, 98, 137, 215).
import { serializeEvent } from './fixes.js';

/** How Copilot writes a prompt: its type, then data with the prompt's text first. */
const PROMPT_TEXT = /^\{"type":"user\.message","data":\{"content":("(?:[^"\\]|\\.)*")/;

/** The text of the prompt a cut-off user.message line starts with, when its `content` string is whole. */
export function cutPromptText(text: string): string | undefined {
  const m = PROMPT_TEXT.exec(text);
  if (!m) return undefined;
  try {
    const content = JSON.parse(m[1]!) as unknown;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

/** The prompt written again: a user.message event of `content`, in Copilot's envelope. */
export function salvagedPrompt(content: string, id: string, timestamp: unknown, parentId: unknown): string {
  return serializeEvent({
    type: 'user.message',
    data: { content },
    id,
    timestamp,
    parentId: typeof parentId === 'string' ? parentId : null,
  });
}
