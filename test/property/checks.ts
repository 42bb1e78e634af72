// The properties, as plain functions of one mutated file, shared by the property tests (and usable from a
// regression test or a debugging session). Each throws an Error saying what broke.
import { lintBytes } from '../../src/index.js';
import { fixBytes } from '../../src/index.js';
import { formatters } from '../../src/formatters/index.js';
import type { Target } from '../../src/sdk/rule-api.js';
import {
  assertNoPollution,
  assertTerminalSafe,
  missingUntouched,
  problemCount,
  replayFix,
  sameBytes,
  timed,
} from './invariants.js';

export const FILE = '/tmp/transcript-lint-fuzz/session.jsonl';
const HUMAN_FORMATS = ['stylish', 'compact', 'github'] as const;

/**
 * (a) lint never throws and finishes in time, for both targets; (e) the human formats print no raw control
 * characters, with and without colour; the machine formats give valid JSON; (d) nothing polluted a prototype.
 */
export function checkLint(bytes: Uint8Array, maxLineBytes?: number): void {
  for (const target of ['claude-code', 'api'] as const) {
    const { result, model } = timed(`lint (${target})`, () => lintBytes(FILE, bytes, { target, maxLineBytes }));
    if (maxLineBytes !== undefined) {
      // Every line over the limit is a finding (valid-json), not an entry.
      const flagged = new Set(result.diagnostics.filter((d) => d.ruleId === 'valid-json').map((d) => d.line));
      for (const line of model.file.lines) {
        if (line.bytes.length > maxLineBytes && !flagged.has(line.lineNo))
          throw new Error(
            `line ${line.lineNo} (${line.bytes.length} bytes) is over --max-line-bytes ${maxLineBytes} but not reported`,
          );
        if (line.bytes.length > maxLineBytes && line.json !== undefined)
          throw new Error(`line ${line.lineNo} is over --max-line-bytes ${maxLineBytes} but was parsed`);
      }
    }
    assertNoPollution();
    for (const format of HUMAN_FORMATS) {
      for (const color of [false, true]) {
        const out = formatters[format]([result], { cwd: '/tmp', color, target });
        assertTerminalSafe(out, `${format} output${color ? ' (colour)' : ''}`, color);
      }
    }
    for (const format of ['json', 'sarif'] as const) {
      JSON.parse(formatters[format]([result], { cwd: '/tmp', color: false, target }));
    }
    assertNoPollution();
  }
}

export interface FixCheckOptions {
  target: Target;
  maxLineBytes?: number;
}

/**
 * (c) fixBytes with and without unsafe fixes: never throws, never 'worse' nor 'pass-cap', no failed fix, the output
 * has no more problems than the input, a second run changes nothing, and every input line no applied fix named is
 * still in the output byte for byte (checked pass by pass on a replay of the loop that must end where fixBytes
 * ends); (d) nothing polluted a prototype.
 */
export function checkFix(bytes: Uint8Array, { target, maxLineBytes }: FixCheckOptions): void {
  const before = problemCount(timed('lint', () => lintBytes(FILE, bytes, { target, maxLineBytes })));
  for (const unsafe of [false, true]) {
    const what = `fix (${target}${unsafe ? ', unsafe' : ''}${maxLineBytes !== undefined ? `, --max-line-bytes ${maxLineBytes}` : ''})`;
    const out = timed(what, () => fixBytes(FILE, bytes, { target, unsafe, maxLineBytes }));
    assertNoPollution();
    if (out.status === 'worse' || out.status === 'pass-cap') {
      throw new Error(`${what}: status ${out.status} (rules: ${out.rulesInvolved.join(', ')})`);
    }
    if (out.failed.length > 0) {
      throw new Error(
        `${what}: fixes could not be applied: ${out.failed.map((f) => `${f.fix.ruleId}: ${f.reason}`).join('; ')}`,
      );
    }
    const after = problemCount(out.final);
    if (after > before) throw new Error(`${what}: ${after} problems after fixing, ${before} before`);
    if (!out.changed && !sameBytes(out.output, bytes))
      throw new Error(`${what}: unchanged, but the output differs from the input`);

    const again = timed(`${what}, second run`, () => fixBytes(FILE, out.output, { target, unsafe, maxLineBytes }));
    if (again.changed || !sameBytes(again.output, out.output)) {
      throw new Error(
        `${what}: not idempotent: a second run (status ${again.status}) applied ${again.applied.map((f) => f.ruleId).join(', ')}`,
      );
    }

    if (out.changed) {
      // One pass: the applied edits name input lines directly. Several: replay the loop pass by pass.
      if (out.passes === 1) {
        const named = new Set<number>();
        for (const f of out.applied) for (const e of f.edits) if (e.kind !== 'insertAfter') named.add(e.line);
        const lost = missingUntouched(bytes, named, out.output);
        if (lost.length > 0) throw new Error(`${what}: lines no fix named were lost or changed:\n${lost.join('\n')}`);
      }
      const replay = replayFix(FILE, bytes, { target, unsafe, maxLineBytes });
      if (!sameBytes(replay.output, out.output))
        throw new Error(`${what}: the pass-by-pass replay ends elsewhere than fixBytes (the test's replay is stale?)`);
      if (replay.lost.length > 0)
        throw new Error(`${what}: lines no fix named were lost or changed:\n${replay.lost.join('\n')}`);
    }
    assertNoPollution();
  }
}
