// Copies of one session that keep its message and tool ids (issue 11's hostile inputs): each step that looked through
// a whole merged message made lint and fix quadratic in the copies. The heavy tier (vitest.heavy.config.ts) runs it:
// 3,000 copies (3.5 MB) take about 10 s to lint and fix.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../src/index.js';
import { writeFile } from './helpers/cli-fixtures.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-hostile-heavy-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('copies of one session that keep its message and tool ids', () => {
  // Each copy has uuids of its own but the same message ids and tool ids, and repeats one of its results: the
  // request merges every copy's responses into a few messages of thousands of blocks. Each repeated or dropped
  // tool_use looked for its rank, its result and its message's other blocks through the whole message, and each
  // user message merged in copied the one before: 12,000 copies (14 MB) took 55 s to lint and fix, 24,000 copies 11 s
  // to lint with the CLI; then 6 s and 5 s. No test asserts a time (a busy machine is not a slow program): this one
  // checks what is found and fixed.
  const copies = 3_000;
  const copy = (i: number): string => {
    const lines: string[] = [];
    let parent: string | null = null;
    const add = (type: string, message: object): void => {
      const uuid = `u${lines.length}-${i}`;
      lines.push(JSON.stringify({ parentUuid: parent, type, message, uuid, timestamp: '2026-11-01T12:00:00.000Z' }));
      parent = uuid;
    };
    const use = (id: string, said: string) => ({
      id: `msg_${id}`,
      role: 'assistant',
      content: [
        { type: 'text', text: said },
        { type: 'tool_use', id: `toolu_${id}`, name: 'Bash', input: { command: 'true' } },
      ],
    });
    add('user', { role: 'user', content: 'héllo' });
    add('assistant', use('a', 'ok'));
    add('user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'x' }] });
    add('assistant', use('b', 'calling'));
    add('user', { role: 'user', content: 'next' });
    return `${lines.join('\n')}\n${lines[2]}\n`;
  };
  const text = Array.from({ length: copies }, (_, i) => copy(i)).join('');

  it('are linted and fixed', () => {
    const file = writeFile(tmp, 'shared-ids.jsonl', text);
    const lint = lintBytes(file, readFileSync(file)).result;
    expect(lint.diagnostics.filter((d) => d.ruleId === 'unique-tool-use-id').length).toBeGreaterThan(copies);
    const fixed = fixBytes(file, readFileSync(file));
    expect(fixed.status).toBe('fixed');
  });
});
