// compact: `path:line: severity rule-id message`, one line per problem, nothing else.
import { describe, expect, it } from 'vitest';
import { compact } from '../../src/formatters/compact.js';
import { CLEAN, CWD, OUTSIDE, diag, result, sampleResults } from './results.js';
import path from 'node:path';

const ctx = { cwd: CWD, color: true };

describe('compact', () => {
  it('prints one line per problem, relative to cwd, with every control character made visible', () => {
    const spaced = path.join('sessions', 'crash day', 'a b.jsonl');
    expect(compact(sampleResults(), ctx)).toBe(
      [
        `${spaced}:3: warning tool-use-has-result tool_use toolu_01: 100% lost, then\\x0d\\nmore`,
        `${spaced}:5: error split-assistant-message message.id msg_1 is shared by parts of two responses`,
        `${spaced}:9: error valid-json red \\x1b[31mtext\\x1b[0m, bidi \\u202eevil\\u202c, nul \\x00 bell \\x07`,
        'odd,name:100%.jsonl:4: warning unique-uuid uuid u-1 is used twice',
        `${OUTSIDE}:1: error custom-rule from a rule outside the registry`,
        '',
      ].join('\n'),
    );
  });

  it('prints nothing at all for a clean run (no summary), and never colours', () => {
    expect(compact([result(CLEAN, [])], ctx)).toBe('');
    expect(compact([], ctx)).toBe('');
    expect(compact(sampleResults(), ctx)).not.toContain('\x1b');
  });

  it('keeps a problem on one line even when the path holds a newline or an escape', () => {
    const out = compact([result(path.join(CWD, 'we\nird\x1b.jsonl'), [diag('valid-json', 2, 'a\nb')])], ctx);
    expect(out).toBe('we\\x0aird\\x1b.jsonl:2: error valid-json a\\nb\n');
    expect(out.split('\n')).toHaveLength(2);
  });
});
