// sarif: SARIF 2.1.0 that validates against the OASIS schema, with stable rule indexes, repo-relative URIs under
// %SRCROOT%, line regions, related locations, and the 25,000-result cap GitHub code scanning imposes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { linter } from '../../src/composition.js';
import { INFORMATION_URI, MAX_RESULTS, sarif } from '../../src/formatters/sarif.js';
import type { FormatContext } from '../../src/formatters/types.js';
import { packageVersion } from '../../src/version.js';
import { DOCS_BASE, docsUrl, type RuleMeta } from '../../src/sdk/rule-api.js';
import { CLEAN, CWD, OUTSIDE, diag, result, sampleResults } from './results.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const SCHEMA_FILE = path.join(here, 'sarif-schema-2.1.0.json');
const SCHEMA_SHA256 = '80cd7ffb9b62a4162d541aa9170862dd264f6cce0f04c57f1ac9f2337b808958';

const ctx: FormatContext = { cwd: CWD, color: true, rulesMeta: rules.map((r) => r.meta), targets: linter.targets };

/**
 * RFC 3986 checks for the three formats the schema uses. ajv-formats is not a dependency, and Ajv would otherwise
 * ignore `format` (with a warning), which would let a raw space or a bad %-escape in a URI through.
 */
const URI_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const FORMATS = {
  uri: (s: string) => URI_CHARS.test(s) && SCHEME.test(s),
  // A relative reference must not start with something that reads as a scheme (`a:b/c`).
  'uri-reference': (s: string) => URI_CHARS.test(s) && (SCHEME.test(s) || !/^[^/?#]*:/.test(s)),
  'date-time': (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/i.test(s),
};

let validate: ValidateFunction;

beforeAll(() => {
  // strict: false because the OASIS schema is draft-07 written for any validator (it uses keywords Ajv's strict
  // mode questions); allErrors so that a failure lists everything at once.
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const [name, check] of Object.entries(FORMATS)) ajv.addFormat(name, check);
  validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));
});

function expectValid(log: unknown): void {
  const ok = validate(log);
  expect(validate.errors ?? []).toEqual([]);
  expect(ok).toBe(true);
}

type Log = {
  $schema: string;
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string; informationUri: string; rules: Array<Record<string, any>> } };
    originalUriBaseIds: Record<string, { uri: string }>;
    results: Array<Record<string, any>>;
    invocations?: Array<Record<string, any>>;
  }>;
};

function parse(out: string): Log {
  expect(out.endsWith('}\n')).toBe(true);
  return JSON.parse(out) as Log;
}

describe('the vendored schema', () => {
  it('is the unmodified OASIS file, and the validator rejects what it should', () => {
    expect(createHash('sha256').update(readFileSync(SCHEMA_FILE)).digest('hex')).toBe(SCHEMA_SHA256);
    expect(
      validate({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'x' } }, results: [{ level: 'bogus', message: {} }] }],
      }),
    ).toBe(false);
    const badUri = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'x' } },
          results: [
            { message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'a b.jsonl' } } }] },
          ],
        },
      ],
    };
    expect(validate(badUri)).toBe(false);
  });
});

