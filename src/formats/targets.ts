// The readers files are judged for. Each format lists the ones that make sense for its files (the first is its
// default); a rule names its severity for the targets it knows.
import type { TargetSpec } from './types.js';

export const CLAUDE_CODE_TARGET: TargetSpec = {
  id: 'claude-code',
  description: 'as Claude Code resumes it: errors break resume or lose history, warnings are papered over',
};

export const API: TargetSpec = {
  id: 'api',
  description: 'as a raw Messages API request, with no client-side repair: everything the API rejects is an error',
};

export const BEDROCK: TargetSpec = {
  id: 'bedrock',
  description: "as a Messages API request to Amazon Bedrock: the api target's rules plus Bedrock's stricter ones",
  extends: 'api',
};

export const OPENAI: TargetSpec = {
  id: 'openai',
  description:
    'as a request to the OpenAI API (Chat Completions, fine-tuning, Batch): everything it rejects is an error',
};

export const COPILOT_TARGET: TargetSpec = {
  id: 'copilot',
  description:
    'as GitHub Copilot CLI 1.0.102 resumes it: errors make resume fail, get the request rejected or lose conversation (often in its silent rewrite of the file); warnings are what it copes with',
};

export const CLINE_TARGET: TargetSpec = {
  id: 'cline',
  description:
    "as Cline sends the history (its repairs before each request are warnings, what still reaches the API broken is an error); the api target's rules judge what it sends",
  extends: 'api',
};

export const ROO_TARGET: TargetSpec = {
  id: 'roo',
  description:
    "as Roo Code sends the history to an Anthropic-protocol provider (condensed and internal parts left out, user turns merged); the api target's rules judge what it sends",
  extends: 'api',
};

export const CODEX_TARGET: TargetSpec = {
  id: 'codex',
  description:
    'as Codex CLI 0.169.0 resumes it: errors stop resume, send a request the API rejects or lose history; warnings are repaired in the request or skipped by Codex',
};

export const OPENAI_RESPONSES: TargetSpec = {
  id: 'openai-responses',
  description:
    "as a raw Responses API input, with none of Codex's request-only repairs: everything the API rejects is an error",
  extends: 'codex',
};

export const GEMINI_TARGET: TargetSpec = {
  id: 'gemini',
  description:
    'as Gemini CLI 0.61.0 resumes it: errors make the Gemini API reject the resumed request or lose history; warnings are what the CLI copes with',
};

export const QWEN_TARGET: TargetSpec = {
  id: 'qwen',
  description:
    'as Qwen Code 0.24.4 resumes it: errors lose history or stop resume; warnings are what it papers over with made-up tool results',
};
