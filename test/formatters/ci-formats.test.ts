// The CI formats that mirror ruff's and ESLint's: gitlab (Code Quality), junit, rdjson (reviewdog) and eslint (ESLint's
// JSON), on hand-made results (every field pinned, names and messages that need escaping) and a file that failed.
import { describe, expect, it } from 'vitest';
import { eslint } from '../../src/formatters/eslint.js';
import { gitlab } from '../../src/formatters/gitlab.js';
import { junit } from '../../src/formatters/junit.js';
import { rdjson } from '../../src/formatters/rdjson.js';
import type { FormatContext } from '../../src/formatters/types.js';
import { CLEAN, CONTROLS, CWD, diag, OUTSIDE, result, sampleResults } from './results.js';

const FAILED = `${CWD}/unreadable.jsonl`;
const ctx: FormatContext = {
  cwd: CWD,
  color: false,
  failures: [{ filePath: FAILED, message: 'cannot read it: EACCES' }],
};

describe('eslint', () => {
  const files = JSON.parse(eslint(sampleResults(), ctx)) as {
    filePath: string;
    messages: {
      ruleId: string | null;
      severity: number;
      line: number;
      column: number;
      endLine?: number;
      fatal?: boolean;
    }[];
    errorCount: number;
    warningCount: number;
    fatalErrorCount: number;
  }[];

  it("has ESLint's fields, severity 2 for errors and 1 for warnings, column 1 where no rule gives one", () => {
    expect(files.map((f) => f.filePath)).toEqual([...sampleResults().map((r) => r.filePath), FAILED]);
    const spaced = files[1]!;
    expect(spaced.messages.map((m) => [m.ruleId, m.severity, m.line, m.column, m.endLine])).toEqual([
      ['tool-use-has-result', 1, 3, 1, undefined],
      ['split-assistant-message', 2, 5, 1, 7],
      ['valid-json', 2, 9, 1, 9],
    ]);
    expect([spaced.errorCount, spaced.warningCount]).toEqual([2, 1]);
    expect(Object.keys(spaced).sort()).toEqual(
      [
        'filePath',
        'messages',
        'suppressedMessages',
        'errorCount',
        'fatalErrorCount',
        'warningCount',
        'fixableErrorCount',
        'fixableWarningCount',
        'usedDeprecatedRules',
      ].sort(),
    );
  });

  it('reports a file that could not be linted as a fatal message with no rule', () => {
    expect(files.at(-1)).toMatchObject({
      filePath: FAILED,
      errorCount: 1,
      fatalErrorCount: 1,
      messages: [{ ruleId: null, severity: 2, fatal: true, message: 'cannot read it: EACCES' }],
    });
  });
});

describe('gitlab', () => {
  const issues = JSON.parse(gitlab(sampleResults(), ctx)) as {
    check_name: string;
    description: string;
    severity: string;
    fingerprint: string;
    location: { path: string; lines: { begin: number } };
  }[];

  it('gives each problem a repository-relative path, its line, a severity and its rule', () => {
    expect(issues.map((i) => [i.check_name, i.severity, i.location.path, i.location.lines.begin])).toEqual([
      ['tool-use-has-result', 'minor', 'sessions/crash day/a b.jsonl', 3],
      ['split-assistant-message', 'major', 'sessions/crash day/a b.jsonl', 5],
      ['valid-json', 'major', 'sessions/crash day/a b.jsonl', 9],
      ['unique-uuid', 'minor', 'odd,name:100%.jsonl', 4],
      ['custom-rule', 'major', OUTSIDE, 1],
      ['transcript-lint', 'blocker', 'unreadable.jsonl', 1],
    ]);
    expect(issues[2]!.description).toBe(`valid-json: ${CONTROLS}`);
  });

  it('fingerprints are unique, and the same on every run and wherever the checkout is', () => {
    const fingerprints = issues.map((i) => i.fingerprint);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
    for (const f of fingerprints) expect(f).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(gitlab(sampleResults(), ctx))).toEqual(issues);
    // The same finding twice in a file: two fingerprints.
    const twice = JSON.parse(
      gitlab([result(CLEAN, [diag('a', 1, 'same'), diag('a', 1, 'same')])], { cwd: CWD, color: false }),
    );
    expect(twice[0].fingerprint).not.toBe(twice[1].fingerprint);
  });
});

describe('junit', () => {
  const xml = junit(sampleResults(), ctx);

  it('has one suite per file, a failing case per problem and a passing case for a clean file', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="transcript-lint" tests="7" failures="5" errors="1">',
      ),
    ).toBe(true);
    expect(xml).toContain('<testsuite name="clean.jsonl" tests="1" failures="0" errors="0">');
    expect(xml).toContain('<testcase name="No problems found" classname="clean.jsonl"/>');
    expect(xml).toContain('<testsuite name="sessions/crash day/a b.jsonl" tests="3" failures="3" errors="0">');
    expect(xml).toContain('<error message="cannot read it: EACCES"/>');
    expect(xml.match(/<testcase /g)).toHaveLength(7);
  });

  it('escapes what XML must, and drops the characters XML 1.0 cannot hold', () => {
    const out = junit([result(CLEAN, [diag('r', 2, 'a <b> & "c" \'d\' \x00\x07\x1b[0m')])], { cwd: CWD, color: false });
    expect(out).toContain('message="a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; [0m"');
    expect(out).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f]/);
  });
});

describe('rdjson', () => {
  const doc = JSON.parse(rdjson(sampleResults(), ctx)) as {
    source: { name: string; url: string };
    diagnostics: {
      message: string;
      location: { path: string; range?: { start: { line: number }; end?: { line: number } } };
      severity: string;
      code?: { value: string; url: string };
    }[];
  };

  it("is reviewdog's format: a source, and each problem with its path, lines, severity and rule with its docs", () => {
    expect(doc.source.name).toBe('transcript-lint');
    const split = doc.diagnostics[1]!;
    expect(split).toMatchObject({
      location: { path: 'sessions/crash day/a b.jsonl', range: { start: { line: 5 }, end: { line: 7 } } },
      severity: 'ERROR',
      code: { value: 'split-assistant-message' },
    });
    expect(split.code!.url).toMatch(/split-assistant-message\.md$/);
    expect(doc.diagnostics[0]!.severity).toBe('WARNING');
    expect(doc.diagnostics.at(-1)).toEqual({
      message: 'cannot read it: EACCES',
      location: { path: 'unreadable.jsonl' },
      severity: 'ERROR',
    });
  });
});
