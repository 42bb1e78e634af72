// github: workflow commands with the runner's escaping, errors before warnings, line ranges without columns.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, github } from '../../src/formatters/github.js';
import { docsUrl } from '../../src/sdk/rule-api.js';
import { CLEAN, CWD, OUTSIDE, diag, result, sampleResults } from './results.js';

const ctx = { cwd: CWD, color: true };

describe('github', () => {
  const lines = github(sampleResults(), ctx).split('\n');

  it('writes errors first, then warnings, one command per problem', () => {
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((l) => /^::(\w+) /.exec(l)?.[1])).toEqual([
      'error',
      'error',
      'error',
      'warning',
      'warning',
    ]);
  });

  it('names the file relative to cwd with forward slashes, the rule as title, and escapes the message', () => {
    expect(lines[0]).toBe(
      '::error file=sessions/crash day/a b.jsonl,line=5,endLine=7,title=split-assistant-message::' +
        `message.id msg_1 is shared by parts of two responses (see ${docsUrl('split-assistant-message')})`,
    );
    expect(lines[3]).toBe(
      '::warning file=sessions/crash day/a b.jsonl,line=3,title=tool-use-has-result::' +
        `tool_use toolu_01: 100%25 lost, then%0D%0Amore (see ${docsUrl('tool-use-has-result')})` +
        '%0A→ line 1: tool_use declared here%0A→ line 2: next user message, no result: 50%25',
    );
  });

  it('escapes `%`, `:` and `,` in property values, and never writes col or endColumn', () => {
    expect(lines[4]).toMatch(
      /^::warning file=odd%2Cname%3A100%25\.jsonl,line=4,title=unique-uuid::uuid u-1 is used twice /,
    );
    expect(lines.join('\n')).not.toMatch(/\bcol=|endColumn=/);
  });

  it('writes endLine only for a range that spans lines', () => {
    expect(lines[1]).toMatch(/^::error file=sessions\/crash day\/a b\.jsonl,line=9,title=valid-json::/);
  });

  it('shows control characters as visible escapes in the message', () => {
    expect(lines[1]).toContain('::red \\x1b[31mtext\\x1b[0m, bidi \\u202eevil\\u202c, nul \\x00 bell \\x07 (see ');
    expect(lines.join('\n')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e]/);
  });

  it('shows control characters in a file name as visible escapes too (the Actions log renders ANSI)', () => {
    const out = github([result(path.join(CWD, 'e\x1b[31mvil\u202e.jsonl'), [diag('valid-json', 1, 'x')])], ctx);
    expect(out).toMatch(/^::error file=e\\x1b\[31mvil\\u202e\.jsonl,line=1,title=valid-json::x /);
    expect(out).not.toMatch(/[\x1b\u202e]/);
    // CR and LF in a name are still percent-encoded, not doubly escaped.
    expect(github([result(path.join(CWD, 'a\nb.jsonl'), [diag('valid-json', 1, 'x')])], ctx)).toMatch(
      /^::error file=a%0Ab\.jsonl,/,
    );
  });

  it('keeps the absolute path of a file outside cwd (the runner maps it into the workspace itself)', () => {
    expect(lines[2]).toBe(
      `::error file=${escapeProperty(OUTSIDE.split(path.sep).join('/'))},line=1,title=custom-rule::` +
        'from a rule outside the registry (see https://example.com/custom-rule)',
    );
  });

  it('turns a problem without a line into a file-level annotation', () => {
    expect(github([result(CLEAN, [diag('valid-json', 0, 'empty file')])], ctx)).toBe(
      `::error file=clean.jsonl,title=valid-json::empty file (see ${docsUrl('valid-json')})\n`,
    );
  });

  it('prints nothing for a clean run', () => {
    expect(github([result(CLEAN, [])], ctx)).toBe('');
  });

  it('escapes like the runner: % first, so an escape in the input is not decoded later', () => {
    expect(escapeData('50% %0A\r\n: ,')).toBe('50%25 %250A%0D%0A: ,');
    expect(escapeProperty('a:b,c%0D\n')).toBe('a%3Ab%2Cc%250D%0A');
  });
});
