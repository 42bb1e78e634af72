// The model of a Claude Code session: entries from its JSONL lines, the uuid chain as Claude Code walks it on
// resume, and the request it compiles from that chain.
import type { SourceFile } from '../../loader/read-jsonl.js';
import { type ModelParts, TranscriptModel } from '../../model/index.js';
import { buildChain } from './chain.js';
import { compileRequest } from './compile.js';
import { buildEntries } from './entries.js';

export const CLAUDE_CODE = 'claude-code';

const parts: ModelParts = { format: CLAUDE_CODE, buildEntries, buildChain, compile: (chain) => compileRequest(chain) };

export function claudeCodeModel(file: SourceFile): TranscriptModel {
  return new TranscriptModel(file, parts);
}
