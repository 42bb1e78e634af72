// The multi-megabyte cases (an ~8 MB line, 100,000-deep nesting) get their own, smaller budget: properties (a) and
// (c)-(e) as in lint.property and fix.property.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { text, transcript } from '../helpers/build.js';
import { runCli } from '../helpers/run-cli.js';
import { checkFix, checkLint } from './checks.js';
import { params, testTimeout, tracked } from './config.js';
import { buildCase, caseArb } from './mutations.js';
import { allSeeds } from './seeds.js';

const seeds = allSeeds();

describe('property: lint and fix of transcripts with monstrous lines', () => {
  it(
    'an ~8 MB line or very deep nesting is handled in time, without throwing',
    () => {
      fc.assert(
        fc.property(caseArb(seeds, { heavyWeight: 60, maxOps: 2 }), (c) => {
          tracked('heavy', c, () => {
            const bytes = buildCase(c, seeds);
            checkLint(bytes, c.maxLineBytes);
            checkFix(bytes, { target: c.target, maxLineBytes: c.maxLineBytes });
          });
        }),
        params('heavy'),
      );
    },
    testTimeout('heavy'),
  );
});

describe('--max-line-bytes', () => {
  it('turns an 8 MB line into a finding, quickly, and leaves the rest linted', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-maxline-'));
    try {
      const t = transcript();
      t.user('hi');
      t.assistant([text('x'.repeat(8 * 1024 * 1024))]);
      t.user('more');
      writeFileSync(path.join(dir, 'session.jsonl'), t.toString());
      const { code, stdout } = await runCli(['session.jsonl', '--format', 'json', '--max-line-bytes', '1048576'], {
        cwd: dir,
      });
      expect(code).toBe(1);
      const doc = JSON.parse(stdout) as {
        results: { diagnostics: { ruleId: string; line: number; message: string }[] }[];
      };
      const onLong = doc.results[0]!.diagnostics.filter((d) => d.line === 2);
      expect(onLong.map((d) => d.ruleId)).toContain('valid-json');
      expect(onLong.find((d) => d.ruleId === 'valid-json')!.message).toMatch(/1048576/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
