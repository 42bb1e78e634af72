// The model each view gives a rule. The views of the Anthropic-dialect formats read the transcript model; a format
// with a model of its own adds its view here (one line), and its rules declare that view.
import type { BatchFile } from '../formats/batch/sdk.js';
import type { ChatFile } from '../formats/openai/sdk.js';
import type { TaskHistoryModel } from '../formats/cline/sdk.js';
import type { CodexModel } from '../formats/codex-rollout/sdk.js';
import type { CopilotModel } from '../formats/copilot-events/sdk.js';
import type { GeminiModel } from '../formats/gemini-cli/sdk.js';
import type { QwenModel } from '../formats/qwen-code/sdk.js';
import type { UnknownModel } from '../formats/unknown/sdk.js';
import type { TranscriptModel, TranscriptStorage } from '../model/index.js';

export interface ViewModels {
  /** The lines, entries and uuid tree as written (no compiled request). */
  storage: TranscriptStorage;
  /** The compiled request, and everything storage has. */
  request: TranscriptModel;
  /** What a file of no supported format looks like. */
  file: UnknownModel;
  /** An OpenAI chat input (request, message list, fine-tuning examples, batch bodies): its conversations. */
  'openai-chat': ChatFile;
  /** A batch file (Anthropic Message Batches, OpenAI Batch API; requests or results): its records. */
  batch: BatchFile;
  /** A Cline or Roo Code task history: the message list, and what the tool sends of it (its repairs). */
  'task-history': TaskHistoryModel;
  /** A Codex CLI rollout: its records, and what `codex exec resume` rebuilds from them. */
  codex: CodexModel;
  /** A GitHub Copilot CLI session: its lines, events, sidecar files and the request Copilot compiles. */
  copilot: CopilotModel;
  /** A Gemini CLI session: its lines, what the CLI loads from them and the contents it sends on resume. */
  gemini: GeminiModel;
  /** A Qwen Code session: its lines, records, the chain resume walks and the chat messages Qwen sends. */
  qwen: QwenModel;
}
