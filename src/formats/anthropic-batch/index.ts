// Anthropic Message Batches files: the requests of a batch (JSONL of `{custom_id, params}`, or the create call's own
// body `{"requests": [...]}`) and the results file the API streams back (`{custom_id, result}` a line). A requests
// file is linted twice over: the batch/* rules read its records, and each record's `params` is a Messages API request
// of its own (parts.ts) on which every rule of the request format runs, its findings placed in the record's line.
// A results file is no request: the batch/* rules summarise it (how many succeeded, errored, ...) and report the
// errored ones; no request rule runs on it.
import { joinBytes } from '../../loader/bytes.js';
import type { ApplyResult } from '../../fixer/apply.js';
import { applyResult } from '../../fixer/apply.js';
import type { Fix } from '../../fixer/edits.js';
import { writeBackPlain } from '../plain/write-back.js';
import { type BatchFile, type BatchRecord, readRecords } from '../batch/model.js';
import { batchShape } from '../batch/shapes.js';
import { JsonContainer } from '../json-container/container.js';
import { writeBackContainer } from '../json-container/write-back.js';
import { placeOf } from '../place.js';
import { Sample } from '../sample.js';
import { API, BEDROCK } from '../targets.js';
import type { FilePart, Format } from '../types.js';
import { batchRequestFormat, hasRequest, reindent, requestPart } from './parts.js';
import { appendTo, pushAll } from '../../model/arrays.js';

export interface AnthropicBatchModel extends BatchFile {
  /** The records that hold a request (a `params` object): part i of the file is the request of record i here. */
  readonly requests: readonly BatchRecord[];
}

/**
 * The file's requests as parts. Each part's model is read from the file's bytes when the engine asks for it, and let
 * go once its rules ran: a batch of 100,000 requests never holds 100,000 parsed requests at once.
 */
function partsOf(model: AnthropicBatchModel): FilePart[] {
  return model.requests.map((record) => ({
    format: batchRequestFormat,
    get model() {
      return requestPart(model.file.path, model.container, record)!.model;
    },
  }));
}

/** Whether the file is one JSON document (the create body) rather than JSONL. */
function isDocument(sample: Sample): boolean {
  const first = sample.line(0);
  if (first === undefined || !first.startsWith('{')) return false;
  const line = sample.parsedLine(0)!;
  if (line.ok) {
    const v = line.value as Record<string, unknown>;
    return Object.hasOwn(v, 'requests') && !Object.hasOwn(v, 'custom_id');
  }
  const second = sample.line(1);
  return second !== undefined && !(second.startsWith('{') && sample.parsedLine(1)!.ok);
}

function loadBatch(path: string, data: Parameters<Format['load']>[1], options: Parameters<Format['load']>[2]) {
  const bytes = joinBytes(data);
  const container = isDocument(new Sample(path, bytes))
    ? JsonContainer.document(path, bytes)
    : JsonContainer.jsonl(path, bytes, options);
  return { container, ...readRecords(container) };
}

const locateRecord: Format<BatchFile>['locate'] = (model, site) => {
  const at = placeOf(site);
  return model.container.place(at.line, at.pointer);
};

export const anthropicBatch: Format<AnthropicBatchModel> = {
  id: 'anthropic-batch',
  title: 'Anthropic Message Batches requests',
  lookalike: { keys: ['custom_id', 'params'], tool: 'an Anthropic Message Batches file' },
  detect: (sample) => (batchShape(sample) === 'anthropic-batch' ? 1 : 0),
  load: (path, data, options) => {
    const { container, records, requestsPointer } = loadBatch(path, data, options);
    const requests = records.filter((r) => hasRequest(r) && container.span(r.line, `${r.base}/params`) !== undefined);
    return { kind: 'anthropic-batch', file: container.file, container, records, requestsPointer, requests };
  },
  targets: [API, BEDROCK],
  locate: locateRecord,
  // Rules name related lines as file lines already (a record's own line, see BatchFile.lineOf).
  locateLine: (_model, line) => line,
  writeBack: writeBackBatch,
  folderPatterns: ['**/*.jsonl', '**/*.json'],
  parts: partsOf,
};

export const anthropicBatchResults: Format<BatchFile> = {
  id: 'anthropic-batch-results',
  title: 'Anthropic Message Batches results',
  lookalike: { keys: ['custom_id', 'result'], tool: 'an Anthropic Message Batches results file' },
  detect: (sample) => (batchShape(sample) === 'anthropic-batch-results' ? 1 : 0),
  load: (path, data, options) => {
    const container = JsonContainer.jsonl(path, data, options);
    return { kind: 'anthropic-batch-results', file: container.file, container, ...readRecords(container) };
  },
  targets: [API, BEDROCK],
  locate: locateRecord,
  locateLine: (_model, line) => line,
  writeBack: (model, fixes) => writeBackContainer(model.container, fixes),
  folderPatterns: ['**/*.jsonl'],
};

/**
 * The fixes of the requests (parts) go into their `params` bytes; the line (or the document) is the same bytes with
 * that value replaced. The batch rules' own fixes apply to the other lines in the same pass, and wait for the next
 * pass where a request of the same line (or of the same document) changed.
 */
function writeBackBatch(model: AnthropicBatchModel, fixes: readonly Fix[]): ApplyResult {
  const own: Fix[] = [];
  const byPart = new Map<number, Fix[]>();
  for (const fix of fixes) {
    if (fix.part === undefined) own.push(fix);
    else appendTo(byPart, fix.part, fix);
  }
  const applied: Fix[] = [];
  const deferred: Fix[] = [];
  const failed: ApplyResult['failed'] = [];
  const lines = new Map<number, Uint8Array>();
  const ranges: { start: number; end: number; bytes: Uint8Array }[] = [];
  const container = model.container;
  for (const [index, partFixes] of byPart) {
    const record = model.requests[index];
    const part = record && requestPart(model.file.path, container, record);
    if (!part) {
      pushAll(
        failed,
        partFixes.map((fix) => ({ fix, reason: `request ${index} of the file does not exist` })),
      );
      continue;
    }
    const result = writeBackPlain(part.model, partFixes);
    pushAll(applied, result.applied);
    pushAll(deferred, result.deferred);
    pushAll(failed, result.failed);
    if (result.applied.length === 0) continue;
    const { start, end } = part.span;
    if (container.kind === 'document') {
      ranges.push({ start, end, bytes: reindent(result.bytes, part.indent) });
    } else {
      const line = container.file.lines[part.record.line - 1]!;
      lines.set(part.record.line, concat(line.bytes.subarray(0, start), result.bytes, line.bytes.subarray(end)));
    }
  }
  if (container.kind === 'jsonl') {
    const rest = writeBackContainer(container, own, lines);
    return applyResult(
      rest.pieces,
      [...applied, ...rest.applied],
      [...deferred, ...rest.deferred],
      [...failed, ...rest.failed],
    );
  }
  if (ranges.length === 0) {
    const rest = writeBackContainer(container, own);
    return applyResult(rest.pieces, rest.applied, [...deferred, ...rest.deferred], [...failed, ...rest.failed]);
  }
  // A document whose requests changed: the batch rules' fixes wait for the next pass, on the new bytes.
  const source = container.source!;
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const r of ranges.sort((a, b) => a.start - b.start)) {
    pieces.push(source.subarray(at, r.start), r.bytes);
    at = r.end;
  }
  pieces.push(source.subarray(at));
  return applyResult(concat(...pieces), applied, [...deferred, ...own], failed);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return joinBytes(parts);
}
