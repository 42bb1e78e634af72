// The recorded session rec/server+continued with its own first 46 lines appended again (the differential harness's
// seed 222). The copy ends at the first part of terminal A's response (line 98, a copy of line 46), and its
// `last-prompt` (line 85) names the turn before. Claude Code 2.1.332 resumed from the copied part, spliced in the
// response's call and result, and did not send the answer below the result, "Terminal A is done." (line 50; the
// .request.json beside the file, MOCK_STRICT=1 ../shared/oracle/resume.sh). Only unique-uuid's warnings, which say
// nothing is lost, fired before: the turn below a spliced part was not looked for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, exportedConversation } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'restored-mid-response');
const NAME = '9e31b360-be1a-4121-acb2-b3c52dbcfd2d';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);
const exported = (data: Uint8Array): Message[] => exportedConversation(file, data);

describe("a restored copy that ends at a response's first part", () => {
  it('export sends what Claude Code sent: the call and its result, not the answer below', () => {
    const sent = exported(damaged);
    expect(sent).toEqual(recordedConversation(path.join(DIR, `${NAME}.request.json`)));
    expect(JSON.stringify(sent)).toContain('toolu_termA1');
    expect(JSON.stringify(sent)).not.toContain('Terminal A is done.');
  });

  it('last-prompt-leaf reports the answer that is not sent', () => {
    const errors = lintBytes(file, damaged).result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.ruleId, d.line])).toEqual([['last-prompt-leaf', 85]]);
    expect(errors[0]!.message).toContain('line 50 among them');
  });

  it('the fixed file sends the answer too, as Claude Code did for it', () => {
    const out = fixBytes(file, damaged, { unsafe: true });
    const sent = exported(out.output);
    expect(sent).toEqual(recordedConversation(path.join(DIR, `${NAME}.fixed.request.json`)));
    expect(JSON.stringify(sent)).toContain('Terminal A is done.');
  });
});
