// copilot/session-structure: the session reads as Copilot CLI writes one. It starts with session.start (the only
// event Copilot cannot do without: with none, resume fails; out of place, Copilot's recovery moves it and rewrites
// the file), whose sessionId is the folder's name (Copilot resumes by folder, but prints the event's id as the one
// to resume with); each event's parentId is the id of the event before it; no line is there twice, no id is used
// twice; a session.shutdown is followed by a session.resume or by nothing, and there is one session.start. Copilot
// 1.0.102 itself ignores the chain, duplicates and the shutdown balance; readers that follow them do not. A second
// session.start of another sessionId is two sessions' files joined: measured with Copilot 1.0.102 against the strict
// stand-in, the recorded `plain` session with `multi-turn`'s events appended, resumed as `plain`, sent both
// conversations as one request (13 messages: plain's turn, then multi-turn's), so it is an error.
import { Copilot, defineRule, type FixDescriptor } from '../../src/sdk/index.js';

type Model = Copilot.CopilotModel;
type Event = Copilot.CopilotEvent;

/** The events Copilot builds the conversation from, or that end its pairing of calls and results. */
const CONVERSATION_EVENTS = new Set(['user.message', 'assistant.message', 'tool.execution_complete', 'session.resume']);

/** Whether an unreadable line (one of the other rules' to repair) mentions the text: a parent or start may be in it. */
const inDamagedLine = (model: Model, text: string): boolean => Copilot.inDamagedLine(model, text);

/** Whether a line between two lines is one another rule must repair, or too long to be read (a blank line is none). */
function damagedBetweenIn(model: Model, from: number, to: number): boolean {
  for (let line = from + 1; line < to; line++) {
    const framing = model.framing().get(line);
    if (framing && framing.kind !== 'blank') return true;
    if (model.file.lines[line - 1]?.problems.some((p) => p.kind === 'too-long')) return true;
  }
  return false;
}

