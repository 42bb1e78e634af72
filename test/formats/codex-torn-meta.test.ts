// A rollout that is nothing but a torn session_meta and NUL padding (issue 35): fixtures/sessions/codex/torn-meta/
// rollout.jsonl is the `parallel` recording cut at byte 564 (inside its session_meta) with bytes 411-563 zeroed, as the
// differential harness made it (seed 27). The real Codex CLI 0.169.0 failed to resume it before any request, rc 1,
// with the error in codex-error.txt ("failed to read session metadata ...: rollout at ... is empty").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { lintBytes } from '../../src/index.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'torn-meta');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const said = readFileSync(path.join(DATA, 'codex-error.txt'), 'utf8');

describe('a torn session_meta and NUL padding, nothing else (recorded)', () => {
  it('the data: the first 411 bytes of a session_meta line, then 153 NULs', () => {
    expect(data.length).toBe(564);
    expect(data.subarray(0, 411).toString('utf8')).toMatch(/^\{"timestamp":"[^"]+","ordinal":0,"type":"session_meta"/);
    expect(data.subarray(411).every((b) => b === 0)).toBe(true);
  });

  it('is a Codex rollout, also without the padding; a torn line of another shape is not', () => {
    expect(linter.detect(name, data).id).toBe('codex-rollout');
    expect(linter.detect(name, data.subarray(0, 411)).id).toBe('codex-rollout');
    expect(linter.detect(name, data.subarray(0, 80)).id).toBe('codex-rollout');
    const other = Buffer.from('{"timestamp":"2026-12-01T09:29:44.808Z","type":"user","message":{"role":"us');
    expect(linter.detect(name, other).id).not.toBe('codex-rollout');
  });

  it('export says resume fails before any request, as Codex did', () => {
    const out = exportInput(codexRollout.load(name, data, {}));
    expect(out.input).toEqual([]);
    expect(out.fatal).toMatch(/^failed to read session metadata <path>: rollout at <path> is empty/);
    expect(said).toContain('failed to read session metadata');
    expect(said).toContain('is empty');
  });

  it('lint reports an error', () => {
    const { diagnostics } = lintBytes(name, data, {}).result;
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId)).toEqual(['codex/valid-jsonl']);
  });
});
