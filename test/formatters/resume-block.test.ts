// The end of the stylish report: each session that will not resume, with the commands that repair and resume it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstClause } from '../../src/formatters/resume-block.js';
import { stylish } from '../../src/formatters/stylish.js';
import type { SessionRef } from '../../src/formatters/types.js';
import { displayWidth, fitWidth, wrapText } from '../../src/formatters/wrap-text.js';
import { CWD, diag, result } from './results.js';

const ID = '6b0f3c1e-1111-4222-8333-444455556666';
const CODEX_ID = '01a230f0-4c32-7540-bc27-a814d7990323';
const claudeFile = path.join(CWD, '.claude', 'projects', '-home-me-app', `${ID}.jsonl`);
const codexFile = path.join(CWD, '.codex', 'sessions', `rollout-2026-12-01T09-29-44-${CODEX_ID}.jsonl`);
const sessions = new Map<string, SessionRef>([
  [claudeFile, { agent: 'Claude Code', id: ID, project: '~/src/shop-api', resume: `claude --resume ${ID}` }],
  [codexFile, { agent: 'Codex CLI', id: CODEX_ID, resume: `codex resume ${CODEX_ID}` }],
]);
const safe = { fix: { applicability: 'safe' as const, description: 'drop it' } };
const torn = diag(
  'valid-json',
  13,
  'Last line is cut off mid-entry (a crash while writing); Claude Code skips it.',
  safe,
);

describe('the resume block', () => {
  it('names each session with errors: agent, id, project, first error, repair and resume commands', () => {
    const results = [
      result(claudeFile, [diag('tool-use-has-result', 8, 'no result', { ...safe, severity: 'warn' }), torn]),
      result(codexFile, [
        diag('codex/valid-jsonl', 20, 'Line is not valid UTF-8: Codex cannot read the file at all.', {
          fix: { applicability: 'unsafe', description: 'drop it' },
        }),
        diag('codex/session-meta', 1, 'no session_meta', safe),
      ]),
    ];
    const out = stylish(results, { cwd: CWD, color: false, sessions });
    expect(out.slice(out.indexOf('Linted 2 files.'))).toBe(
      [
        'Linted 2 files.',
        '',
        '2 sessions will not resume as they are:',
        `  Claude Code ${ID} (~/src/shop-api)`,
        '    valid-json: Last line is cut off mid-entry (a crash while writing)',
        `    transcript-lint --session ${ID} --fix`,
        `    claude --resume ${ID}`,
        `  Codex CLI ${CODEX_ID}`,
        '    codex/valid-jsonl: Line is not valid UTF-8 (+1 more error)',
        `    transcript-lint --session ${CODEX_ID} --fix --unsafe-fixes`,
        `    codex resume ${CODEX_ID}`,
        '',
      ].join('\n'),
    );
  });

  it('says so when no fix repairs an error, and gives no resume command then', () => {
    const out = stylish([result(claudeFile, [diag('entry-shape', 3, 'message has no content')])], {
      cwd: CWD,
      color: false,
      sessions,
    });
    expect(out).toMatch(
      /1 session will not resume as it is:\n {2}Claude Code .*\n {4}entry-shape: message has no content\n {4}no fix repairs entry-shape: `transcript-lint explain entry-shape` says what to do\n$/,
    );
  });

  it('gives --fix first when other errors have fixes, then says to lint again, with no resume command', () => {
    const unfixed = diag('first-message-user', 42, 'The request starts with this assistant entry; the API rejects it.');
    const boundary = diag('compact-summary', 50, 'This compact boundary has no summary', {
      fix: { applicability: 'unsafe', description: 'write it' },
    });
    const out = stylish([result(claudeFile, [unfixed, boundary])], { cwd: CWD, color: false, sessions });
    expect(out.slice(out.indexOf('1 session will not resume'))).toBe(
      [
        '1 session will not resume as it is:',
        `  Claude Code ${ID} (~/src/shop-api)`,
        '    first-message-user: The request starts with this assistant entry (+1 more error)',
        `    transcript-lint --session ${ID} --fix --unsafe-fixes`,
        '    then lint it again: no fix of its own repairs first-message-user (`transcript-lint explain first-message-user` says what to do)',
        '',
      ].join('\n'),
    );
  });

  it('leaves out files with warnings only and files that are no session in an agent folder', () => {
    const warned = result(claudeFile, [diag('tool-use-has-result', 8, 'no result', { severity: 'warn' })]);
    const elsewhere = result(path.join(CWD, 'copy.jsonl'), [torn]);
    const out = stylish([warned, elsewhere], { cwd: CWD, color: false, sessions });
    expect(out).not.toContain('will not resume');
    expect(out.endsWith('Linted 2 files.\n')).toBe(true);
  });

  it('fits 80 columns with every command whole on a line of its own', () => {
    const long = diag(
      'tool-result-first',
      4,
      'tool_result for toolu_T3 comes after a text block in its user message and several more words that wrap here; the API rejects it.',
      safe,
    );
    const out = stylish([result(claudeFile, [long])], { cwd: CWD, color: false, sessions, width: 80 });
    const lines = out.split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(lines).toContain(`    transcript-lint --session ${ID} --fix`);
    expect(lines).toContain(`    claude --resume ${ID}`);
  });

  it('keeps one clause of a message', () => {
    expect(firstClause('Line is not valid UTF-8: Codex cannot read it')).toBe('Line is not valid UTF-8');
    expect(firstClause('A cut-off event is glued in front; Copilot drops it')).toBe(
      'A cut-off event is glued in front',
    );
    expect(firstClause('One sentence. Another.')).toBe('One sentence');
    expect(firstClause('Plain.\nsecond line')).toBe('Plain');
  });
});

