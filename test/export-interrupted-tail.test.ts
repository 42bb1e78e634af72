// `export` against the real Claude Code 2.1.332 on a parallel tool group that ends the file with only some of its
// results written (issue 35). Each damaged file is the corpus session parallel.jsonl cut after some of its result
// entries (attachment-below-a-result: plus a user attachment hanging off the last result); beside it is the first
// request Claude Code sent when it resumed the file (../shared/oracle, MOCK_STRICT=1 resume.sh: rc=0, 1 request,
// 0 rejected). Claude Code keeps every call and sends an is_error "interrupted" result for each unanswered one, in
// call order, after the recorded results.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../src/composition.js';
import { fixBytes, lintBytes } from '../src/index.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'interrupted-tail');

interface Message {
  role: string;
  content: unknown;
}

function exported(name: string, fixed = false): Message[] {
  const stored = readFileSync(path.join(DIR, `${name}.jsonl`));
  const data = fixed ? fixBytes('t.jsonl', stored).output : stored;
  const format = linter.detect('t.jsonl', data);
  return (format.exportRequest!(format.load('t.jsonl', data, {})) as { messages: Message[] }).messages;
}

/** The recorded request's history: without role "system" messages, the "No response requested." and the prompt. */
function sent(name: string, fixed = false): Message[] {
  const file = `${name}${fixed ? '.fixed' : ''}.request.json`;
  const { messages } = JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as {
    messages: Message[];
  };
  const history = messages.filter((m) => m.role !== 'system');
  expect(history.slice(-2)).toEqual([
    { role: 'assistant', content: [{ type: 'text', text: 'No response requested.' }] },
    { role: 'user', content: 'continue' },
  ]);
  return history.slice(0, -2);
}

const interrupted = (id: string) => ({
  type: 'tool_result',
  tool_use_id: id,
  content:
    "[Tool call interrupted: the session ended before this call's result was recorded, so its outcome is unknown. " +
    'Check whether it took effect before relying on it or running it again.]',
  is_error: true,
});

describe('export of a parallel group at the end of the file with some of its results', () => {
  for (const name of ['one-of-three-answered', 'middle-call-unanswered', 'attachment-below-a-result']) {
    it(`${name}: the messages Claude Code sent`, () => {
      expect(exported(name).filter((m) => m.role !== 'system')).toEqual(sent(name));
    });
  }

  // --fix writes the interrupted results below the calls' parts (tool-use-has-result), so they come first in the
  // results Claude Code sends for the fixed file: a valid request, in another order than its own repair's.
  for (const name of ['one-of-three-answered', 'middle-call-unanswered', 'attachment-below-a-result']) {
    it(`${name}: --fix reports the calls as interrupted; the fixed file sends what Claude Code sent for it`, () => {
      const stored = readFileSync(path.join(DIR, `${name}.jsonl`));
      const messages = lintBytes('t.jsonl', stored)
        .result.diagnostics.filter((d) => d.ruleId === 'tool-use-has-result')
        .map((d) => d.messageId);
      expect(messages.length).toBeGreaterThan(0);
      expect(new Set(messages)).toEqual(new Set(['interrupted']));
      expect(exported(name, true).filter((m) => m.role !== 'system')).toEqual(sent(name, true));
    });
  }

  it('one-of-three-answered: P1 answered, then interrupted results for P2 and P3', () => {
    const last = exported('one-of-three-answered').at(-1)!;
    expect(last.role).toBe('user');
    expect((last.content as { tool_use_id: string }[]).slice(1)).toEqual([
      interrupted('toolu_P2'),
      interrupted('toolu_P3'),
    ]);
  });

  it('middle-call-unanswered: the results in file order, then the interrupted one', () => {
    const last = exported('middle-call-unanswered').at(-1)!;
    expect((last.content as { tool_use_id: string }[]).map((b) => b.tool_use_id)).toEqual([
      'toolu_P1',
      'toolu_P3',
      'toolu_P2',
    ]);
    expect((last.content as unknown[])[2]).toEqual(interrupted('toolu_P2'));
  });
});
