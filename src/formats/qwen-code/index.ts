// The Qwen Code session format: `${QWEN_HOME:-~/.qwen}/projects/<project>/chats/<sessionId>.jsonl` (the projects
// folder moves with QWEN_RUNTIME_DIR first), one record a line, chained by uuid/parentUuid, messages in Gemini's
// `parts` shape; judged as Qwen Code 0.24.4 resumes it (`qwen --resume <id>`: its line reader, chain walk, history
// and pairing repair, and the OpenAI chat messages it converts them to), or as a raw OpenAI chat request.
import path from 'node:path';
import { applyFixes } from '../../fixer/apply.js';
import { loadBytes } from '../../loader/read-jsonl.js';
import { placeOf } from '../place.js';
import { OPENAI, QWEN_TARGET } from '../targets.js';
import type { Format } from '../types.js';
import { detectQwen } from './detect.js';
import { exportChat } from './export.js';
import { otherSessionsOf } from './joined-sessions.js';
import { QwenModel } from './model.js';

export const QWEN_CODE = 'qwen-code';

/** Every session below a projects folder (or below one project's folder). */
const ALL_SESSIONS = ['**/chats/*.jsonl'];

export const qwenCode: Format<QwenModel> = {
  id: QWEN_CODE,
  title: 'Qwen Code session',
  lookalike: { keys: ['uuid', 'parentUuid', 'sessionId', 'provenance'], tool: 'a Qwen Code session' },
  detect: detectQwen,
  load: (filePath, data, options) => new QwenModel(loadBytes(filePath, data, options)),
  targets: [QWEN_TARGET, OPENAI],
  // Lines are the file's own: a site is where it says.
  locate: (_model, site) => placeOf(site),
  locateLine: (_model, line) => line,
  writeBack: (model, fixes) => applyFixes(model.file, fixes),
  folderPatterns: ALL_SESSIONS,
  sessions: {
    agent: "Qwen Code's",
    folder: '${QWEN_HOME:-~/.qwen}/projects',
    lookup: '`<projects>/*/chats/<ID>.jsonl` (`<projects>` is `${QWEN_RUNTIME_DIR:-${QWEN_HOME:-~/.qwen}}/projects`)',
    // Qwen Code 0.24.4 resumes by `qwen --resume <sessionId>`, the file's name.
    resume: (id) => `qwen --resume ${id}`,
    // Storage.getRuntimeBaseDir: QWEN_RUNTIME_DIR, else QWEN_HOME, else ~/.qwen.
    roots: (env, homedir) => [
      path.join(env.QWEN_RUNTIME_DIR || env.QWEN_HOME || path.join(homedir, '.qwen'), 'projects'),
    ],
    // `<projects>/<project>/chats/<id>.jsonl`, the project folder named after the working directory.
    patterns: (id) => [id === undefined ? '*/chats/*.jsonl' : `*/chats/${id}.jsonl`],
  },
  exportRequest: exportChat,
  otherSessions: otherSessionsOf,
};

export type { QwenModel } from './model.js';
