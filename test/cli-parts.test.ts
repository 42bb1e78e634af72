// The CLI's building blocks on their own: path expansion, bounded-concurrency linting, the colour decision, and the
// formatters fed with hand-made results (so the layout is pinned independently of which rules exist).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useColor } from '../src/cli/colors.js';
import { describeReadError } from '../src/cli/io.js';
import { linter } from '../src/composition.js';
import { expandPaths } from '../src/engine/files.js';
import { claudeCode } from '../src/formats/claude-code/index.js';
import type { LintResult } from '../src/engine/lint.js';
import { lintFiles, mapLimit } from '../src/engine/lint-files.js';
import type { Diagnostic } from '../src/engine/run-rules.js';
import { formatters } from '../src/formatters/index.js';
import { neutralize } from '../src/formatters/neutralize.js';

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-parts-'));
  for (const f of ['b.jsonl', 'a.jsonl', 'dir/c.jsonl', 'dir/d.txt']) {
    mkdirSync(path.dirname(path.join(tmp, f)), { recursive: true });
    writeFileSync(path.join(tmp, f), '{"type":"last-prompt"}\n');
  }
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('expandPaths', () => {
  it('sorts, deduplicates and reports what matched nothing', async () => {
    const r = await expandPaths(['dir', 'b.jsonl', '*.jsonl', 'missing.jsonl', 'none-*.jsonl'], tmp);
    expect(r.files).toEqual(['a.jsonl', 'b.jsonl', 'dir/c.jsonl'].map((f) => path.join(tmp, f)));
    expect(r.unmatched).toEqual([
      { pattern: 'missing.jsonl', kind: 'missing' },
      { pattern: 'none-*.jsonl', kind: 'no-match' },
    ]);
  });

  it('takes absolute paths and globs', async () => {
    const r = await expandPaths([path.join(tmp, 'dir', '*.txt')], '/');
    expect(r.files).toEqual([path.join(tmp, 'dir', 'd.txt')]);
  });
});

describe("Claude Code's sessions folder", () => {
  it('is ${CLAUDE_CONFIG_DIR:-~/.claude}/projects', () => {
    const roots = claudeCode.sessions!.roots;
    expect(roots({}, '/home/u')).toEqual([path.join('/home/u', '.claude', 'projects')]);
    expect(roots({ CLAUDE_CONFIG_DIR: '' }, '/home/u')).toEqual([path.join('/home/u', '.claude', 'projects')]);
    expect(roots({ CLAUDE_CONFIG_DIR: '/cfg' }, '/home/u')).toEqual([path.join('/cfg', 'projects')]);
  });
});

describe('lintFiles', () => {
  it('keeps input order and turns read failures into outcomes', async () => {
    const files = [path.join(tmp, 'b.jsonl'), path.join(tmp, 'dir'), path.join(tmp, 'a.jsonl')];
    const out = await lintFiles(linter, files);
    expect(out.map((o) => o.filePath)).toEqual(files);
    expect(out[0]!.result?.errorCount).toBe(0);
    expect(out[1]!.error?.code).toBe('EISDIR');
    expect(describeReadError('dir', out[1]!.error!)).toBe('cannot read dir: is a directory');
  });

  it('mapLimit never has more than `limit` calls pending', async () => {
    let pending = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 4, 2, 3, 0, 6], 3, async (ms) => {
      peak = Math.max(peak, ++pending);
      await new Promise((r) => setTimeout(r, ms));
      pending--;
      return ms * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(peak).toBe(3);
  });
});

describe('useColor', () => {
  it.each([
    [{ isTTY: true, env: {} }, true],
    [{ isTTY: false, env: {} }, false],
    [{ isTTY: true, env: { NO_COLOR: '1' } }, false],
    [{ isTTY: true, env: { NO_COLOR: '' } }, true],
    [{ isTTY: false, env: { FORCE_COLOR: '1' } }, true],
    [{ isTTY: false, env: { FORCE_COLOR: '' } }, true],
    [{ isTTY: true, env: { FORCE_COLOR: '0' } }, false],
    [{ isTTY: false, env: { NO_COLOR: '1', FORCE_COLOR: '1' } }, false],
    [{ isTTY: true, env: { TERM: 'dumb' } }, false],
    [{ isTTY: false, env: { NO_COLOR: '1' }, flag: true }, true],
    [{ isTTY: true, env: { FORCE_COLOR: '1' }, flag: false }, false],
  ])('%j -> %s', (inputs, expected) => {
    expect(useColor(inputs)).toBe(expected);
  });
});

describe('neutralize', () => {
  it('escapes C0/C1 controls and bidi overrides, keeps newline, tab and ordinary text', () => {
    expect(neutralize('a\x1b[31mb\x00\r\x7f\x9b\u202eé→\n\t')).toBe('a\\x1b[31mb\\x00\\x0d\\x7f\\x9b\\u202eé→\n\t');
  });
});

function diag(over: Partial<Diagnostic>): Diagnostic {
  return {
    ruleId: 'tool-use-has-result',
    severity: 'warn',
    messageId: 'm',
    message: 'tool_use toolu_01 has no tool_result',
    line: 8,
    related: [],
    docsUrl: 'https://example.test/rules/x.md',
    ...over,
  };
}

function result(filePath: string, diagnostics: Diagnostic[]): LintResult {
  return {
    filePath,
    diagnostics,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    warningCount: diagnostics.filter((d) => d.severity === 'warn').length,
    fixableCount: 0,
    unsafeFixableCount: 0,
    inputFormat: 'claude-code',
    target: 'claude-code',
  };
}

