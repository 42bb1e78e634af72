// The recorded session rec/main as the differential harness cut it for seed 234, without the torn line it appended:
// compacted with a preserved tail ("Five done."), then the prompt "turn three" and its attachments (lines 80-84), and
// no answer. Claude Code 2.1.332 resumed from below the prompt's attachments and sent the user-rendered one (line 83,
// the git attribution reminder), moved up after "Five done." (the .request.json beside the file, MOCK_STRICT=1
// ../shared/oracle/resume.sh). The chain had stopped at the prompt, and export left that text out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRequest, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, stripCacheControl } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'compacted-prompt-tail');
const NAME = '380d0001-7308-4554-be1e-3cfe89e25f07';
const file = path.join(DIR, `${NAME}.jsonl`);
const data = readFileSync(file);

describe("a compacted session that ends at a prompt's attachments", () => {
  it("export sends what Claude Code sent, the prompt's attachment text included", () => {
    const messages = (exportRequest(file, data) as { messages: Message[] }).messages;
    const sent = recordedConversation(path.join(DIR, `${NAME}.request.json`));
    // The system messages Claude Code writes afresh on resume are compared by recordedConversation's filter.
    expect(stripCacheControl(messages.filter((m) => m.role !== 'system'))).toEqual(sent);
    expect(JSON.stringify(sent)).toContain('Attribution for git commits');
  });

  it('no problems: Claude Code resumes it whole', () => {
    expect(lintBytes(file, data).result.diagnostics).toEqual([]);
  });
});
