// Two processes writing one session at once (two terminals resumed it): each chains its own events by parentId, so
// from the event both resumed after, the file's tail is two (or more) chains whose lines interleave. Recorded with
// Copilot CLI 1.0.102: both `session.resume` events name the last event before them as their parent, and every later
// event names the one its own process wrote before it.
import type { CopilotEvent } from './events.js';
import { appendTo } from '../../model/arrays.js';

/**
 * The chains of the writers that forked at one event, each in file order (the first chain is the one whose first
 * event comes first), or undefined when no two events name one parent or an event after the fork names a parent
 * outside it (then the writers cannot be told apart).
 */
export function writerChains(events: readonly CopilotEvent[]): CopilotEvent[][] | undefined {
  const byParent = new Map<string, CopilotEvent[]>();
  for (const e of events) {
    if (typeof e.parentId !== 'string') continue;
    appendTo(byParent, e.parentId, e);
  }
  const fork = events.find((e) => e.id !== undefined && (byParent.get(e.id)?.length ?? 0) > 1);
  if (!fork) return undefined;
  const chainOf = new Map<string, CopilotEvent[]>();
  const chains: CopilotEvent[][] = [];
  for (const e of events) {
    if (e.line <= fork.line) continue;
    let chain: CopilotEvent[] | undefined;
    if (e.parentId === fork.id) {
      chain = [];
      chains.push(chain);
    } else chain = typeof e.parentId === 'string' ? chainOf.get(e.parentId) : undefined;
    if (!chain) return undefined;
    chain.push(e);
    if (e.id !== undefined) {
      if (chainOf.has(e.id)) return undefined;
      chainOf.set(e.id, chain);
    }
  }
  return chains.length > 1 ? chains : undefined;
}