describe('sarif', () => {
  const out = sarif(sampleResults(), ctx);
  const log = parse(out);
  const run = log.runs[0]!;
  const driverRules = run.tool.driver.rules;

  it('validates against the SARIF 2.1.0 schema', () => {
    expectValid(log);
  });

  it('is one run of transcript-lint at the package version', () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.runs).toHaveLength(1);
    expect(run.tool.driver).toMatchObject({
      name: 'transcript-lint',
      version: pkg.version,
      informationUri: INFORMATION_URI,
    });
    expect(DOCS_BASE.startsWith(`${INFORMATION_URI}/`)).toBe(true);
    // The docs of the version that wrote the report, by its tag.
    expect(DOCS_BASE).toBe(`${INFORMATION_URI}/blob/v${packageVersion()}/docs/rules/`);
  });

  it('describes every registry rule, in registry order, then any other rule a result names', () => {
    expect(driverRules.map((r) => r.id)).toEqual([...rules.map((r) => r.meta.id), 'custom-rule']);
    expect(driverRules.at(-1)).toEqual({ id: 'custom-rule', helpUri: 'https://example.com/custom-rule' });
    const first = driverRules[0]!;
    const meta = rules[0]!.meta;
    expect(first).toMatchObject({
      id: meta.id,
      name: 'ValidJson',
      shortDescription: { text: meta.description },
      helpUri: docsUrl(meta.id),
      defaultConfiguration: { level: 'error' },
      properties: { type: meta.type, view: meta.view, severity: meta.severity, tags: [meta.type, `${meta.view}-view`] },
    });
    expect(first.fullDescription.text).toContain(meta.description);
    for (const r of driverRules.slice(0, -1)) {
      expect(r.name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(r.helpUri).toBe(docsUrl(r.id));
    }
  });

  it('sets each rule’s default level from the target, disabling rules that are off for it', () => {
    const level = (log: Log, id: string) =>
      log.runs[0]!.tool.driver.rules.find((r) => r.id === id)!.defaultConfiguration;
    expect(level(log, 'final-assistant-whitespace')).toEqual({ enabled: false, level: 'warning' });
    expect(level(log, 'tool-use-has-result')).toEqual({ level: 'warning' });
    const api = parse(sarif([], { ...ctx, target: 'api' }));
    expect(level(api, 'final-assistant-whitespace')).toEqual({ level: 'error' });
    expect(level(api, 'tool-use-has-result')).toEqual({ level: 'error' });
    expectValid(api);
  });

  it('points every result at its driver rule by ruleId and ruleIndex, with its own level', () => {
    expect(run.results.map((r) => [r.ruleId, r.level])).toEqual([
      ['tool-use-has-result', 'warning'],
      ['split-assistant-message', 'error'],
      ['valid-json', 'error'],
      ['unique-uuid', 'warning'],
      ['custom-rule', 'error'],
    ]);
    for (const r of run.results) expect(driverRules[r.ruleIndex]!.id).toBe(r.ruleId);
  });

  it('uses percent-encoded repo-relative URIs under %SRCROOT%, which resolves to cwd', () => {
    const srcroot = run.originalUriBaseIds['%SRCROOT%']!.uri;
    expect(srcroot).toBe(`${pathToFileURL(CWD).href}/`);
    expect(srcroot).toMatch(/my%20repo\/$/);
    const where = (i: number) => run.results[i]!.locations[0].physicalLocation;
    expect(where(0).artifactLocation).toEqual({ uri: 'sessions/crash%20day/a%20b.jsonl', uriBaseId: '%SRCROOT%' });
    expect(where(3).artifactLocation).toEqual({ uri: 'odd,name%3A100%25.jsonl', uriBaseId: '%SRCROOT%' });
    // Resolving against the base gives back the file.
    expect(fileURLToPath(new URL(where(0).artifactLocation.uri, srcroot))).toBe(sampleResults()[1]!.filePath);
    expect(fileURLToPath(new URL(where(3).artifactLocation.uri, srcroot))).toBe(sampleResults()[2]!.filePath);
  });

  it('gives a file outside cwd an absolute file URI and no base', () => {
    expect(run.results[4]!.locations[0].physicalLocation.artifactLocation).toEqual({
      uri: pathToFileURL(OUTSIDE).href,
    });
  });

  it('writes line regions, with endLine only for a span', () => {
    expect(run.results.map((r) => r.locations[0].physicalLocation.region)).toEqual([
      { startLine: 3 },
      { startLine: 5, endLine: 7 },
      { startLine: 9 },
      { startLine: 4 },
      { startLine: 1 },
    ]);
    const fileLevel = parse(sarif([result(CLEAN, [diag('valid-json', 0, 'empty file')])], ctx));
    expect(fileLevel.runs[0]!.results[0]!.locations[0].physicalLocation.region).toBeUndefined();
    expectValid(fileLevel);
  });

  it('carries related lines as relatedLocations, linked from the message', () => {
    const first = run.results[0]!;
    expect(first.relatedLocations).toEqual([
      {
        id: 1,
        physicalLocation: {
          artifactLocation: first.locations[0].physicalLocation.artifactLocation,
          region: { startLine: 1 },
        },
        message: { text: 'tool_use declared here' },
      },
      {
        id: 2,
        physicalLocation: {
          artifactLocation: first.locations[0].physicalLocation.artifactLocation,
          region: { startLine: 2 },
        },
        message: { text: 'next user message, no result: 50%' },
      },
    ]);
    expect(first.message.text).toBe(
      'tool_use toolu_01: 100% lost, then\\x0d\nmore\n[line 1](1): tool_use declared here\n[line 2](2): next user message, no result: 50%',
    );
    expect(run.results[1]!.relatedLocations).toBeUndefined();
  });

  it('shows control characters in messages as visible escapes', () => {
    expect(run.results[2]!.message.text).toBe(
      'red \\x1b[31mtext\\x1b[0m, bidi \\u202eevil\\u202c, nul \\x00 bell \\x07',
    );
    // Neither a JSON escape of a C0 control (an unescaped backslash before u00XX) nor a raw bidi override.
    expect(out).not.toMatch(/(?<!\\)\\u00[01][0-9a-f]|\u202e/i);
  });

  it('is an empty results array, still valid, for a clean run', () => {
    const clean = parse(sarif([result(CLEAN, [])], ctx));
    expect(clean.runs[0]!.results).toEqual([]);
    expect(clean.runs[0]!.invocations).toBeUndefined();
    expectValid(clean);
  });

  it('describes only the rules it is given when rulesMeta is set', () => {
    const meta: RuleMeta = {
      id: 'only-rule',
      type: 'suggestion',
      view: 'storage',
      formats: ['claude-code'],
      description: 'The one rule.',
      docs: { detects: 'a test finding' },
      severity: { 'claude-code': 'warn', api: 'error' },
      messages: { m: 'm' },
    };
    const custom = parse(
      sarif([result(CLEAN, [diag('only-rule', 2, 'x', { severity: 'warn' })])], { ...ctx, rulesMeta: [meta] }),
    );
    expect(custom.runs[0]!.tool.driver.rules.map((r) => [r.id, r.name, r.defaultConfiguration])).toEqual([
      ['only-rule', 'OnlyRule', { level: 'warning' }],
    ]);
    expect(custom.runs[0]!.results[0]).toMatchObject({ ruleId: 'only-rule', ruleIndex: 0, level: 'warning' });
    expectValid(custom);
  });

  it(`keeps at most ${MAX_RESULTS} results, errors first, and says so in a notification`, () => {
    const many = Array.from({ length: MAX_RESULTS + 5 }, (_, i) =>
      diag('tool-use-has-result', i + 1, `problem ${i + 1}`, { severity: i < 10 ? 'warn' : 'error' }),
    );
    const capped = parse(sarif([result(CLEAN, many)], ctx));
    const results = capped.runs[0]!.results;
    expect(results).toHaveLength(MAX_RESULTS);
    // 10 warnings and 24,995 errors: every error stays, then the first 5 warnings.
    expect(results.slice(0, -5).every((r) => r.level === 'error')).toBe(true);
    expect(results[0]!.message.text).toBe('problem 11');
    expect(results.slice(-5).map((r) => [r.level, r.message.text])).toEqual(
      [1, 2, 3, 4, 5].map((n) => ['warning', `problem ${n}`]),
    );
    expect(capped.runs[0]!.invocations).toEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          {
            level: 'warning',
            message: {
              text: expect.stringMatching(/^Found 25005 problems; this log keeps the first 25000 \(errors first\)/),
            },
          },
        ],
      },
    ]);
    expectValid(capped);

    const atLimit = parse(sarif([result(CLEAN, many.slice(0, MAX_RESULTS))], ctx));
    expect(atLimit.runs[0]!.results).toHaveLength(MAX_RESULTS);
    expect(atLimit.runs[0]!.invocations).toBeUndefined();
  });
});
