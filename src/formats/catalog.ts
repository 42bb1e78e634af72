// The ids of the built-in formats and targets, and where the agents keep their sessions, for the argument parser,
// its help and the config file's schema, which run before (or without) loading the formats themselves.
// test/formats/catalog.test.ts checks each list here against the registry (src/formats/index.ts).
export const FORMAT_IDS = [
  'claude-code',
  'request',
  'messages',
  'copilot-events',
  'cline',
  'roo',
  'anthropic-batch',
  'anthropic-batch-results',
  'openai-chat',
  'openai-finetune',
  'openai-batch',
  'openai-batch-output',
  'codex-rollout',
  'gemini-cli',
  'qwen-code',
] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

/** The format of files no other format reads (never detected, never chosen with --input-format). */
export const UNKNOWN_FORMAT_ID = 'unknown';

export const TARGET_IDS = [
  'claude-code',
  'api',
  'bedrock',
  'copilot',
  'cline',
  'roo',
  'openai',
  'codex',
  'openai-responses',
  'gemini',
  'qwen',
] as const;

/**
 * Where each format that has a sessions folder (`sessions` in its Format) keeps it, in words for --help and --session.
 * `folder` is the first of its `sessions.roots()`, as a shell expression of the environment variable that moves it.
 */
export const SESSION_FOLDERS: readonly {
  format: FormatId;
  /** The agent's name, possessive. */
  agent: string;
  /** The target that judges files as the agent resumes them: the first of the format's `targets`. */
  target: (typeof TARGET_IDS)[number];
  folder?: string;
  /** One session's file, as --session looks it up. */
  session: string;
  /** Whether `split` reads its files (the format has `otherSessions`). */
  splits?: true;
}[] = [
  {
    format: 'claude-code',
    target: 'claude-code',
    splits: true,
    agent: "Claude Code's",
    folder: '${CLAUDE_CONFIG_DIR:-~/.claude}/projects',
    session: '`<projects>/*/<ID>.jsonl` (`<projects>` is `${CLAUDE_CONFIG_DIR:-~/.claude}/projects`)',
  },
  {
    format: 'codex-rollout',
    target: 'codex',
    splits: true,
    agent: "Codex CLI's",
    folder: '${CODEX_HOME:-~/.codex}/sessions',
    session: '`rollout-*-<ID>.jsonl` below `${CODEX_HOME:-~/.codex}/sessions` and `archived_sessions`',
  },
  {
    format: 'copilot-events',
    target: 'copilot',
    splits: true,
    agent: "Copilot CLI's",
    folder: '${COPILOT_HOME:-~/.copilot}/session-state',
    session: '`${COPILOT_HOME:-~/.copilot}/session-state/<ID>/events.jsonl`',
  },
  {
    format: 'gemini-cli',
    target: 'gemini',
    splits: true,
    agent: "Gemini CLI's",
    folder: '${GEMINI_CLI_HOME:-~}/.gemini/tmp',
    session: '`<tmp>/*/chats/session-*-<first 8 of ID>.jsonl` (`<tmp>` is `${GEMINI_CLI_HOME:-~}/.gemini/tmp`)',
  },
  {
    format: 'qwen-code',
    target: 'qwen',
    splits: true,
    agent: "Qwen Code's",
    folder: '${QWEN_HOME:-~/.qwen}/projects',
    session: '`<projects>/*/chats/<ID>.jsonl` (`<projects>` is `${QWEN_RUNTIME_DIR:-${QWEN_HOME:-~/.qwen}}/projects`)',
  },
  { format: 'cline', target: 'cline', agent: "Cline's", session: 'task folder `<ID>`' },
  { format: 'roo', target: 'roo', agent: "Roo Code's and Kilo Code's", session: 'task folder `<ID>`' },
];

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
