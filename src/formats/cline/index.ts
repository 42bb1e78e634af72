// Cline and Roo Code task histories: `<globalStorage>/<extension>/tasks/<task id>/api_conversation_history.json`, a
// JSON array of Anthropic messages with each tool's own fields (ts, modelInfo, metrics, condense markers...),
// written on one line. Two formats, because the two tools send the same file differently: each is judged by
// default as its tool sends it (targets `cline`, `roo`: the api rules on what reaches the API, the history's own
// rules on what the tool repaired on the way), or as the raw request the file is (`api`, `bedrock`). The rules
// written for message lists (valid-json, entry-shape, ...) run on them too; the extra fields are kept by every fix.
import os from 'node:os';
import { joinBytes } from '../../loader/bytes.js';
import { exportMessages } from '../../model/export.js';
import { locatePlainLine } from '../plain/locate.js';
import { PlainSource } from '../plain/source.js';
import { API, BEDROCK, CLINE_TARGET, ROO_TARGET } from '../targets.js';
import type { Format, TargetSpec } from '../types.js';
import { type Flavour, HISTORY_FILE, historyFlavour } from './detect.js';
import { locateHistory } from './locate.js';
import { TaskHistoryModel } from './model.js';
import {
  CLINE_EXTENSION,
  clineDataTasks,
  extensionTaskRoots,
  KILO_EXTENSION,
  ROO_EXTENSION,
  taskIdOf,
  taskPatterns,
} from './sessions.js';
import { writeBackHistory } from './write-back.js';

/** Above the message list's 1: a file named and shaped as a history is the tool's, not any message list. */
const SCORE = 2;

/** Files a task folder holds beside the history, which are no transcripts. */
const TASK_FILES = [
  'ui_messages.json',
  'task_metadata.json',
  'history_item.json',
  'context_history.json',
  '_index.json',
];

function historyFormat(
  flavour: Flavour,
  title: string,
  agent: string,
  target: TargetSpec,
  roots: (env: Readonly<Record<string, string | undefined>>, homedir: string) => string[],
): Format<TaskHistoryModel> {
  return {
    id: flavour,
    title,
    detect: (sample) => (historyFlavour(sample) === flavour ? SCORE : 0),
    load: (filePath, data, options) => {
      const source = PlainSource.document(filePath, joinBytes(data), 'messages');
      return TaskHistoryModel.create(source, flavour, options.target ?? target.id);
    },
    targets: [target, API, BEDROCK],
    rulesOf: ['messages'],
    dialect: 'anthropic-messages',
    locate: locateHistory,
    locateLine: locatePlainLine,
    writeBack: writeBackHistory,
    folderPatterns: [`**/${HISTORY_FILE}`],
    notTranscripts: TASK_FILES.map((f) => `**/tasks/*/${f}`),
    sessions: { agent, lookup: 'task folder `<ID>`', roots, patterns: taskPatterns, idOf: taskIdOf },
    exportRequest: (model) => exportMessages(model.apiView().messages),
  };
}

export const cline = historyFormat('cline', 'Cline task history', "Cline's", CLINE_TARGET, (env, homedir) => [
  ...extensionTaskRoots(CLINE_EXTENSION, os.platform(), env, homedir),
  clineDataTasks(os.platform(), env, homedir),
]);

// Kilo Code's task folders are Roo's format, sent as Roo sends them (see KILO_EXTENSION).
export const roo = historyFormat(
  'roo',
  'Roo Code task history',
  "Roo Code's and Kilo Code's",
  ROO_TARGET,
  (env, homedir) => [
    ...extensionTaskRoots(ROO_EXTENSION, os.platform(), env, homedir),
    ...extensionTaskRoots(KILO_EXTENSION, os.platform(), env, homedir),
  ],
);
