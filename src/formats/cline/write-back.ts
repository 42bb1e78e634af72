// Writing fixes back to a task history: the plain message list's write-back (plain/write-back.ts), which splices
// each edit into the file's own bytes (one line stays one line, every byte no edit names stays), with the message
// a fix inserts written in the tool's own shape: `{role, content, ts}`, as Cline and Roo add a user message
// (`ts: Date.now()`), its ts one millisecond after the message it follows (none when that one has none).
import type { ApplyResult } from '../../fixer/apply.js';
import type { Fix } from '../../fixer/edits.js';
import { writeBackPlain } from '../plain/write-back.js';
import type { TaskHistoryModel } from './model.js';

export function writeBackHistory(model: TaskHistoryModel, fixes: readonly Fix[]): ApplyResult {
  return writeBackPlain(model, fixes, {
    insertedMessage: (message, after) => {
      const ts = model.storedMessage(after)?.ts;
      return typeof ts === 'number' && Number.isFinite(ts) ? { ...message, ts: ts + 1 } : message;
    },
  });
}
