// GitHub Copilot CLI sessions: `${COPILOT_HOME:-~/.copilot}/session-state/<session-id>/events.jsonl`, one event a
// line (`{type, data, id, timestamp, parentId}`), beside workspace.yaml and the session's other files. Judged as
// Copilot CLI 1.0.102 resumes it (`copilot --resume=<id>`): how it reads the lines (and silently rewrites the file
// when one does not parse), which events it rejects, and the Messages API request it rebuilds from them (`export`).
// The Anthropic request rules do not run on these files: the request is Copilot's to build, and its own rules
// (rules/copilot/) judge the events it is built from, with fixes in Copilot's shapes.
import path from 'node:path';
import { exportMessages } from '../../model/export.js';
import { placeOf } from '../place.js';
import type { Format } from '../types.js';
import { COPILOT_TARGET } from '../targets.js';
import { detectCopilot } from './detect.js';
import { otherSessionsOf } from './joined-sessions.js';
import { loadEventLines } from './lines.js';
import { CopilotModel } from './model.js';
import { EVENTS_FILE, readSidecar } from './sidecar.js';
import { writeBackCopilot } from './write-back.js';

export const COPILOT_EVENTS = 'copilot-events';

export const copilotEvents: Format<CopilotModel> = {
  id: COPILOT_EVENTS,
  title: 'GitHub Copilot CLI session',
  lookalike: { keys: ['type', 'data', 'id', 'timestamp'], tool: 'a GitHub Copilot CLI events file' },
  detect: detectCopilot,
  load: (filePath, data, options) => new CopilotModel(loadEventLines(filePath, data, options), readSidecar(filePath)),
  targets: [COPILOT_TARGET],
  // Lines are the file's own: a site is where it says.
  locate: (_model, site) => placeOf(site),
  locateLine: (_model, line) => line,
  writeBack: writeBackCopilot,
  folderPatterns: [`**/${EVENTS_FILE}`],
  sessions: {
    agent: "Copilot CLI's",
    folder: '${COPILOT_HOME:-~/.copilot}/session-state',
    lookup: '`${COPILOT_HOME:-~/.copilot}/session-state/<ID>/events.jsonl`',
    resume: (id) => `copilot --resume=${id}`,
    roots: (env, homedir) => [
      path.join(env.COPILOT_HOME ? env.COPILOT_HOME : path.join(homedir, '.copilot'), 'session-state'),
    ],
    // `<session-state>/<id>/events.jsonl`: the folder's name is the session's id (a unique prefix finds it too).
    patterns: (id) => [`${id ?? '*'}/${EVENTS_FILE}`],
    idOf: (file) => path.basename(path.dirname(file)),
  },
  exportRequest: (model) => exportMessages(model.messages()),
  otherSessions: otherSessionsOf,
};
