// `export` against the real Claude Code 2.1.332 when the history starts below a prompt that is gone (issue 35's
// differential harness, seeds 4 and 17: a torn or deleted first prompt). The files are the corpus session plain.jsonl
// without its prompt line 3 (prompt-torn) or without lines 3-11 (prompt-gone: the prompt and the attachments below
// it); beside each is the first request Claude Code sent when it resumed the file (../shared/oracle, MOCK_STRICT=1
// resume.sh: rc=0, 1 request, 0 rejected). The history then starts with an attachment's text, which Claude Code sends
// as a string (`user:str`), not as a one-block list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../src/composition.js';
import { type Message, stripCacheControl } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'prompt-lost');

function exported(name: string): Message[] {
  const stored = readFileSync(path.join(DIR, `${name}.jsonl`));
  const format = linter.detect('t.jsonl', stored);
  return (format.exportRequest!(format.load('t.jsonl', stored, {})) as { messages: Message[] }).messages;
}

/** The recorded history: without role "system" messages, cache_control and the resume prompt that ends it. */
function sent(name: string): Message[] {
  const { messages } = JSON.parse(readFileSync(path.join(DIR, `${name}.request.json`), 'utf8')) as {
    messages: Message[];
  };
  const history = stripCacheControl(messages.filter((m) => m.role !== 'system')) as Message[];
  expect(history.at(-1)).toEqual({ role: 'user', content: 'continue' });
  return history.slice(0, -1);
}

describe('export of a history that starts below a lost prompt', () => {
  for (const name of ['prompt-gone', 'prompt-torn']) {
    it(`${name}: the messages Claude Code sent, the first attachment as a string`, () => {
      const ours = exported(name).filter((m) => m.role !== 'system');
      expect(ours).toEqual(sent(name));
      expect(typeof ours[0]!.content).toBe('string');
    });
  }
});
