// The corpus session plain+continued as the differential harness damaged it for seed 270: terminal A's call
// toolu_termA1 (line 36) lost its result (line 37, another writer's line written inside it; line 38 is its end), and
// its answer "Terminal A is done." (line 40) follows, bridged to the call. The call comes after the last prompt but
// does not end the history: Claude Code 2.1.332 dropped the entry holding it, as any call with no result anywhere,
// and sent the two texts of the turn (the .request.json beside the file, MOCK_STRICT=1 ../shared/oracle/resume.sh).
// Export had spared every call after the last prompt and sent the call with an interrupted result.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, exportedConversation } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'unanswered-before-answer');
const NAME = '9911677b-61b2-43a6-81f7-a633b2b37f4b';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);
const exported = (data: Uint8Array): Message[] => exportedConversation(file, data);

describe('a call after the last prompt whose result is lost, with the answer below it', () => {
  it('export sends what Claude Code sent: the turn without the call', () => {
    const sent = exported(damaged);
    expect(sent).toEqual(recordedConversation(path.join(DIR, `${NAME}.request.json`)));
    expect(JSON.stringify(sent)).not.toContain('toolu_termA1');
    expect(JSON.stringify(sent)).toContain('Terminal A is done.');
  });

  it('the dropped call is an error, at the call and at the line that held its result', () => {
    const errors = lintBytes(file, damaged).result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.ruleId, d.line])).toEqual([
      ['tool-use-has-result', 36],
      ['valid-json', 37],
    ]);
  });

  it('the fixed file sends the call and its result, as Claude Code did for it', () => {
    const out = fixBytes(file, damaged, { unsafe: true });
    const sent = exported(out.output);
    expect(sent).toEqual(recordedConversation(path.join(DIR, `${NAME}.fixed.request.json`)));
    expect(JSON.stringify(sent)).toContain('"tool_use_id":"toolu_termA1"');
  });
});
