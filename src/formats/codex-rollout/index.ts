// The OpenAI Codex CLI rollout format: `${CODEX_HOME:-~/.codex}/sessions/YYYY/MM/DD/rollout-<timestamp>-<uuid>.jsonl`,
// one record a line (`{timestamp, ordinal, type, payload}`, session_meta first), judged as Codex CLI 0.169.0 resumes
// it (`codex exec resume`: its decoder, history rebuild and request-only pairing repairs are this folder's), or as a
// raw Responses API input. Old-format rollouts (a `{id, timestamp}` header, then bare items) are read too.
import path from 'node:path';
import { loadBytes } from '../../loader/read-jsonl.js';
import { placeOf } from '../place.js';
import { CODEX_TARGET, OPENAI_RESPONSES } from '../targets.js';
import type { Format } from '../types.js';
import { detectRollout } from './detect.js';
import { rolloutName } from './file-name.js';
import { exportInput } from './export.js';
import { otherSessionsOf } from './joined-sessions.js';
import { CodexModel } from './model.js';
import { writeBackCodex } from './write-back.js';

export const CODEX_ROLLOUT = 'codex-rollout';

/** Every rollout below a folder (archived_sessions holds the same names). */
const ALL_ROLLOUTS = ['**/rollout-*.jsonl'];

export const codexRollout: Format<CodexModel> = {
  id: CODEX_ROLLOUT,
  title: 'Codex CLI rollout',
  lookalike: { keys: ['timestamp', 'type', 'payload'], tool: 'an OpenAI Codex CLI rollout' },
  detect: detectRollout,
  load: (filePath, data, options) => new CodexModel(loadBytes(filePath, data, options)),
  targets: [CODEX_TARGET, OPENAI_RESPONSES],
  dialect: 'openai-responses',
  // Lines are the file's own: a site is where it says.
  locate: (_model, site) => placeOf(site),
  locateLine: (_model, line) => line,
  writeBack: writeBackCodex,
  folderPatterns: ALL_ROLLOUTS,
  sessions: {
    agent: "Codex CLI's",
    folder: '${CODEX_HOME:-~/.codex}/sessions',
    lookup: '`rollout-*-<ID>.jsonl` below `${CODEX_HOME:-~/.codex}/sessions` and `archived_sessions`',
    // Resume reads sessions/; archived sessions are resumed once `codex unarchive` moves them back.
    roots: (env, homedir) => {
      const home = env.CODEX_HOME ? env.CODEX_HOME : path.join(homedir, '.codex');
      return [path.join(home, 'sessions'), path.join(home, 'archived_sessions')];
    },
    // `codex resume <id>` finds a rollout by the uuid its name ends with (in either case), in any folder below.
    patterns: (id) => (id === undefined ? [...ALL_ROLLOUTS] : [`**/rollout-*${id.toLowerCase()}.jsonl`]),
    idOf: (file) => rolloutName(file)?.uuid ?? path.basename(file, '.jsonl'),
    // `codex exec resume <id>` is the non-interactive form.
    resume: (id) => `codex resume ${id}`,
  },
  exportRequest: exportInput,
  otherSessions: otherSessionsOf,
};

export type { CodexModel } from './model.js';
