// The recorded session rec/main+continued as the differential harness damaged it for seed 276 (lines 1-180, then
// lines 1-147 again, a NUL block at the tail, another session appended), after `transcript-lint split` moved the other
// session out: the file the harness fixes. Lines 181-327 restore a copy from before turn four's answer, after the
// second compaction (which keeps a tail); the last `last-prompt` (line 311) is a copy and names the tail of that
// copy. The fix named turn five's last call toolu_E4 (line 180) instead, and in the same run wrote the interrupted
// results Claude Code writes for the tail calls, one of them below toolu_E4. Claude Code 2.1.332 then did not take the
// named call as the leaf (it has a reply below it) and resumed the file's last row, turn four's prompt, sending none
// of turns four and five (the .named-call.request.json beside the file); and lint said nothing. Named, the result
// below toolu_E4 is resumed with everything before it (.fixed.request.json). MOCK_STRICT=1 ../shared/oracle/resume.sh.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, exportedConversation } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'restored-tail-named');
const NAME = '380d0001-7308-4554-be1e-3cfe89e25f07';
const file = path.join(DIR, `${NAME}.jsonl`);
const split = readFileSync(file);
const exported = (data: Uint8Array): Message[] => exportedConversation(file, data);
const recorded = (variant: string): Message[] => recordedConversation(path.join(DIR, `${NAME}${variant}.request.json`));
const E4_CALL = 'c4c83fb9-8968-4a10-9bd8-cc7bb5f9f91e';
const lastPromptOf = (text: string): string =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{"type":"last-prompt"'))
    .at(-1)!;

describe('a restored copy after a compaction that keeps a tail, the newest turn named by the fix', () => {
  const fixed = Buffer.from(fixBytes(file, split, { unsafe: true }).output).toString('utf8');
  const leafOf = (text: string): string => (JSON.parse(lastPromptOf(text)) as { leafUuid: string }).leafUuid;

  it('the fixed file names the interrupted result below toolu_E4 and sends turns four and five', () => {
    const resultLine = fixed.split('\n').find((l) => l.includes(`"parentUuid":"${E4_CALL}"`))!;
    expect(resultLine).toContain('"tool_use_id":"toolu_E4"');
    expect(leafOf(fixed)).toBe((JSON.parse(resultLine) as { uuid: string }).uuid);
    const sent = exported(Buffer.from(fixed));
    expect(sent).toEqual(recorded('.fixed'));
    expect(JSON.stringify(sent)).toContain('toolu_D1');
    expect(JSON.stringify(sent)).toContain('toolu_E4');
  });

  it('named at the call, with a reply below it, the last row is resumed: an error, fixed by naming the reply', () => {
    const named = fixed.replace(lastPromptOf(fixed), lastPromptOf(fixed).replace(leafOf(fixed), E4_CALL));
    expect(named).not.toBe(fixed);
    expect(exported(Buffer.from(named))).toEqual(recorded('.named-call'));
    const errors = lintBytes(file, Buffer.from(named)).result.diagnostics.filter((d) => d.severity === 'error');
    const line = named.split('\n').indexOf(lastPromptOf(named)) + 1;
    const callLine = named.split('\n').findIndex((l) => l.includes(`"uuid":"${E4_CALL}"`)) + 1;
    expect(errors.map((d) => [d.ruleId, d.line, d.message])).toEqual([
      [
        'last-prompt-leaf',
        line,
        `\`leafUuid\` ${E4_CALL} names line ${callLine}, which has replies below it; after a compaction that keeps a tail, Claude Code takes only a message with no reply below it as the named leaf, so it resumes from line 239, the last entry of the file, and sends none of the later turns below it (line ${callLine + 1} among them).`,
      ],
    ]);
    expect(Buffer.from(fixBytes(file, Buffer.from(named), { unsafe: true }).output).toString('utf8')).toBe(fixed);
  });
});
