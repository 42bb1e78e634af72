// The OpenAI inputs: Chat Completions requests and message lists (openai-chat), supervised and preference
// fine-tuning data (openai-finetune), Batch API input (openai-batch) and output (openai-batch-output). Each loads
// into a JSON container (a document, or JSONL lines) and reads its conversations out of it (model.ts); the openai/*
// rules run on the conversations, the batch/* rules on a batch file's records. Findings are placed at the file's own
// line and column with a pointer into the line (or the document); fixes are spliced into the bytes they name.
import { joinBytes } from '../../loader/bytes.js';
import { type BatchFile, type BatchRecord, readRecords } from '../batch/model.js';
import { batchShape } from '../batch/shapes.js';
import { isPlainObject, JsonContainer } from '../json-container/container.js';
import { writeBackContainer } from '../json-container/write-back.js';
import { placeOf } from '../place.js';
import { Sample } from '../sample.js';
import { OPENAI } from '../targets.js';
import type { Format } from '../types.js';
import { type ChatFile, chatConversations, Conversation } from './model.js';
import { isDocumentSample, isPreferenceLine, openaiShape } from './shapes.js';

const locateUnit = (model: { container: JsonContainer }, site: Parameters<Format['locate']>[1]) => {
  const at = placeOf(site);
  return model.container.place(at.line, at.pointer);
};

const common = {
  targets: [OPENAI],
  dialect: 'openai-chat',
  locate: locateUnit,
  // Rules name related lines as file lines already (see the SDK's lineOf).
  locateLine: (_model: unknown, line: number) => line,
  writeBack: (model: { container: JsonContainer }, fixes: Parameters<Format['writeBack']>[1]) =>
    writeBackContainer(model.container, fixes),
} as const;

export const openaiChat: Format<ChatFile> = {
  ...common,
  id: 'openai-chat',
  title: 'OpenAI Chat Completions request',
  detect: (sample) => (openaiShape(sample) === 'openai-chat' ? 1 : 0),
  load: (path, data, options) => {
    const bytes = joinBytes(data);
    const container = isDocumentSample(new Sample(path, bytes))
      ? JsonContainer.document(path, bytes)
      : JsonContainer.jsonl(path, bytes, options);
    return { kind: 'openai-chat', file: container.file, container, conversations: chatConversations(container) };
  },
  folderPatterns: ['**/*.json', '**/*.jsonl'],
};

/** The examples of a fine-tuning file: one conversation per line that has messages (or a preference input). */
function finetuneConversations(container: JsonContainer): Conversation[] {
  const out: Conversation[] = [];
  let index = 0;
  for (const line of container.file.lines) {
    if (line.blank) continue;
    const v = line.json;
    const i = index++;
    if (!v) continue;
    if (isPreferenceLine(v)) {
      const input = v.input as Record<string, unknown>;
      if (Array.isArray(input.messages))
        out.push(
          new Conversation(
            'preference',
            i,
            line.lineNo,
            input.messages,
            { array: '/input/messages' },
            {
              value: input,
              pointer: '/input',
            },
          ),
        );
    } else if (Array.isArray(v.messages)) {
      out.push(
        new Conversation('finetune', i, line.lineNo, v.messages, { array: '/messages' }, { value: v, pointer: '' }),
      );
    }
  }
  return out;
}

export const openaiFinetune: Format<ChatFile> = {
  ...common,
  id: 'openai-finetune',
  title: 'OpenAI fine-tuning data',
  lookalike: { keys: ['messages'], tool: 'chat fine-tuning data' },
  detect: (sample) => (openaiShape(sample) === 'openai-finetune' ? 1 : 0),
  load: (path, data, options) => {
    const container = JsonContainer.jsonl(path, data, options);
    return {
      kind: 'openai-finetune',
      file: container.file,
      container,
      conversations: finetuneConversations(container),
    };
  },
  folderPatterns: ['**/*.jsonl'],
};

/** The endpoints a Batch API file's lines may name (openai-python `batch_create_params.py`, `endpoint`). */
export const OPENAI_BATCH_ENDPOINTS: readonly string[] = [
  '/v1/responses',
  '/v1/chat/completions',
  '/v1/embeddings',
  '/v1/completions',
  '/v1/moderations',
  '/v1/images/generations',
  '/v1/images/edits',
  '/v1/videos',
];

/** The endpoint whose bodies are chat requests. */
export const CHAT_COMPLETIONS_URL = '/v1/chat/completions';

/** The chat requests of a batch file: the bodies of its `/v1/chat/completions` lines. */
function batchConversations(records: readonly BatchRecord[]): Conversation[] {
  const out: Conversation[] = [];
  for (const r of records) {
    const body = r.value.body;
    if (r.value.url !== CHAT_COMPLETIONS_URL || !isPlainObject(body) || !Array.isArray(body.messages)) continue;
    out.push(
      new Conversation(
        'request',
        r.index,
        r.line,
        body.messages,
        { array: '/body/messages' },
        {
          value: body,
          pointer: '/body',
        },
      ),
    );
  }
  return out;
}

export type OpenAIBatchModel = BatchFile & ChatFile;

export const openaiBatch: Format<OpenAIBatchModel> = {
  ...common,
  id: 'openai-batch',
  title: 'OpenAI Batch API requests',
  lookalike: { keys: ['custom_id', 'method', 'url', 'body'], tool: 'an OpenAI Batch API file' },
  detect: (sample) => (batchShape(sample) === 'openai-batch' ? 1 : 0),
  load: (path, data, options) => {
    const container = JsonContainer.jsonl(path, data, options);
    const { records } = readRecords(container);
    return {
      kind: 'openai-batch',
      file: container.file,
      container,
      records,
      conversations: batchConversations(records),
    };
  },
  folderPatterns: ['**/*.jsonl'],
};

export const openaiBatchOutput: Format<BatchFile> = {
  ...common,
  id: 'openai-batch-output',
  title: 'OpenAI Batch API output',
  dialect: undefined,
  detect: (sample) => (batchShape(sample) === 'openai-batch-output' ? 1 : 0),
  load: (path, data, options) => {
    const container = JsonContainer.jsonl(path, data, options);
    return { kind: 'openai-batch-output', file: container.file, container, ...readRecords(container) };
  },
  folderPatterns: ['**/*.jsonl'],
};
