// split-assistant-message's subagent parts: a subagent's part mixed into the main file that shares its message.id
// with a main-conversation response (recorded item 14a).
import { assistantMessageId, type Entry, reachesMainConversation, type TranscriptModel } from '../../src/sdk/index.js';

/** Per shared id, the main conversation's first part and the subagent's parts, in file order. */
export function sidechainParts(model: TranscriptModel): Map<string, { main: Entry; parts: Entry[] }> {
  const chain = model.chain();
  const { entries } = model;
  const mainPartsById = new Map<string, Entry>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const id = assistantMessageId(e);
    if (id !== undefined && !e.isSidechain && !model.isShadowed(e) && !mainPartsById.has(id)) mainPartsById.set(id, e);
  }
  // A main-conversation entry flagged isSidechain (its parents reach the main conversation) is not a subagent's:
  // that is main-chain-not-sidechain's.
  const out = new Map<string, { main: Entry; parts: Entry[] }>();
  const memo = new Map<Entry, boolean>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const id = assistantMessageId(e);
    if (id === undefined || !e.isSidechain || model.isShadowed(e) || !mainPartsById.has(id)) continue;
    if (reachesMainConversation(e, chain, memo)) continue;
    const found = out.get(id);
    if (found) found.parts.push(e);
    else out.set(id, { main: mainPartsById.get(id)!, parts: [e] });
  }
  return out;
}
