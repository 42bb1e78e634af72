// A line Claude Code cannot read (issue 35): it skips the line and resumes from the rest. Each case is the issue-14
// recording `multi` (fixtures/sessions/claude-code/recorded/recordings/multi) damaged the way the differential harness damages
// it, and fixtures/sessions/claude-code/skipped-line/first-requests.json holds what the real Claude Code 2.1.332 sent
// when it resumed the case under the strict stand-in (MOCK_STRICT=1 ../shared/oracle/resume.sh): rc, requests,
// rejections and the first request's messages. valid-json is a warning where that resume lost nothing but the line,
// an error where the skip cut the history (torn-mid-cut: rc=1, all 6 requests rejected). A torn last line is a
// warning too: Claude Code resumed it clean (torn-last: rc=0, nothing rejected).
// The NUL case contradicts claude-code-observed.md ("a NUL byte in one line makes the whole session unresumable"):
// the recording resumed it (rc=0), skipping the line; the recording wins.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';
import { RECORDED } from './helpers/recorded.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'skipped-line');
const recorded = JSON.parse(readFileSync(path.join(DIR, 'first-requests.json'), 'utf8')) as Record<
  string,
  { rc: number; requests: number; rejected: number; messages: { role: string; content: unknown }[] }
>;
const session = readFileSync(path.join(RECORDED, 'recordings', 'multi', 'session.jsonl'));

/** The recording's lines as byte ranges [start, end), each with its "\n". */
const starts: number[] = [0];
for (let i = 0; i < session.length; i++) if (session[i] === 10 && i + 1 < session.length) starts.push(i + 1);
const lineAt = (k: number): [number, number] => [starts[k - 1]!, starts[k] ?? session.length];
const cat = (...parts: Uint8Array[]): Buffer => Buffer.concat(parts);

/** Timestamps spread out 50 times, so the gap over a lost line is more than the 5 s Claude Code bridges. */
function spread(bytes: Buffer): Buffer {
  let t0: number | undefined;
  const text = bytes
    .toString('utf8')
    .split('\n')
    .map((l) =>
      l.replace(/"timestamp":"([^"]+)"/, (_, ts: string) => {
        const t = Date.parse(ts);
        t0 ??= t;
        return `"timestamp":"${new Date(t0 + (t - t0) * 50).toISOString()}"`;
      }),
    )
    .join('\n');
  return Buffer.from(text, 'utf8');
}

/** Line k torn in half with its newline, the later lines kept (a crash, then a resume that appended again). */
function tornMid(bytes: Buffer, k: number): Buffer {
  const lines = bytes.toString('latin1').split(/(?<=\n)/);
  const line = Buffer.from(lines[k - 1]!, 'latin1');
  const before = Buffer.from(lines.slice(0, k - 1).join(''), 'latin1');
  const after = Buffer.from(lines.slice(k).join(''), 'latin1');
  return cat(before, line.subarray(0, Math.floor(line.length / 2)), after);
}

const [s39] = lineAt(39);
const cases: Record<string, Buffer> = {
  // a crash 120 bytes before the end: the last line (cost-state metadata) torn
  'torn-last': session.subarray(0, session.length - 120),
  // line 39 (round two's call) torn; line 40, its result, is joined to it; line 41 on is kept (1.4 s later: bridged)
  'torn-mid-bridged': tornMid(session, 39),
  // the same with the timestamps spread out: the gap is 1 min 9 s, so the history starts at line 41
  'torn-mid-cut': tornMid(spread(session), 39),
  // 200 bytes of line 39 zeroed (its newline kept)
  'nul-mid': (() => {
    const b = Buffer.from(session);
    b.fill(0, s39 + 300, s39 + 500);
    return b;
  })(),
  // one continuation byte of a 3-byte character on line 12 lost
  'torn-char': cat(session.subarray(0, 6403), session.subarray(6404)),
};

const findings = (bytes: Uint8Array) =>
  lintBytes('t.jsonl', bytes).result.diagnostics.map((d) => [d.ruleId, d.line, d.severity]);

/** What the history holds, as the request sends it: no system messages, not the resume prompt. */
const history = (messages: readonly { role: string; content: unknown }[]) =>
  messages.filter((m) => m.role !== 'system');

