// A session compacted twice, with its own first 117 lines appended again (a restored backup), a torn line and a line
// written inside another (the differential harness's seed 178, its api-request lines left out). The copy ends with
// its old `last-prompt`, naming "Seven done." (line 260), the preserved tail of the second compaction. Claude Code
// 2.1.332 resumes that stale leaf and still applies the second compaction (the last boundary in its Map order: the
// copied first boundary keeps the place of its first line), so it sent the second summary and "Seven done." alone,
// none of the turns after the compaction (the .request.json beside the file, MOCK_STRICT=1
// ../shared/oracle/resume.sh). --fix --unsafe-fixes names the newest turn in the last `last-prompt`: the fixed file
// sent every turn after the compaction (.fixed.request.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, exportedConversation } from './helpers/sent-messages.js';

const DIR = path.resolve(
  import.meta.dirname,
  '..',
  'fixtures',
  'sessions',
  'claude-code',
  'restored-after-compactions',
);
const NAME = '380d0001-7308-4554-be1e-3cfe89e25f07';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);

const exported = (data: Uint8Array): Message[] => exportedConversation(file, data);
const sent = (name: string): Message[] => recordedConversation(path.join(DIR, name));

describe('a restored copy of a session compacted twice, with its stale last-prompt', () => {
  it('export sends what Claude Code sent: the second summary and its preserved tail alone', () => {
    expect(exported(damaged)).toEqual(sent(`${NAME}.request.json`));
    expect(JSON.stringify(exported(damaged))).toContain('Seven done.');
  });

  it('is an error on the stale last-prompt', () => {
    const errors = lintBytes(file, damaged)
      .result.diagnostics.filter((d) => d.severity === 'error')
      .map((d) => [d.ruleId, d.line]);
    expect(errors).toEqual([['last-prompt-leaf', 261]]);
  });

  it('the fixed file sends every turn after the compaction, as Claude Code did for it', () => {
    const out = fixBytes(file, damaged, { unsafe: true }).output;
    const prompts = Buffer.from(out)
      .toString('utf8')
      .split('\n')
      .filter((l) => l.startsWith('{"type":"last-prompt"'));
    // "All done.", the newest turn, rebuilt by valid-json from the line written inside it
    expect(JSON.parse(prompts.at(-1)!).leafUuid).toBe('9b056505-02a1-4604-8eba-22f68ab0defd');
    expect(exported(out)).toEqual(sent(`${NAME}.fixed.request.json`));
    const said = JSON.stringify(exported(out));
    for (const t of ['turn four: run six commands', 'toolu_D6', 'turn five: run five commands', 'All done.'])
      expect(said).toContain(t);
  });
});
