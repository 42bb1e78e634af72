// copilot/session-structure: the session reads as Copilot CLI writes one. It starts with session.start (the only
// event Copilot cannot do without: with none, resume fails; out of place, Copilot's recovery moves it and rewrites
// the file), whose sessionId is the folder's name (Copilot resumes by folder, but prints the event's id as the one
// to resume with); each event's parentId is the id of the event before it; no line is there twice, no id is used
// twice; a session.shutdown is followed by a session.resume or by nothing, and there is one session.start. Copilot
// 1.0.102 itself ignores the chain, duplicates and the shutdown balance; readers that follow them do not. A second
// session.start of another sessionId is two sessions' files joined: measured with Copilot 1.0.102 against the strict
// stand-in, the recorded `plain` session with `multi-turn`'s events appended, resumed as `plain`, sent both
// conversations as one request (13 messages: plain's turn, then multi-turn's), so it is an error.
import { Copilot, defineRule } from '../../src/sdk/index.js';
import { checkParents, checkShutdowns } from './session-structure/chain.js';
import { checkDuplicates } from './session-structure/duplicates.js';
import { MESSAGES } from './session-structure/messages.js';
import { checkPrompt } from './session-structure/prompt.js';
import { checkStart } from './session-structure/start.js';

type Event = Copilot.CopilotEvent;

export default defineRule({
  meta: {
    id: 'copilot/session-structure',
    type: 'problem',
    view: 'copilot',
    description:
      'The session starts with its session.start (sessionId = its folder), parentIds chain each event to the one before, no line or id is doubled, shutdowns and starts are balanced.',
    docs: {
      detects:
        "no events; no session.start, or not first, or only in a damaged line with another session's start readable; no prompt before the first answer (no fix: the prompt is not in the file); another writer's events without their session.start (a warning when they hold nothing Copilot sends); sessionId not the folder; a parentId naming no, a later or no event; duplicate lines and ids; unbalanced start/shutdown",
      fix: 'safe (move session.start up, sessionId, parentIds, drop a doubled line); unsafe (rebuild session.start from workspace.yaml, a new id)',
      severity: {
        copilot: "error (no events, no session.start, no prompt, another session's events) / warn (the rest)",
      },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: MESSAGES,
  },
  check(ctx) {
    const { model } = ctx;
    const events = model.events;
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
    const foreign = new Set<Event>();
    for (const chain of Copilot.foreignChainsOf(model)) {
      foreignRoots.add(chain.root);
      for (const e of chain.events) foreign.add(e);
      const rest = chain.events.length - 1;
      // Events Copilot sends nothing of, nor pairs by (a stray shutdown, differential seed 19): it resumes clean.
      const quiet = chain.events.every((e) => !Copilot.CONVERSATION_EVENTS.has(e.type));
      const data = {
        type: chain.root.type || 'event',
        more: rest === 0 ? 'nothing after it' : `the ${rest} event${rest === 1 ? '' : 's'} chained to it`,
        parent: String(chain.root.parentId),
      };
      const at = { line: chain.root.line };
      if (chain.named) {
        const { record, session } = chain.named;
        const what = record.type === 'session.shutdown' ? 'session.shutdown' : 'usage record';
        ctx.report({ messageId: 'foreignNamed', at, data: { ...data, what, record: record.line, session } });
        continue;
      }
      if (chain.overtaken) {
        const later = chain.overtaken;
        ctx.report({
          messageId: 'foreignOvertaken',
          at,
          data: {
            ...data,
            later: later.line,
            time: String(chain.root.raw.timestamp),
            laterTime: String(later.raw.timestamp),
          },
        });
        continue;
      }
      ctx.report({
        messageId: quiet ? 'foreignQuiet' : 'foreignEvents',
        at,
        ...(quiet ? { severity: 'warn' as const } : {}),
        data: { ...data, crossing: chain.crossing?.line ?? chain.root.line },
      });
    }
    // Until session.start is in place, the chain is the move's (or the rebuild's) to mend.
    if (checkStart(ctx, events, otherStarts)) checkParents(ctx, events, otherStarts, foreignRoots, foreign);
    checkDuplicates(ctx, events);
    checkShutdowns(ctx, events, otherStarts, foreign);
    checkPrompt(ctx);
  },
});
