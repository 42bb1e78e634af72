// Telling batch files apart from a file's first lines: Anthropic Message Batches requests (`{custom_id, params}` a
// line, or the create call's own body `{"requests": [...]}`) and results (`{custom_id, result}`), OpenAI Batch API
// input (`{custom_id, method, url, body}`) and output (`{id: "batch_req_…", custom_id, response, error}`). A line is
// judged by the keys only its kind has; the kind most of the sampled object lines share is the file's, so one
// damaged or foreign line does not change what the file is. A line with Claude Code's own fields makes it no batch.
import { hasClaudeCodeEvidence } from '../claude-code-evidence.js';
import type { Sample } from '../sample.js';

export type BatchShape = 'anthropic-batch' | 'anthropic-batch-results' | 'openai-batch' | 'openai-batch-output';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const has = (v: Record<string, unknown>, key: string): boolean => Object.hasOwn(v, key);

/** What one JSON object line of a batch file is, if it is one. */
export function batchLineKind(v: unknown): BatchShape | undefined {
  if (!isPlainObject(v) || !has(v, 'custom_id')) return undefined;
  if (has(v, 'params') && !has(v, 'body') && !has(v, 'result') && !has(v, 'response')) return 'anthropic-batch';
  if (has(v, 'result') && isPlainObject(v.result) && !has(v, 'params')) return 'anthropic-batch-results';
  if (has(v, 'body') || (has(v, 'method') && has(v, 'url'))) return 'openai-batch';
  if (has(v, 'response') && (has(v, 'error') || (typeof v.id === 'string' && v.id.startsWith('batch_req_'))))
    return 'openai-batch-output';
  return undefined;
}

/** The create call's body: `{"requests": [{custom_id, params}, ...]}`. */
export function isRequestsDocument(v: unknown): boolean {
  if (!isPlainObject(v) || !Array.isArray(v.requests) || has(v, 'messages')) return false;
  const first = v.requests[0];
  return first === undefined ? Object.keys(v).length === 1 : batchLineKind(first) === 'anthropic-batch';
}

const cache = new WeakMap<Sample, BatchShape | 'none'>();

/** The batch kind of the file, or 'none'. */
export function batchShape(sample: Sample): BatchShape | 'none' {
  let shape = cache.get(sample);
  if (shape === undefined) {
    shape = classify(sample);
    cache.set(sample, shape);
  }
  return shape;
}

function classify(sample: Sample): BatchShape | 'none' {
  const first = sample.line(0);
  if (first === undefined) return 'none';
  // A document: the create call's body, pretty-printed or on one line.
  if (first.startsWith('{')) {
    const line = sample.parsedLine(0)!;
    if (line.ok && isRequestsDocument(line.value)) return 'anthropic-batch';
    if (!line.ok && sample.line(1) !== undefined && !(sample.line(1)!.startsWith('{') && sample.parsedLine(1)!.ok)) {
      const whole = sample.document();
      return whole.ok && isRequestsDocument(whole.value) ? 'anthropic-batch' : 'none';
    }
  }
  const counts = new Map<BatchShape, number>();
  let objects = 0;
  for (let i = 0; sample.line(i) !== undefined; i++) {
    const parsed = sample.parsedLine(i)!;
    if (!parsed.ok || !isPlainObject(parsed.value)) continue;
    if (hasClaudeCodeEvidence(parsed.value)) return 'none';
    objects++;
    const kind = batchLineKind(parsed.value);
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  let best: BatchShape | undefined;
  let most = 0;
  for (const [kind, n] of counts) if (n > most) [best, most] = [kind, n];
  return best !== undefined && most * 2 >= objects ? best : 'none';
}