describe('wrapText', () => {
  const command = '`transcript-lint relocate --session 6b0f3c1e --to /home/dev/shop-api`';
  it('never splits a command in backticks: it moves whole to the next line', () => {
    const text = `The session is in the wrong project folder, and moving it fixes that: ${command} moves it.`;
    const lines = wrapText(text, 80, '    ');
    expect(lines).toEqual([
      'The session is in the wrong project folder, and moving it fixes that:',
      `    ${command} moves`,
      '    it.',
    ]);
  });

  it('gives a command longer than the width a line of its own, unbroken; an unclosed backtick quotes nothing', () => {
    expect(wrapText(`run ${command} now`, 40, '  ')).toEqual(['run', `  ${command}`, '  now']);
    expect(wrapText('a `b c d e f', 5, '')).toEqual(['a `b', 'c d e', 'f']);
  });

  it('counts terminal columns, not UTF-16 units: CJK text breaks between its characters', () => {
    // 48 ideographs are 96 columns (48 UTF-16 units): at 40 columns, lines of at most 40 columns, nothing lost.
    const name = '日本語のセッション名'.repeat(4) + '長い長い長い長い';
    const lines = wrapText(`session ${name} is torn`, 40, '  ');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(lines.join('').replaceAll(' ', '')).toBe(`session${name}istorn`);
    expect(lines).toEqual([
      'session 日本語のセッション名日本語のセ',
      '  ッション名日本語のセッション名日本語の',
      '  セッション名長い長い長い長い is torn',
    ]);
    // Latin text with accents is one column a character; an emoji two.
    expect(displayWidth('café')).toBe(4);
    expect(displayWidth('日本')).toBe(4);
    expect(wrapText('ab 日本 cd', 5, '')).toEqual(['ab 日', '本 cd']);
  });

  it('fitWidth cuts at a column, never inside a wide character or a surrogate pair', () => {
    expect(fitWidth('進捗: 3/40 files', 5)).toBe('進捗:');
    expect(fitWidth('進捗', 3)).toBe('進');
    expect(fitWidth('a😀b', 2)).toBe('a');
    expect(fitWidth('plain', 10)).toBe('plain');
  });
});

describe('the resume block on a narrow terminal', () => {
  it('wraps a Japanese project name to the width', () => {
    const project = '~/仕事/お客様向けショッピングサイトのバックエンドAPIサーバーの改修プロジェクト二〇二六年度版';
    const jp = new Map<string, SessionRef>([
      [claudeFile, { agent: 'Claude Code', id: ID, project, resume: `claude --resume ${ID}` }],
    ]);
    const out = stylish([result(claudeFile, [torn])], { cwd: CWD, color: false, sessions: jp, width: 80 });
    const block = out.slice(out.indexOf('1 session will not resume'));
    for (const line of block.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(block).toContain(`    claude --resume ${ID}`);
    // Unwrapped, the heading line alone is wider than 80 columns.
    expect(displayWidth(`  Claude Code ${ID} (${project})`)).toBeGreaterThan(80);
  });
});
