// The Gemini CLI session format (0.61.0): `<home>/.gemini/tmp/<project id>/chats/session-<time>-<id8>.jsonl`,
// append-only JSONL of a header, `$set` metadata updates, `$rewindTo` records and message records upserted by id,
// judged as the CLI resumes it (`gemini --resume`): its loader is session.ts, the contents it sends compile.ts.
import { applyFixes } from '../../fixer/apply.js';
import { loadBytes } from '../../loader/read-jsonl.js';
import { placeOf } from '../place.js';
import { GEMINI_TARGET } from '../targets.js';
import type { Format } from '../types.js';
import { detectGemini } from './detect.js';
import { exportContents } from './export.js';
import { otherSessionsOf } from './joined-sessions.js';
import { GeminiModel } from './model.js';
import { geminiIdOf, geminiPatterns, geminiRoots } from './sessions.js';

export const GEMINI_CLI = 'gemini-cli';

export const geminiCli: Format<GeminiModel> = {
  id: GEMINI_CLI,
  title: 'Gemini CLI session',
  lookalike: { keys: ['sessionId', 'projectHash', 'startTime'], tool: 'a Gemini CLI session' },
  detect: detectGemini,
  load: (filePath, data, options) => new GeminiModel(loadBytes(filePath, data, options)),
  targets: [GEMINI_TARGET],
  // Lines are the file's own: a site is where it says.
  locate: (_model, site) => placeOf(site),
  locateLine: (_model, line) => line,
  // Untouched lines are written back byte for byte; the CLI repairs nothing in the file.
  writeBack: (model, fixes) => applyFixes(model.file, fixes),
  folderPatterns: ['**/session-*.jsonl'],
  sessions: {
    agent: "Gemini CLI's",
    folder: '${GEMINI_CLI_HOME:-~}/.gemini/tmp',
    lookup: '`<tmp>/*/chats/session-*-<first 8 of ID>.jsonl` (`<tmp>` is `${GEMINI_CLI_HOME:-~}/.gemini/tmp`)',
    roots: geminiRoots,
    patterns: geminiPatterns,
    idOf: geminiIdOf,
    // Gemini CLI 0.61.0 resumes by `gemini --resume <sessionId>`, the id in the file's first line (geminiIdOf).
    resume: (id) => `gemini --resume ${id}`,
  },
  exportRequest: exportContents,
  otherSessions: otherSessionsOf,
};

export type { GeminiModel } from './model.js';
