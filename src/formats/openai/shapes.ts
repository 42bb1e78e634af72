// Telling the OpenAI chat inputs apart from a file's first lines: a Chat Completions request body or a bare message
// list (JSON, or JSONL of request bodies or of messages) is `openai-chat` when its content is OpenAI's (dialect.ts);
// fine-tuning data (JSONL whose lines are `{messages, tools?, parallel_tool_calls?, functions?}` with no `model`, or
// preference lines `{input, preferred_output, non_preferred_output}`) is `openai-finetune`. Batch files are
// batch/shapes.ts's; a file with Claude Code's own fields, or Anthropic markers, is none of these.
import { hasClaudeCodeEvidence } from '../claude-code-evidence.js';
import { batchShape } from '../batch/shapes.js';
import type { Sample } from '../sample.js';
import { dialectOf, type Evidence, messageEvidence, noEvidence, requestEvidence } from './dialect.js';

export type OpenAIShape = 'openai-chat' | 'openai-finetune';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A preference (DPO) fine-tuning line. */
export function isPreferenceLine(v: Record<string, unknown>): boolean {
  return (
    isPlainObject(v.input) &&
    (Object.hasOwn(v, 'preferred_output') ||
      Object.hasOwn(v, 'non_preferred_output') ||
      Object.hasOwn(v, 'preferred_completion') ||
      Object.hasOwn(v, 'non_preferred_completion'))
  );
}

/** A message of a plain list: a role, and content or tool calls, and none of Claude Code's entry fields. */
function isMessageLine(v: Record<string, unknown>): boolean {
  return (
    Object.hasOwn(v, 'role') &&
    (Object.hasOwn(v, 'content') || Object.hasOwn(v, 'tool_calls') || Object.hasOwn(v, 'function_call')) &&
    !Object.hasOwn(v, 'uuid') &&
    !Object.hasOwn(v, 'type')
  );
}

/** The shape of a whole JSON document: a request body or a message list in OpenAI's dialect. */
export function documentShape(v: unknown): OpenAIShape | undefined {
  if (Array.isArray(v)) {
    if (v.length === 0 || !v.every((m) => isPlainObject(m) && Object.hasOwn(m, 'role'))) return undefined;
    const e = noEvidence();
    for (const m of v) messageEvidence(m, e);
    return dialectOf(e) === 'openai' ? 'openai-chat' : undefined;
  }
  if (!isPlainObject(v) || !Array.isArray(v.messages)) return undefined;
  return dialectOf(requestEvidence(v)) === 'openai' ? 'openai-chat' : undefined;
}

const cache = new WeakMap<Sample, OpenAIShape | 'none'>();

export function openaiShape(sample: Sample): OpenAIShape | 'none' {
  let shape = cache.get(sample);
  if (shape === undefined) {
    shape = classify(sample);
    cache.set(sample, shape);
  }
  return shape;
}

/**
 * Whether the file is one JSON document: a first line that opens one (and is not followed by a line of JSONL), or a
 * single line, unless the file is named .jsonl (a fine-tuning file of one example).
 */
export function isDocumentSample(sample: Sample): boolean {
  const first = sample.line(0);
  if (first === undefined || !(first.startsWith('{') || first.startsWith('['))) return false;
  const second = sample.line(1);
  if (sample.parsedLine(0)!.ok) return second === undefined && !sample.name.endsWith('.jsonl');
  return second === undefined || !(second.startsWith('{') && sample.parsedLine(1)!.ok);
}

function classify(sample: Sample): OpenAIShape | 'none' {
  if (sample.line(0) === undefined || batchShape(sample) !== 'none') return 'none';
  if (isDocumentSample(sample)) {
    const whole = sample.document();
    if (!whole.ok) return 'none';
    // A preference example is fine-tuning data, whatever the file is called.
    if (isPlainObject(whole.value) && isPreferenceLine(whole.value)) return 'openai-finetune';
    return documentShape(whole.value) ?? 'none';
  }
  const objects: Record<string, unknown>[] = [];
  for (let i = 0; sample.line(i) !== undefined; i++) {
    const parsed = sample.parsedLine(i)!;
    if (!parsed.ok || !isPlainObject(parsed.value)) continue;
    if (hasClaudeCodeEvidence(parsed.value)) return 'none';
    objects.push(parsed.value);
  }
  const first = objects[0];
  if (!first) return 'none';
  const e: Evidence = noEvidence();
  if (Array.isArray(first.messages) || isPreferenceLine(first)) {
    for (const v of objects) {
      if (isPreferenceLine(v)) {
        e.openai++;
        if (isPlainObject(v.input)) requestEvidence(v.input, e);
      } else requestEvidence(v, e);
    }
    const dialect = dialectOf(e);
    if (dialect === 'anthropic') return 'none';
    if (Object.hasOwn(first, 'model')) return dialect === 'openai' ? 'openai-chat' : 'none';
    return dialect === 'openai' || e.roles > 0 || objects.length >= 2 ? 'openai-finetune' : 'none';
  }
  if (isMessageLine(first)) {
    for (const v of objects) messageEvidence(v, e);
    return dialectOf(e) === 'openai' ? 'openai-chat' : 'none';
  }
  return 'none';
}
