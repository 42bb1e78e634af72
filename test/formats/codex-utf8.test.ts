// Invalid UTF-8 (a torn multi-byte character) and a BOM in a rollout, against the real Codex CLI 0.169.0: what lint
// says, what export says Codex does, the fix, and export of the fixed file against what Codex then sent
// (fixtures/sessions/codex/utf8, README there).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';

const SHELL = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings', 'shell');
const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'utf8');
const name = readFileSync(path.join(SHELL, 'rollout.name'), 'utf8').trim();
const lines = readFileSync(path.join(SHELL, 'rollout.jsonl')).subarray(0, -1).toString('latin1').split('\n');
const outcomes = JSON.parse(readFileSync(path.join(DATA, 'outcomes.json'), 'utf8')) as Record<
  string,
  { damaged: { rc: number; error: string } }
>;

const BOM = '\xef\xbb\xbf';
const EURO = '\xe2\x82\xac';
const LF = (ls: string[]): string => `${ls.join('\n')}\n`;
const edit = (n: number, from: string, to: string): string[] => {
  const copy = [...lines];
  expect(copy[n - 1]).toContain(from);
  copy[n - 1] = copy[n - 1]!.replace(from, to);
  return copy;
};

/** The damaged files, as bytes (built in latin1: one char a byte). */
const damaged: Record<string, () => string> = {
  'torn-char-mid': () => LF(edit(8, 'run echo one', `run echo ${EURO.slice(0, 2)}one`)),
  'torn-char-tail': () => {
    const copy = edit(19, 'printed one.', `printed ${EURO}one.`);
    const last = copy[18]!;
    copy[18] = last.slice(0, last.indexOf(EURO) + 2);
    return copy.join('\n');
  },
  'torn-char-session-meta': () => LF(edit(1, '"cwd":"', '"cwd":"\xc3')),
  'bom-then-torn-char': () => BOM + LF(edit(8, 'run echo one', `run echo ${EURO.slice(0, 2)}one`)),
  'bom-torn-char-line-2': () =>
    BOM + LF(edit(2, '"type":"task_started"', `"type":"task_started","x":"${EURO.slice(0, 2)}"`)),
  'bom-crlf-torn-end': () => {
    const copy = [...lines];
    copy[18] = copy[18]!.slice(0, 200);
    return BOM + copy.join('\r\n');
  },
};
const bytesOf = (c: string): Buffer => Buffer.from(damaged[c]!(), 'latin1');

const LIST_TURNS = 'thread/resume failed: list_turns is not supported yet (code -32601)';
const META_UTF8 = 'failed to read session metadata <path>: stream did not contain valid UTF-8 (code -32603)';
const BOM_FATAL =
  'failed to read session metadata <path>: rollout at <path> does not start with session metadata (code -32603)';
const utf8 = (line: number, message: string) => ({
  messageId: 'utf8',
  line,
  severity: 'error',
  message: `Line is not valid UTF-8: Codex cannot read the file at all, and resume fails before any request ("${message}").`,
});
const bom = {
  messageId: 'bom',
  line: 1,
  severity: 'error',
  message: `File starts with a UTF-8 byte order mark: Codex reads the session_meta behind it as garbage, and resume fails before any request ("${BOM_FATAL}").`,
};
const torn = {
  messageId: 'torn',
  line: 19,
  severity: 'warning',
  message:
    'Last line is cut off mid-record (a crash while writing); Codex skips it, and what it held is lost on resume.',
};

const cases: { name: string; fatal: string; found: Record<string, unknown>[] }[] = [
  { name: 'torn-char-mid', fatal: LIST_TURNS, found: [utf8(8, LIST_TURNS)] },
  { name: 'torn-char-tail', fatal: LIST_TURNS, found: [utf8(19, LIST_TURNS)] },
  { name: 'torn-char-session-meta', fatal: META_UTF8, found: [utf8(1, META_UTF8)] },
  { name: 'bom-then-torn-char', fatal: BOM_FATAL, found: [bom, utf8(8, LIST_TURNS)] },
  { name: 'bom-torn-char-line-2', fatal: META_UTF8, found: [bom, utf8(2, META_UTF8)] },
  { name: 'bom-crlf-torn-end', fatal: BOM_FATAL, found: [bom, torn] },
];

