// Another session's events mixed into an events.jsonl without its session.start: a second writer appending lines of
// another session while this one kept writing (differential seeds 68 and 78: Copilot CLI 1.0.102 sent the
// other session's answers as part of this one). Copilot chains every event to the one its process wrote before it,
// so such events form chains whose first event names a parent no event of the file holds, while this session's own
// chain goes on across them: a later event names a parent written before that first event. A block of lines deleted
// by hand leaves a dangling parent too, but nothing after it reaches back across it.
import type { CopilotEvent } from './events.js';
import type { CopilotModel } from './model.js';

/** A chain of another writer's events: its first event (whose parent the file does not hold) and all of them. */
export interface ForeignChain {
  root: CopilotEvent;
  events: CopilotEvent[];
  /** The first event of this session's own chain that goes on across the chain. */
  crossing: CopilotEvent;
}

/**
 * The chains whose root names a parent held by no event and by no damaged line (`inDamaged`: another rule repairs
 * those), and that this session's own chain crosses. Each event goes with the chain of its parent.
 */
export function foreignChains(events: readonly CopilotEvent[], inDamaged: (id: string) => boolean): ForeignChain[] {
  const ids = new Set(events.map((e) => e.id).filter((id): id is string => id !== undefined));
  const lineOf = new Map<string, number>();
  for (const e of events) if (e.id !== undefined && !lineOf.has(e.id)) lineOf.set(e.id, e.line);
  const chainOfId = new Map<string, ForeignChain>();
  const chains: ForeignChain[] = [];
  const crossed = new Map<ForeignChain, CopilotEvent>();
  for (const e of events) {
    const parent = e.parentId;
    let chain = typeof parent === 'string' ? chainOfId.get(parent) : undefined;
    if (!chain && typeof parent === 'string' && !ids.has(parent) && !inDamaged(parent)) {
      chain = { root: e, events: [], crossing: e };
      chains.push(chain);
    }
    if (chain) {
      chain.events.push(e);
      if (e.id !== undefined && !chainOfId.has(e.id)) chainOfId.set(e.id, chain);
      continue;
    }
    // An event of another chain: it crosses every open chain that started after its parent.
    const parentLine = typeof parent === 'string' ? lineOf.get(parent) : undefined;
    if (parentLine === undefined) continue;
    for (const c of chains) if (c.root.line > parentLine && c.root.line < e.line && !crossed.has(c)) crossed.set(c, e);
  }
  return chains.filter((c) => crossed.has(c)).map((c) => ({ ...c, crossing: crossed.get(c)! }));
}

/** Whether a line too damaged to read as an event (valid-json's and its kin's to repair) mentions the text. */
export function inDamagedLine(model: CopilotModel, text: string): boolean {
  for (const [line, framing] of model.framing()) {
    if (framing.kind === 'blank' || framing.kind === 'separator') continue;
    if (model.text(line).includes(text)) return true;
  }
  return false;
}

/** The file's foreign chains (foreignChains), a parent in a damaged line not counting as missing. */
export function foreignChainsOf(model: CopilotModel): ForeignChain[] {
  return foreignChains(model.events, (id) => inDamagedLine(model, id));
}
