// The ids of the built-in formats and targets, where the agents keep their sessions and what the formats' files look
// like, for the argument parser, its help, the config file's schema and the unknown format's message, which run
// before (or without) loading the formats themselves. The lists are in catalog-data.ts, which `npm run gen:docs`
// writes from the format objects (test/docs.test.ts fails when it is stale).
import { FORMAT_IDS, FORMAT_LOOKALIKES as LOOKALIKES, SESSION_FOLDERS as FOLDERS, TARGET_IDS } from './catalog-data.js';

export { FORMAT_IDS, TARGET_IDS };
export type FormatId = (typeof FORMAT_IDS)[number];

/** The format of files no other format reads (never detected, never chosen with --input-format). */
export const UNKNOWN_FORMAT_ID = 'unknown';

/** Where a format that has a sessions folder (`sessions` in its Format) keeps it, in words for --help and --session. */
export interface SessionFolder {
  format: FormatId;
  /** The agent's name, possessive (`sessions.agent`). */
  agent: string;
  /** The target that judges files as the agent resumes them: the first of the format's `targets`. */
  target: (typeof TARGET_IDS)[number];
  /** The first of its `sessions.roots()`, as a shell expression of the environment variable that moves it. */
  folder?: string;
  /** One session's file, as --session looks it up (`sessions.lookup`). */
  session: string;
  /** Whether `split` reads its files (the format has `otherSessions`). */
  splits?: true;
}

/** A format's `lookalike`: the keys its records have, whose file it is, and its id. */
export interface FormatLookalike {
  keys: readonly string[];
  tool: string;
  document?: true;
  format: FormatId;
}

export const SESSION_FOLDERS: readonly SessionFolder[] = FOLDERS;
export const FORMAT_LOOKALIKES: readonly FormatLookalike[] = LOOKALIKES;

const listed = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** What a run without paths lints, for --help. */
export function sessionsFoldersHelp(): string {
  const where = SESSION_FOLDERS.map((s) => (s.folder ? `${s.agent} ${s.folder}` : `${s.agent} tasks`));
  return `every agent's sessions folder (${where.join(', ')})`;
}

/** Where --session looks an id up, for its documentation. */
export function sessionLookupDoc(): string {
  return listed(SESSION_FOLDERS.map((s) => `${s.agent} ${s.session}`));
}

/** The targets of the agents' resume (SESSION_FOLDERS order), then the others (TARGET_IDS order), for --target. */
export function targetsHelp(): { agents: string; apis: string } {
  const agents: string[] = SESSION_FOLDERS.map((s) => s.target);
  return { agents: agents.join(', '), apis: TARGET_IDS.filter((t) => !agents.includes(t)).join(', ') };
}

/** Each agent's target as --target's doc names it: "`codex` for Codex CLI's sessions". */
export function agentTargetsDoc(): string {
  return SESSION_FOLDERS.map((s) => `\`${s.target}\` for ${s.agent} ${s.folder ? 'sessions' : 'tasks'}`).join(', ');
}

/** The agents whose session files `split` reads, for its help: "Claude Code, Codex CLI, ...". */
export function splitAgentsHelp(): string {
  return SESSION_FOLDERS.filter((s) => s.splits)
    .map((s) => s.agent.replace(/'s$/, ''))
    .join(', ');
}
