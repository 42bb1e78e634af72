// copilot/session-structure's messages, and the context its parts report through.
import type { RuleContext } from '../../../src/sdk/index.js';

export const MESSAGES = {
  noEvents: 'events.jsonl holds no event: Copilot does not find the session ("No session, task, or name matched").',
  noStart:
    'No session.start event: Copilot cannot load the session ("Session file is corrupted or incompatible"; its log: "no valid session.start event was found").',
  noPrompt:
    'No prompt comes before this first answer: Copilot resumes with a request that opens with the assistant, and the API rejects it (400 "messages.0: first message must use the user role"), so the resume fails. The prompt is in no line of the file (deleted, or lost with a damaged line), so no fix can bring it back: write the prompt back as a user.message before this line, or start a new session.',
  startNotFirst:
    "session.start is not the first event; Copilot's transcript recovery moves it to the top on resume and rewrites events.jsonl (keeping the original as a backup).",
  secondStart: 'A second session.start; Copilot ignores it.',
  foreignEvents:
    "This {{type}} and {{more}} are another writer's: its parentId {{parent}} names no event of the file, and this session's events go on across them (line {{crossing}} names an event before it). Copilot sends them as part of this conversation. Move them out with `transcript-lint split`.",
  foreignQuiet:
    "This {{type}} and {{more}} are another writer's: its parentId {{parent}} names no event of the file, and this session's events go on across them (line {{crossing}} names an event before it). They hold nothing Copilot sends, so it resumes as before. Move them out with `transcript-lint split`.",
  foreignOvertaken:
    "This {{type}} and {{more}} are another writer's: its parentId {{parent}} names no event of the file, and this session's events from line {{later}} on were written before it ({{laterTime}}, it {{time}}), though they come after it. Copilot sends them as part of this conversation. Move them out with `transcript-lint split`.",
  foreignNamed:
    "This {{type}} and {{more}} are another session's: its parentId {{parent}} names no event of the file, and the {{what}} on line {{record}} was written for session {{session}}. Copilot sends them as part of this conversation. Move them out with `transcript-lint split`.",
  otherSession:
    "A session.start of another session ({{id}}) starts here, as in two sessions' events.jsonl joined into one: Copilot ignores it and resumes both conversations as one (this one's after the session's own, from line {{first}}), under the session's id. Move these events to a session of their own.",
  otherSessionQuiet:
    "A session.start of another session ({{id}}) starts here, as in two sessions' events.jsonl joined into one, but nothing after it is anything Copilot sends, so it resumes this session as before. Move these events to a session of their own.",
  otherSessionOwnDamaged:
    "This session.start is another session's ({{id}}): this session's own session.start (sessionId {{folder}}, the folder's name) is on line {{own}}, which Copilot cannot read. Copilot drops that line and resumes the other session's conversation under this session's id. Move the other session's events to a session of their own with `transcript-lint split`.",
  otherSessionOwnKept:
    "This session.start is another session's ({{id}}): this session's own session.start (sessionId {{folder}}, the folder's name) is kept on line {{own}} in a `transcript-lint.kept-line` event, which Copilot skips. Copilot resumes the other session's conversation under this session's id. Move the other session's events to a session of their own with `transcript-lint split`.",
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
} as const;

/**
 * The findings of another session's events in the file, which `transcript-lint split` fixes by moving them to a
 * session folder of their own (as errors; their quiet forms are warnings). The tests and the differential harness
 * split a file that lint reports one of these for before they fix it.
 */
export const MOVED_BY_SPLIT: readonly (keyof typeof MESSAGES)[] = [
  'otherSession',
  'otherSessionOwnDamaged',
  'otherSessionOwnKept',
  'foreignEvents',
  'foreignNamed',
  'foreignOvertaken',
];

export type Ctx = RuleContext<typeof MESSAGES, 'copilot'>;
