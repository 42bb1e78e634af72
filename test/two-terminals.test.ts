// Two terminals resuming one session at once (issue 35), recorded with the real Claude Code 2.1.332: the corpus
// session plain.jsonl (lines 1-22), then what two resumes of it appended (../shared/oracle resume.sh, each answered by
// the stand-in with a text and a Bash call in one response), their lines interleaved. Beside it is the first request
// Claude Code sent when it resumed the file (MOCK_STRICT=1: rc=0, 1 request, 0 rejected): the branch of the last
// `last-prompt` (terminal C), each response regrouped by message.id; terminal B's turn is not sent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../src/composition.js';
import { exportRequest, lintBytes } from '../src/index.js';
import { RECORDED } from './helpers/recorded.js';
import { type Message, stripCacheControl } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'two-terminals');
const stored = readFileSync(path.join(DIR, 'two-terminals.jsonl'));

describe('two terminals resuming one session', () => {
  it('export: the messages Claude Code sent (terminal C only)', () => {
    const format = linter.detect('t.jsonl', stored);
    const ours = (format.exportRequest!(format.load('t.jsonl', stored, {})) as { messages: Message[] }).messages;
    const { messages } = JSON.parse(readFileSync(path.join(DIR, 'two-terminals.request.json'), 'utf8')) as {
      messages: Message[];
    };
    // without role "system" messages and the resume prompt, and without cache_control (request-only decoration)
    const sent = stripCacheControl(messages.filter((m) => m.role !== 'system')) as Message[];
    expect(sent.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'continue' }] });
    expect(ours.filter((m) => m.role !== 'system')).toEqual(sent.slice(0, -1));
    expect(JSON.stringify(sent)).not.toContain('toolu_termB1');
  });

  it('lint: one warning that says which branch resumes and that the other is not sent; no merge reported', () => {
    const diags = lintBytes('t.jsonl', stored).result.diagnostics;
    expect(diags.map((d) => [d.ruleId, d.messageId, d.severity, d.line])).toEqual([
      ['resume-branch', 'concurrentBranch', 'warn', 57],
    ]);
    expect(diags[0]!.message).toBe(
      "Two resumes of this session wrote at once (two terminals): after line 19 their lines interleave. Resume continues the branch ending here, named by the last `last-prompt` (line 58); the other resume's turns, ending at line 47, are not sent.",
    );
    expect(diags[0]!.related.map((r) => r.line)).toEqual([47, 19, 58]);
  });

  it('without the concurrent writes (terminal B alone, then C appended after it) nothing is reported as concurrent', () => {
    const lines = stored.toString('utf8').split('\n');
    // Terminal B's entries are lines 26, 28, 29, 38, 42, 44, 47 and its last-prompt line 48 (C's: 30, 36, 39, 53-58):
    // put them all before C's, as if C had resumed after B finished.
    const bLines = new Set([26, 28, 29, 38, 42, 44, 47, 48]);
    const head = lines.slice(0, 25);
    const rest = lines.slice(25, -1).map((l, i) => ({ l, n: i + 26 }));
    const reordered = [
      ...head,
      ...rest.filter((x) => bLines.has(x.n)).map((x) => x.l),
      ...rest.filter((x) => !bLines.has(x.n)).map((x) => x.l),
    ];
    const diags = lintBytes('t.jsonl', Buffer.from(`${reordered.join('\n')}\n`)).result.diagnostics;
    expect(diags.filter((d) => d.messageId === 'concurrentBranch')).toEqual([]);
  });
});

// The differential harness's seed 37 (issue 35): the recording `interrupt` (fixtures/sessions/claude-code/recorded), then two
// terminals' recorded continuations interleaved, then a crash and a resume that tore line 73 (a `last-prompt`).
// Terminal B's response is split by terminal C's answer (lines 70, 71, 72), but along the chain its second part
// (line 72) hangs right below its first (line 70). Claude Code 2.1.332 resumed it clean (MOCK_STRICT=1: rc=0,
// 1 request, 0 rejected) and sent B's response as one message: no merge of two responses to report.
describe('two terminals, then a line torn by a crash (harness seed 37)', () => {
  const file = Buffer.concat([
    readFileSync(path.join(RECORDED, 'recordings', 'interrupt', 'session.jsonl')),
    readFileSync(path.join(DIR, 'interrupt-torn.tail.jsonl')),
  ]);

  it('lint: no split-assistant-message; the torn line and the branch are warnings', () => {
    const diags = lintBytes('t.jsonl', file).result.diagnostics;
    expect(diags.map((d) => [d.ruleId, d.severity, d.line])).toEqual([
      ['valid-json', 'warn', 73],
      ['resume-branch', 'warn', 77],
    ]);
  });

  it('export: the messages Claude Code sent, terminal B regrouped into one response', () => {
    const ours = (exportRequest('t.jsonl', file) as { messages: Message[] }).messages;
    const { messages } = JSON.parse(readFileSync(path.join(DIR, 'interrupt-torn.request.json'), 'utf8')) as {
      messages: Message[];
    };
    const sent = stripCacheControl(messages.filter((m) => m.role !== 'system')) as Message[];
    expect(ours.filter((m) => m.role !== 'system')).toEqual(sent.slice(0, -1));
    const b = sent.filter((m) => JSON.stringify(m).includes('Terminal B checks'));
    expect(b).toHaveLength(1);
    expect(JSON.stringify(b[0])).toContain('toolu_termB1');
  });
});