describe('stylish', () => {
  const ctx = { cwd: '/work/p', color: false };

  it('aligns rows, shows related lines and a summary; clean files are left out', () => {
    const out = formatters.stylish(
      [
        result('/work/p/a.jsonl', []),
        result('/work/p/s/b.jsonl', [
          diag({ line: 8, related: [{ line: 12, message: 'the next user message' }] }),
          diag({ ruleId: 'valid-json', severity: 'error', line: 113, message: 'Last line is cut off' }),
        ]),
      ],
      ctx,
    );
    expect(out).toBe(
      [
        's/b.jsonl',
        '    8  warning  tool-use-has-result tool_use toolu_01 has no tool_result',
        '       → line 12: the next user message',
        '  113  error    valid-json Last line is cut off',
        '',
        '✖ 2 problems (1 error, 1 warning)',
        'Linted 2 files.',
        '',
      ].join('\n'),
    );
  });

  it('prints only the summary when everything is clean', () => {
    expect(formatters.stylish([result('/work/p/a.jsonl', [])], ctx)).toBe('✔ No problems in 1 file.\n');
    expect(formatters.stylish([], ctx)).toBe('✔ No problems in 0 files.\n');
  });

  it('shows files outside cwd by their absolute path', () => {
    expect(formatters.stylish([result('/elsewhere/x.jsonl', [diag({})])], ctx)).toMatch(/^\/elsewhere\/x\.jsonl\n/);
  });

  it('indents the continuation of a multi-line message', () => {
    const out = formatters.stylish([result('/work/p/a.jsonl', [diag({ message: 'first\nsecond' })])], ctx);
    expect(out).toContain('  8  warning  tool-use-has-result first\n              second\n');
  });

  it('marks the problems --fix repairs with [*], as ruff does', () => {
    const fixable = diag({ fix: { applicability: 'safe', description: 'drop it' } });
    const unsafe = diag({ line: 9, fix: { applicability: 'unsafe', description: 'guess it' } });
    const out = formatters.stylish(
      [{ ...result('/work/p/a.jsonl', [fixable, unsafe]), fixableCount: 1, unsafeFixableCount: 1 }],
      ctx,
    );
    expect(out).toContain('  8  warning  tool-use-has-result [*] tool_use toolu_01 has no tool_result\n');
    expect(out).toContain('  9  warning  tool-use-has-result tool_use toolu_01 has no tool_result\n');
    expect(out).toContain('[*] 1 fixable with --fix, 1 more with --unsafe-fixes\n');
  });

  it('wraps each message to the width under a hanging indent, words whole; without a width, one line each', () => {
    const message =
      'tool_use toolu_01 (Bash) ends the transcript without a tool_result; on resume Claude Code appends an is_error result';
    const related = [
      { line: 12, message: 'the call that was interrupted before its result could be written to the file' },
    ];
    const results = [result('/work/p/a.jsonl', [diag({ message, related })])];
    expect(formatters.stylish(results, { ...ctx, width: 60 })).toContain(
      [
        '  8  warning  tool-use-has-result tool_use toolu_01 (Bash)',
        '              ends the transcript without a tool_result; on',
        '              resume Claude Code appends an is_error result',
        '     → line 12: the call that was interrupted before its',
        '       result could be written to the file',
        '',
      ].join('\n'),
    );
    for (const line of formatters.stylish(results, { ...ctx, width: 60 }).split('\n'))
      expect(line.length).toBeLessThanOrEqual(60);
    expect(formatters.stylish(results, ctx)).toContain(`  8  warning  tool-use-has-result ${message}\n`);
  });

  it('neutralises escapes in messages, related lines, rule ids and paths', () => {
    const out = formatters.stylish(
      [
        result('/work/p/\x1b[2J.jsonl', [
          diag({ message: 'x\x1b]8;;evil\x07', related: [{ line: 1, message: '\x9b31m' }] }),
        ]),
      ],
      ctx,
    );
    expect(out).not.toMatch(/[\x1b\x07\x9b]/);
    expect(out).toContain('\\x1b[2J.jsonl');
    expect(out).toContain('x\\x1b]8;;evil\\x07');
    expect(out).toContain('→ line 1: \\x9b31m');
  });

  it('colours only when asked', () => {
    const results = [result('/work/p/a.jsonl', [diag({ severity: 'error' })])];
    expect(formatters.stylish(results, { ...ctx, color: true })).toContain('\x1b[31merror');
    expect(formatters.stylish(results, ctx)).not.toContain('\x1b');
  });
});

describe('json', () => {
  it('is the versioned document with diagnostic fields in a fixed order', () => {
    const d = diag({ uuid: 'u-1', fix: { applicability: 'safe', description: 'insert a result' }, endLine: 9 });
    const out = formatters.json([result('/work/p/a.jsonl', [d])], { cwd: '/work/p', color: true });
    expect(out.endsWith('\n')).toBe(true);
    const doc = JSON.parse(out);
    expect(doc).toEqual({
      version: 1,
      results: [
        {
          filePath: '/work/p/a.jsonl',
          diagnostics: [d],
          errorCount: 0,
          warningCount: 1,
          fixableCount: 0,
          unsafeFixableCount: 0,
          inputFormat: 'claude-code',
          target: 'claude-code',
        },
      ],
    });
    expect(Object.keys(doc.results[0].diagnostics[0])).toEqual([
      'ruleId',
      'severity',
      'line',
      'endLine',
      'message',
      'messageId',
      'uuid',
      'related',
      'fix',
      'docsUrl',
    ]);
    expect(out).not.toContain('\x1b');
  });
});
