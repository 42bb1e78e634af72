// The Claude Code session format: `${CLAUDE_CONFIG_DIR:-~/.claude}/projects/<project>/<session-id>.jsonl`, one entry
// a line, linked by uuid/parentUuid; judged as Claude Code 2.1.332 resumes it (its chain, compiler and repair passes
// are this folder's), or as a raw API request.
import path from 'node:path';
import { applyFixes } from '../../fixer/apply.js';
import { loadBytes, loadChunks } from '../../loader/read-jsonl.js';
import { exportMessages } from '../../model/export.js';
import type { TranscriptModel } from '../../model/index.js';
import { anthropicShape } from '../anthropic-shapes.js';
import { placeOf } from '../place.js';
import { API, BEDROCK, CLAUDE_CODE_TARGET } from '../targets.js';
import type { Format } from '../types.js';
import { unreadFields } from './entries.js';
import { otherSessionsOf } from './joined-sessions.js';
import { claudeCodeModel } from './model.js';

/** A subagent's workflow journal: a work log beside the transcripts, not one. */
const JOURNALS = '**/subagents/workflows/**/journal.jsonl';
/** Every session and subagent transcript below a folder. */
const ALL_SESSIONS = ['**/*.jsonl', `!${JOURNALS}`];

export const claudeCode: Format<TranscriptModel> = {
  id: 'claude-code',
  title: 'Claude Code session',
  detect: (sample) => (anthropicShape(sample) === 'claude-code' ? 1 : 0),
  load: (filePath, data, options) => claudeCodeModel(loadBytes(filePath, data, options, unreadFields)),
  loadChunks: (filePath, file, options) => claudeCodeModel(loadChunks(filePath, file, options, unreadFields)),
  targets: [CLAUDE_CODE_TARGET, API, BEDROCK],
  dialect: 'anthropic-messages',
  // Lines are the file's own: a site is where it says.
  locate: (_model, site) => placeOf(site),
  locateLine: (_model, line) => line,
  // The chain's byUuid holds every line's string uuid (entries.ts makes an entry of every parsed line).
  writeBack: (model, fixes) => applyFixes(model.file, fixes, () => model.chain().byUuid),
  folderPatterns: ALL_SESSIONS,
  notTranscripts: [JOURNALS],
  sessions: {
    agent: "Claude Code's",
    folder: '${CLAUDE_CONFIG_DIR:-~/.claude}/projects',
    lookup: '`<projects>/*/<ID>.jsonl` (`<projects>` is `${CLAUDE_CONFIG_DIR:-~/.claude}/projects`)',
    // Claude Code resumes a session by `claude --resume <id>` (`claude -p --resume <id>` when not interactive).
    resume: (id) => `claude --resume ${id}`,
    roots: (env, homedir) => [
      path.join(env.CLAUDE_CONFIG_DIR ? env.CLAUDE_CONFIG_DIR : path.join(homedir, '.claude'), 'projects'),
    ],
    // `<projects>/<project>/<id>.jsonl` in every project folder (a copied project folder can hold it twice), and with
    // sidechains its subagent transcripts.
    patterns: (id, { sidechains }) => {
      if (id === undefined) return [...ALL_SESSIONS];
      return sidechains ? [`*/${id}.jsonl`, `*/${id}/subagents/**/*.jsonl`] : [`*/${id}.jsonl`];
    },
    // A subagent transcript belongs to the session whose folder holds its subagents/ folder.
    idOf: (file) => {
      const subagents = file.lastIndexOf(`${path.sep}subagents${path.sep}`);
      return subagents === -1 ? path.basename(file, '.jsonl') : path.basename(file.slice(0, subagents));
    },
  },
  exportRequest: (model) => exportMessages(model.apiView().messages),
  otherSessions: otherSessionsOf,
};