describe('invalid UTF-8 and a BOM: what Codex 0.169.0 does (recorded)', () => {
  it.each(cases)('$name: export names the error Codex stopped with', ({ name: c, fatal }) => {
    const exported = exportInput(codexRollout.load(name, bytesOf(c), {}));
    expect(exported).toEqual({ fatal, input: [] });
    expect(outcomes[c]!.damaged.rc).toBe(1);
    expect(outcomes[c]!.damaged.error.endsWith(fatal)).toBe(true);
  });

  it.each(cases)('$name: lint says what Codex does', ({ name: c, found }) => {
    const diagnostics = lintBytes(name, bytesOf(c), { target: 'codex' }).result.diagnostics;
    expect(
      diagnostics.map((d) => ({
        messageId: d.messageId,
        line: d.line,
        severity: d.severity === 'warn' ? 'warning' : d.severity,
        message: d.message,
      })),
    ).toEqual(found);
    expect(diagnostics.every((d) => d.ruleId === 'codex/valid-jsonl')).toBe(true);
  });

  it.each(cases)('$name: --fix leaves a clean file that Codex resumed, export equal to what it sent', ({ name: c }) => {
    const fixed = fixBytes(name, bytesOf(c), {}).output;
    expect(lintBytes(name, fixed, {}).result.diagnostics).toEqual([]);
    const exported = exportInput(codexRollout.load(name, fixed, {}));
    expect(exported.fatal).toBeUndefined();
    const sent = JSON.parse(readFileSync(path.join(DATA, `${c}.fixed-sent-input.json`), 'utf8')) as Record<
      string,
      unknown
    >[];
    // After the file: the environment context Codex adds for the new date, and the prompt.
    expect(sent.length - exported.input.length).toBe(2);
    const theirs = sent.slice(0, exported.input.length).map((x, i) => (i === 0 ? { ...x, id: undefined } : x));
    expect(JSON.parse(JSON.stringify(exported.input))).toEqual(JSON.parse(JSON.stringify(theirs)));
  });

  it('the fix of a torn character replaces only its bytes, with U+FFFD, and marks the record', () => {
    const fixed = Buffer.from(fixBytes(name, bytesOf('torn-char-mid'), {}).output)
      .toString('utf8')
      .split('\n');
    const original = Buffer.from(LF(lines), 'latin1').toString('utf8').split('\n');
    expect(fixed.length).toBe(original.length);
    for (const [i, l] of fixed.entries()) if (i !== 7) expect(l).toBe(original[i]);
    expect(fixed[7]).toBe(
      original[7]!
        .replace('run echo one', 'run echo \ufffdone')
        .replace(/\}$/, ',"transcript_lint":{"rule":"codex/valid-jsonl","repaired":"utf8"}}'),
    );
  });

  it('BOM, CRLF and a torn end: the BOM goes, the torn line is kept in a record Codex skips, every CRLF stays', () => {
    const input = bytesOf('bom-crlf-torn-end');
    const fixed = Buffer.from(fixBytes(name, input, {}).output);
    const kept = JSON.stringify({
      timestamp: JSON.parse(lines[17]!).timestamp,
      type: 'transcript_lint_kept_line',
      payload: { reason: 'torn', text: lines[18]!.slice(0, 200) },
      transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
    });
    const expected = Buffer.from(`${[...lines.slice(0, 18), kept].join('\r\n')}`, 'latin1');
    expect(fixed.toString('latin1')).toBe(expected.toString('latin1'));
  });
});