export default defineRule({
  meta: {
    id: 'copilot/session-structure',
    type: 'problem',
    view: 'copilot',
    description:
      'The session starts with its session.start (sessionId = its folder), parentIds chain each event to the one before, no line or id is doubled, shutdowns and starts are balanced.',
    docs: {
      detects:
        "no events; no session.start, or not first; another writer's events without their session.start (a warning when they hold nothing Copilot sends); sessionId not the folder; a parentId naming no, a later or no event; duplicate lines and ids; unbalanced start/shutdown",
      fix: 'safe (move session.start up, sessionId, parentIds, drop a doubled line); unsafe (rebuild session.start from workspace.yaml, a new id)',
      severity: { copilot: "error (no events, no session.start, another session's events) / warn (the rest)" },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
      noEvents: 'events.jsonl holds no event: Copilot does not find the session ("No session, task, or name matched").',
      noStart:
        'No session.start event: Copilot cannot load the session ("Session file is corrupted or incompatible"; its log: "no valid session.start event was found").',
      startNotFirst:
        "session.start is not the first event; Copilot's transcript recovery moves it to the top on resume and rewrites events.jsonl (keeping the original as a backup).",
      secondStart: 'A second session.start; Copilot ignores it.',
      foreignEvents:
        "This {{type}} and {{more}} are another writer's: its parentId {{parent}} names no event of the file, and this session's events go on across them (line {{crossing}} names an event before it). Copilot sends them as part of this conversation. Move them out with `transcript-lint split`.",
      foreignQuiet:
        "This {{type}} and {{more}} are another writer's: its parentId {{parent}} names no event of the file, and this session's events go on across them (line {{crossing}} names an event before it). They hold nothing Copilot sends, so it resumes as before. Move them out with `transcript-lint split`.",
      otherSession:
        "A session.start of another session ({{id}}) starts here, as in two sessions' events.jsonl joined into one: Copilot ignores it and resumes both conversations as one (this one's after the session's own, from line {{first}}), under the session's id. Move these events to a session of their own.",
      sessionId:
        'session.start says sessionId {{id}}, but the session is the folder {{folder}}: Copilot resumes it by the folder, then prints "copilot --resume={{id}}", which finds no session{{hint}}.',
      firstParent: 'The first event has parentId {{parent}}; Copilot writes null there.',
      danglingParent:
        'parentId {{parent}} names no event in the file; Copilot chains every event to the one before it (1.0.102 does not follow the chain, other readers do).',
      forwardParent:
        'parentId {{parent}} names {{what}}; Copilot chains every event to the one before it (1.0.102 does not follow the chain, other readers do).',
      nullParent:
        'parentId is null after the first event; Copilot chains every event to the one before it (1.0.102 does not follow the chain, other readers do).',
      duplicateLine: 'This line is a copy of line {{first}}; Copilot reads both (a copied completion it ignores).',
      duplicateId: 'Event id {{id}} is already the id of the event on line {{first}}.',
      afterShutdown:
        '{{type}} follows a session.shutdown with no session.resume between them; Copilot writes session.resume first whenever it resumes a session.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const events = model.events;
    const damagedBetween = (from: number, to: number) => damagedBetweenIn(model, from, to);
    if (events.length === 0) {
      if (model.file.lines.every((l) => l.blank)) ctx.report({ messageId: 'noEvents', at: { line: 1 } });
      return;
    }
    // Another session's session.start (two files joined): its own findings say so, not its null parentId or the
    // shutdown before it, whose fix would chain the two sessions into one.
    const otherStarts = new Set<Event>();
    // Another writer's events without their session.start (measured, foreign-chains.ts): an error at each chain's first
    // event; its dangling parent is that finding's, not danglingParent's.
    const foreignRoots = new Set<Event>();
    for (const chain of Copilot.foreignChainsOf(model)) {
      foreignRoots.add(chain.root);
      const rest = chain.events.length - 1;
      // Events Copilot sends nothing of, nor pairs by (a stray shutdown, differential seed 19): it resumes clean.
      const quiet = chain.events.every((e) => !CONVERSATION_EVENTS.has(e.type));
      ctx.report({
        messageId: quiet ? 'foreignQuiet' : 'foreignEvents',
        at: { line: chain.root.line },
        ...(quiet ? { severity: 'warn' as const } : {}),
        data: {
          type: chain.root.type || 'event',
          more: rest === 0 ? 'nothing after it' : `the ${rest} event${rest === 1 ? '' : 's'} chained to it`,
          parent: String(chain.root.parentId),
          crossing: chain.crossing.line,
        },
      });
    }
    // Until session.start is in place, the chain is the move's (or the rebuild's) to mend.
    if (checkStart(events)) checkParents(events);
    checkDuplicates(events);
    checkShutdowns(events);

    /** Whether session.start is the first event. */
    function checkStart(events: readonly Event[]): boolean {
      const starts = events.filter((e) => e.type === 'session.start');
      const first = events[0]!;
      if (starts.length === 0) {
        ctx.report({ messageId: 'noStart', at: { line: first.line }, fix: rebuiltStart(first) });
        return false;
      }
      const start = starts[0]!;
      if (start !== first) {
        ctx.report({
          messageId: 'startNotFirst',
          at: { line: start.line },
          severity: 'warn',
          fix: new Copilot.CopilotFixPlan(model).moveEvent(start, 0).fix('safe', 'move session.start to the top'),
        });
      }
      for (const s of starts.slice(1)) {
        const other = s.data?.sessionId;
        // Another session's start: two sessions' events.jsonl joined into one file (measured, below).
        if (typeof other === 'string' && other !== start.data?.sessionId) {
          otherStarts.add(s);
          ctx.report({ messageId: 'otherSession', at: { line: s.line }, data: { id: other, first: start.line } });
        } else ctx.report({ messageId: 'secondStart', at: { line: s.line }, severity: 'warn' });
      }
      const id = start.data?.sessionId;
      const folder = model.folder;
      if (folder !== undefined && typeof id === 'string' && id !== folder) {
        const uuidFolder = Copilot.isUuid(folder);
        ctx.report({
          messageId: 'sessionId',
          at: { line: start.line },
          severity: 'warn',
          data: { id, folder, hint: uuidFolder ? '' : ` (rename the folder to ${id} if that is the session's id)` },
          fix: uuidFolder
            ? new Copilot.CopilotFixPlan(model)
                .set(start.line, '/data/sessionId', folder)
                .fix('safe', 'the folder name')
            : undefined,
        });
      }
      return start === first;
    }

    /** session.start made again from workspace.yaml (its id is the folder), unless the start may be in a damaged line. */
    function rebuiltStart(first: Event) {
      const folder = model.folder;
      if (folder === undefined || inDamagedLine(model, '"session.start"')) return undefined;
      const ws = model.sidecar?.workspace;
      const fields = ws?.status === 'ok' ? ws.fields : undefined;
      const created = fields?.get('created_at');
      const timestamp = Copilot.isTimestamp(created) ? created : (first.raw.timestamp as string | undefined);
      if (!Copilot.isTimestamp(timestamp)) return undefined;
      const cwd = fields?.get('cwd');
      const plan = new Copilot.CopilotFixPlan(model);
      const data: Record<string, unknown> = {
        sessionId: folder,
        version: 1,
        producer: 'copilot-agent',
        copilotVersion: '1.0.102',
        startTime: timestamp,
      };
      if (cwd) data.context = { cwd };
      // The id the first event names as its parent, when no event holds it: the lost start's own.
      const named = first.parentId;
      const id = Copilot.isUuid(named) && model.eventsWithId(named).length === 0 ? named : plan.newId('session.start');
      plan.insertEvent(0, { type: 'session.start', data, id, timestamp });
      return plan.fix('unsafe', 'a session.start made from the folder name and workspace.yaml');
    }

    function checkParents(events: readonly Event[]): void {
      const seen = new Set<string>();
      for (const e of events) {
        const previous = events[e.index - 1];
        const at = { line: e.line };
        const want = previous?.id ?? null;
        const repoint = (description: string) =>
          new Copilot.CopilotFixPlan(model).set(e.line, '/parentId', want).fix('safe', description);
        const parent = e.parentId;
        const earlier = typeof parent === 'string' && seen.has(parent);
        if (e.id !== undefined) seen.add(e.id);
        // A malformed parentId, or one after an event without a proper id, is known-event-type's (Copilot rejects
        // both); after a damaged line the parent is most likely the event that line held (other rules repair it).
        if (!e.hasParentId || (parent !== null && !Copilot.isUuid(parent))) continue;
        if (previous && (!Copilot.isUuid(previous.id) || damagedBetween(previous.line, e.line))) continue;
        if (previous === undefined) {
          if (parent !== null)
            ctx.report({ messageId: 'firstParent', at, severity: 'warn', data: { parent }, fix: repoint('null') });
          continue;
        }
        if (parent === null) {
          if (otherStarts.has(e)) continue;
          ctx.report({ messageId: 'nullParent', at, severity: 'warn', fix: repoint("the previous event's id") });
          continue;
        }
        if (earlier) continue;
        const holders = model.eventsWithId(parent);
        if (holders.length === 0) {
          // The parent may be the event of a damaged line another rule repairs.
          if (inDamagedLine(model, parent) || foreignRoots.has(e)) continue;
          ctx.report({
            messageId: 'danglingParent',
            at,
            severity: 'warn',
            data: { parent },
            fix: repoint("the previous event's id"),
          });
        } else {
          ctx.report({
            messageId: 'forwardParent',
            at,
            severity: 'warn',
            data: { parent, what: parent === e.id ? 'the event itself' : `a later event (line ${holders[0]!.line})` },
            fix: repoint("the previous event's id"),
          });
        }
      }
    }

    function checkDuplicates(events: readonly Event[]): void {
      const reported = new Set<Event>();
      // Byte-identical copies, found first: adjacent ones (a block of lines written twice) go in one fix, since
      // each fix re-links the event after the lines it drops, and two fixes of neighbouring copies would re-link
      // the second copy to its own id (then the second drop conflicts and is never applied).
      const copies = new Set<Event>();
      for (const e of events) {
        if (e.id === undefined) continue;
        const same = model.eventsWithId(e.id);
        if (same.length < 2 || same[0] !== e) continue;
        const firstBytes = Buffer.from(model.file.lines[e.line - 1]!.bytes);
        for (const copy of same.slice(1))
          if (firstBytes.equals(model.file.lines[copy.line - 1]!.bytes)) copies.add(copy);
      }
      const runFix = new Map<Event, FixDescriptor | undefined>();
      for (const e of events) {
        if (!copies.has(e) || runFix.has(e)) continue;
        const run: Event[] = [];
        for (let i = e.index; i < events.length && copies.has(events[i]!); i++) run.push(events[i]!);
        const plan = new Copilot.CopilotFixPlan(model);
        for (const c of run) plan.deleteLine(c.line);
        const fix = plan.fix('safe', run.length === 1 ? 'drop the copy' : `drop the ${run.length} copied lines`);
        for (const c of run) runFix.set(c, fix);
      }
      for (const e of events) {
        if (e.id === undefined || reported.has(e)) continue;
        const same = model.eventsWithId(e.id);
        if (same.length < 2 || same[0] !== e) continue;
        for (const copy of same.slice(1)) {
          reported.add(copy);
          if (copies.has(copy)) {
            ctx.report({
              messageId: 'duplicateLine',
              at: { line: copy.line },
              severity: 'warn',
              data: { first: e.line },
              fix: runFix.get(copy),
            });
            continue;
          }
          const plan = new Copilot.CopilotFixPlan(model);
          const id = plan.newId('duplicate-id', copy.line);
          plan.set(copy.line, '/id', id);
          const next = events[copy.index + 1];
          if (next && next.parentId === e.id && next.line > copy.line) plan.set(next.line, '/parentId', id);
          ctx.report({
            messageId: 'duplicateId',
            at: { line: copy.line },
            severity: 'warn',
            data: { id: e.id, first: e.line },
            fix: plan.fix('unsafe', 'a new id for the later event'),
          });
        }
      }
    }

    function checkShutdowns(events: readonly Event[]): void {
      for (const e of events) {
        const previous = events[e.index - 1];
        if (previous?.type !== 'session.shutdown' || e.type === 'session.resume' || otherStarts.has(e)) continue;
        // A damaged line between them may be the session.resume.
        if (damagedBetween(previous.line, e.line)) continue;
        ctx.report({ messageId: 'afterShutdown', at: { line: e.line }, severity: 'warn', data: { type: e.type } });
      }
    }
  },
});