describe('a line Claude Code skips', () => {
  it('the recorded resumes: clean where nothing but the line is lost, rejected where the skip cuts the history', () => {
    expect(Object.fromEntries(Object.entries(recorded).map(([k, r]) => [k, [r.rc, r.requests, r.rejected]]))).toEqual({
      'torn-last': [0, 1, 0],
      'torn-mid-bridged': [0, 1, 0],
      'torn-mid-cut': [1, 6, 6],
      'nul-mid': [0, 1, 0],
      'torn-char': [0, 1, 0],
    });
  });

  it('is a warning when Claude Code resumes everything else, an error when the history is cut below it', () => {
    expect(Object.fromEntries(Object.entries(cases).map(([k, b]) => [k, findings(b)]))).toEqual({
      'torn-last': [['valid-json', 45, 'warn']],
      'torn-mid-bridged': [
        ['valid-json', 39, 'warn'],
        ['parent-exists', 41, 'warn'],
      ],
      'torn-mid-cut': [
        ['valid-json', 39, 'error'],
        ['first-message-user', 41, 'error'],
        ['parent-exists', 41, 'error'],
      ],
      'nul-mid': [
        ['valid-json', 39, 'warn'],
        ['parent-exists', 40, 'warn'],
        ['tool-result-has-use', 40, 'warn'],
      ],
      'torn-char': [['valid-json', 12, 'warn']],
    });
  });

  it('export sends what Claude Code sent', () => {
    for (const [name, bytes] of Object.entries(cases)) {
      const sent = history(recorded[name]!.messages);
      const ours = history(
        (exportRequest('t.jsonl', bytes) as { messages: { role: string; content: unknown }[] }).messages,
      );
      // Claude Code's request ends with the resume prompt (after "No response requested." where the file ends
      // with a user turn).
      expect(ours.length, name).toBeGreaterThanOrEqual(sent.length - 1);
      expect(
        ours.map((m) => m.role),
        name,
      ).toEqual(sent.slice(0, ours.length).map((m) => m.role));
      expect(JSON.stringify(ours), name).toBe(JSON.stringify(sent.slice(0, ours.length)));
    }
  });

  it('--fix keeps the unreadable line in an entry Claude Code ignores and changes nothing else', () => {
    const lines = (b: Uint8Array) =>
      Buffer.from(b)
        .toString('latin1')
        .split(/(?<=\n)/);
    // The entry valid-json's fix writes in place of an unreadable line (these lines are UTF-8: no base64).
    const kept = (line: string, reason: string) =>
      `${JSON.stringify({ type: 'transcript-lint.kept-line', reason, text: Buffer.from(line, 'latin1').toString('utf8') })}\n`;
    const keptAt = (b: Buffer, k: number, reason: string) => {
      const ls = lines(b);
      return Buffer.from(
        [...ls.slice(0, k - 1), kept(ls[k - 1]!.replace(/\n$/, ''), reason), ...ls.slice(k)].join(''),
        'latin1',
      );
    };
    // a torn last line: safe
    const str = (b: Uint8Array) => Buffer.from(b).toString('latin1');
    const torn = fixBytes('t.jsonl', cases['torn-last']!);
    const tornLine = str(cases['torn-last']!.subarray(lineAt(45)[0]));
    expect(str(torn.output)).toBe(
      str(session.subarray(0, lineAt(45)[0])) + Buffer.from(kept(tornLine, 'torn')).toString('latin1'),
    );
    // a line that is not JSON mid-file: unsafe (what it held is no longer read); the cut one also needs parent-exists's re-link
    expect(fixBytes('t.jsonl', cases['torn-mid-bridged']!).status).toBe('unchanged');
    const bridged = fixBytes('t.jsonl', cases['torn-mid-bridged']!, { unsafe: true });
    expect(bridged.applied.map((f) => [f.ruleId, f.description])).toEqual([
      ['valid-json', 'keep the line in a transcript-lint.kept-line entry, which Claude Code ignores'],
      ['parent-exists', 're-link to the entry on line 37'],
    ]);
    const relinked = (b: Buffer) =>
      Buffer.from(
        keptAt(b, 39, 'parse')
          .toString('latin1')
          .replace(
            '{"parentUuid":"d18654ce-c584-497a-9e3b-fa139ec73b34"',
            '{"parentUuid":"0b063641-78de-4c3d-8878-11031a725883"',
          ),
        'latin1',
      );
    expect(str(bridged.output)).toBe(str(relinked(cases['torn-mid-bridged']!)));
    const cut = fixBytes('t.jsonl', cases['torn-mid-cut']!, { unsafe: true });
    expect(str(cut.output)).toBe(str(relinked(cases['torn-mid-cut']!)));
    expect(lintBytes('t.jsonl', cut.output).result.errorCount).toBe(0);
    // NUL bytes inside a string: the line does not parse without them either, so it is kept as it is (unsafe)
    const nul = fixBytes('t.jsonl', cases['nul-mid']!, { unsafe: true });
    expect(nul.applied.map((f) => f.ruleId)).toContain('valid-json');
    expect(lines(nul.output)).not.toContain(lines(cases['nul-mid']!)[38]);
    expect(lines(nul.output)).toContain(
      Buffer.from(kept(lines(cases['nul-mid']!)[38]!.replace(/\n$/, ''), 'nul')).toString('latin1'),
    );
    expect(lintBytes('t.jsonl', nul.output).result.errorCount).toBe(0);
    // invalid UTF-8: the bad byte becomes U+FFFD (unsafe), as Claude Code reads it
    const char = fixBytes('t.jsonl', cases['torn-char']!, { unsafe: true });
    const text = new TextDecoder('utf-8', { fatal: false }).decode(cases['torn-char']!);
    expect(Buffer.from(char.output).toString('utf8')).toBe(text);
  });
});
