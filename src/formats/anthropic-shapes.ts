// Telling apart the three Anthropic-dialect inputs from a file's first lines: a Claude Code session (JSONL entries),
// a Messages API request body (one JSON document), a message list (a JSON array, or JSONL of `{role, content}`).
// The three formats' detect() read this one classification, so they never disagree. A file with none of their
// shapes is none of theirs: it is reported as not understood (known-format), never taken for a session. A batch file
// (batch/shapes.ts) or an OpenAI input (openai/shapes.ts) is none of theirs either, though it holds `messages`.
import { batchShape } from './batch/shapes.js';
import { openaiShape } from './openai/shapes.js';
import { CLAUDE_CODE_KEY_TEXT, hasClaudeCodeEvidence } from './claude-code-evidence.js';
import type { Sample } from './sample.js';

export type AnthropicShape = 'claude-code' | 'request' | 'messages' | 'none';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A message of a plain list: `{role, content}` with neither a uuid nor a type (Claude Code entries have both). */
function isMessageShape(v: unknown): boolean {
  return (
    isPlainObject(v) &&
    Object.hasOwn(v, 'role') &&
    Object.hasOwn(v, 'content') &&
    !Object.hasOwn(v, 'uuid') &&
    !Object.hasOwn(v, 'type')
  );
}

function isMessageArray(v: unknown): boolean {
  return Array.isArray(v) && v.every((m) => isPlainObject(m) && Object.hasOwn(m, 'role'));
}

/**
 * A request body: an object with `messages`, unless those messages are plainly another tool's (objects with a
 * `type` and no `role`, as Gemini CLI's session files hold).
 */
function isRequestDocument(v: unknown): boolean {
  if (!isPlainObject(v) || !Object.hasOwn(v, 'messages')) return false;
  const { messages } = v;
  if (!Array.isArray(messages) || messages.length === 0) return true;
  return !messages.every((m) => isPlainObject(m) && !Object.hasOwn(m, 'role') && Object.hasOwn(m, 'type'));
}

/** Parameters of a Messages API request besides `model`: with `model`, an object that has one is a request. */
const REQUEST_PARAMETERS = ['max_tokens', 'system', 'tools', 'tool_choice', 'temperature', 'stream', 'thinking'];

function isRequestWithoutMessages(v: unknown): boolean {
  return isPlainObject(v) && Object.hasOwn(v, 'model') && REQUEST_PARAMETERS.some((k) => Object.hasOwn(v, k));
}

function classifyDocument(v: unknown): AnthropicShape {
  if (isRequestDocument(v)) return 'request';
  if (isMessageArray(v)) return 'messages';
  return 'none';
}

const cache = new WeakMap<Sample, AnthropicShape>();

export function anthropicShape(sample: Sample): AnthropicShape {
  let shape = cache.get(sample);
  if (shape === undefined) {
    shape = classify(sample);
    cache.set(sample, shape);
  }
  return shape;
}

/** Request keys, seen in the first lines of a document that does not parse. */
const REQUEST_KEY = /"(?:messages|model|max_tokens|system|tools)"\s*:/;
const ROLE_KEY = /"role"\s*:/;
/** How an Anthropic request's text starts: its first key, and for `model` a Claude model. */
const COMPACT_REQUEST_START =
  /^\{\s*(?:"model"\s*:\s*"(?:claude|anthropic)|"(?:max_tokens|anthropic_version|system)"\s*:)/;

/**
 * A document spread over lines, opened by a lone `{` or `[`: by what it holds when it parses (another tool's JSON,
 * a package.json, is none of ours); when it does not (a request cut short, or too large to judge whole), a request or
 * a message list if its first lines name their keys.
 */
function spreadDocument(sample: Sample, bracket: '{' | '['): AnthropicShape {
  const whole = sample.document();
  if (whole.ok) {
    const shape = classifyDocument(whole.value);
    // A request that lacks its messages is still one (entry-shape says what is missing).
    return shape === 'none' && isRequestWithoutMessages(whole.value) ? 'request' : shape;
  }
  let head = '';
  for (let i = 0; sample.line(i) !== undefined; i++) head += `${sample.line(i)}\n`;
  if (bracket === '{') return REQUEST_KEY.test(head) ? 'request' : 'none';
  return ROLE_KEY.test(head) ? 'messages' : 'none';
}

/**
 * The shape, from the first non-blank lines. A document spread over lines (a Claude Code session never is) is
 * taken by what it holds (spreadDocument); a lone bracket followed by a whole JSON object on the next line is a
 * damaged line of JSONL instead. In JSONL the first object line decides
 * between a message list and a request; a session needs Claude Code's own fields on one of its lines.
 */
function classify(sample: Sample): AnthropicShape {
  if (batchShape(sample) !== 'none' || openaiShape(sample) !== 'none') return 'none';
  const first = sample.line(0);
  // An empty file: an empty session (Claude Code writes the file before its first entry).
  if (first === undefined) return 'claude-code';
  const second = sample.line(1);
  const nextIsObjectLine = second?.startsWith('{') && sample.parsedLine(1)!.ok;
  if ((first === '{' || first === '[') && !nextIsObjectLine) return spreadDocument(sample, first);
  let decided: AnthropicShape | undefined;
  let evidence = false;
  for (let i = 0; sample.line(i) !== undefined; i++) {
    const line = sample.line(i)!;
    const parsed = sample.parsedLine(i)!;
    if (!parsed.ok) {
      // A document spread over lines whose first line is more than a bracket: judge the whole text.
      if (i === 0 && (line.startsWith('{') || line.startsWith('['))) {
        const whole = sample.document();
        if (whole.ok) return classifyDocument(whole.value);
      }
      evidence ||= CLAUDE_CODE_KEY_TEXT.test(sample.lineText(i) ?? line);
      // A compact request that does not parse (cut short, one line): valid-json then says where it breaks. Only by
      // its first key, and a Claude model when that is the model: other formats' lines name `model` or `messages`
      // too (a Codex rollout's session_meta, an OpenAI request or fine-tuning line), and a session's names its own.
      if (i === 0 && !evidence && sample.line(1) === undefined && COMPACT_REQUEST_START.test(line)) return 'request';
      continue;
    }
    const v = parsed.value;
    if (Array.isArray(v)) {
      // A compact message array is the whole file; an array line among others is a damaged line of JSONL.
      if (sample.line(i + 1) === undefined && decided === undefined) return isMessageArray(v) ? 'messages' : 'none';
      continue;
    }
    if (!isPlainObject(v)) continue;
    if (decided === undefined) {
      if (isMessageShape(v)) return 'messages';
      if (isRequestDocument(v)) return 'request';
      // Another tool's conversation document (Gemini CLI's holds `sessionId` too): none of the three.
      if (Array.isArray(v.messages)) return 'none';
      decided = 'claude-code';
    }
    evidence ||= hasClaudeCodeEvidence(v);
    if (evidence) return 'claude-code';
  }
  return evidence ? 'claude-code' : 'none';
}
