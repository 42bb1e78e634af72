import { describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import type { PlainSource } from '../../src/formats/plain/source.js';
import { lintBytes } from '../../src/index.js';
import { detectFormat as detectInputFormat, loadTranscript } from '../helpers/formats.js';
import { transcript } from '../helpers/build.js';
import { assistantMsg, doc, jsonl, request, userMsg } from '../helpers/plain.js';
import { enc } from '../helpers/bytes.js';

const messages = [userMsg('hi'), assistantMsg('hello')];
const session = (): string => {
  const t = transcript();
  t.user('hi');
  t.assistant([{ type: 'text', text: 'hello' }]);
  return t.toString();
};

describe('detectInputFormat', () => {
  it('lists the formats', () => {
    // The Anthropic formats first (detection prefers them on a tie), then the formats added after them.
    expect(linter.formats.map((f) => f.id).slice(0, 3)).toEqual(['claude-code', 'request', 'messages']);
  });

  it.each([
    ['a Claude Code session', session(), 'claude-code'],
    ['a session whose first line is garbage', 'garbage\n' + session(), 'claude-code'],
    ['a session whose first line is torn mid-file', '{"type":"user","mess\n' + session(), 'claude-code'],
    ['an empty file', '', 'claude-code'],
    ['blank lines only', '\n  \n', 'claude-code'],
    ['JSONL of objects that are not messages', '{"a":1}\n{"b":2}\n', 'unknown'],
    ['a one-line array that is not a message list', '[1,2]\n', 'unknown'],
    [
      'a Codex CLI rollout',
      '{"timestamp":"t","ordinal":0,"type":"session_meta","payload":{"id":"x"}}\n',
      'codex-rollout',
    ],
    [
      'a Copilot CLI events file',
      '{"type":"session.start","data":{"sessionId":"s"},"id":"e1","timestamp":"t","parentId":null}\n',
      'copilot-events',
    ],
    [
      'a Gemini CLI session',
      JSON.stringify({ sessionId: 's', projectHash: 'h', messages: [{ id: 'm', type: 'user', content: 'hi' }] }),
      'unknown',
    ],
    ['text', 'hello\nworld\n', 'unknown'],
    ['binary data', '\u0000\u0001\u0002\u0003binary\u0000\u0000\u0000\u0000\u0007\u0008', 'unknown'],
    ['a session of torn lines only', '{"parentUuid":null,"isSidechain":false,"type":"user","mess', 'claude-code'],
    ['a compact request', doc(request(messages), 'compact'), 'request'],
    ['a pretty request', doc(request(messages)), 'request'],
    ['a request with tabs, CRLF and a BOM', '\uFEFF' + doc(request(messages), 'tab').replace(/\n/g, '\r\n'), 'request'],
    ['a pretty request that is not valid JSON', '{\n  "model": "x",\n  "messages": [\n', 'request'],
    ['a pretty request without messages', '{\n  "model": "x",\n  "max_tokens": 10\n}\n', 'request'],
    // A `model` alone is any tool's setting (Claude Code's settings.json has one): not enough for a request.
    ['a pretty object with a model and no request parameter', '{\n  "model": "x"\n}\n', 'unknown'],
    ['a package.json', '{\n  "name": "app",\n  "version": "1.0.0"\n}\n', 'unknown'],
    ['a request whose first line holds a key', '{ "model": "x",\n  "messages": [] }\n', 'request'],
    ['a compact message array', doc(messages, 'compact'), 'messages'],
    ['a pretty message array', doc(messages), 'messages'],
    ['an empty message array', '[]\n', 'messages'],
    ['a pretty message array that is not valid JSON', '[\n  {"role": "user", "content": "hi"},\n', 'messages'],
    ['a JSONL message list', jsonl(messages), 'messages'],
    ['a JSONL message list after blank lines and a bad line', '\n\nnot json\n' + jsonl(messages), 'messages'],
    ['a JSONL message list with one message', '{"role":"user","content":"hi"}', 'messages'],
  ])('%s', (_name, text, format) => {
    expect(detectInputFormat(enc(text))).toBe(format);
    expect(detectInputFormat(text)).toBe(format);
  });

  it('a message with a uuid or a type is a Claude Code line', () => {
    expect(detectInputFormat('{"role":"user","content":"hi","uuid":"u1"}\n')).toBe('claude-code');
    expect(detectInputFormat('{"role":"user","content":"hi","type":"user"}\n')).toBe('claude-code');
  });
});

describe('loadInput', () => {
  it('loads a JSONL message list as its own lines', () => {
    const input = loadTranscript('x', enc(jsonl(messages)));
    expect(input.inputFormat).toBe('messages');
    expect(input.plain!.container).toBe('jsonl');
    expect(input.file.lines.map((l) => l.json)).toEqual(messages);
  });

  it('loads a document as a shell line and one virtual line per message', () => {
    const input = loadTranscript('x', enc(doc(request(messages, { system: 'be brief' }))));
    expect(input.plain!.container).toBe('document');
    expect((input.plain as PlainSource).messagesPointer).toBe('/messages');
    expect(input.file.lines.map((l) => l.lineNo)).toEqual([1, 2, 3]);
    expect(input.file.lines[0]!.json).toEqual({
      model: 'claude-opus-5-5',
      max_tokens: 1024,
      system: 'be brief',
      messages: [],
    });
    expect(input.file.lines.slice(1).map((l) => l.json)).toEqual(messages);
    expect(input.plain!.locate(3)).toEqual({ line: lineOfSecondMessage(), pointer: '/messages/1' });
  });

  it('an explicit format wins over detection', () => {
    expect(lintBytes('x', enc(session()), { inputFormat: 'messages' }).result.inputFormat).toBe('messages');
    expect(lintBytes('x', enc(doc(request(messages))), { inputFormat: 'claude-code' }).result.inputFormat).toBe(
      'claude-code',
    );
  });
});

function lineOfSecondMessage(): number {
  return (
    doc(request(messages, { system: 'be brief' }))
      .split('\n')
      .findIndex((l, i, all) => l === '    {' && all[i + 1]!.includes('"assistant"')) + 1
  );
}

describe('damaged sessions stay sessions', () => {
  it('an array line among JSONL lines is a damaged line, not a message list', () => {
    expect(detectInputFormat('[]\n' + session())).toBe('claude-code');
    expect(detectInputFormat('[{"role":"user","content":"x"}]\n' + session())).toBe('claude-code');
    expect(detectInputFormat('[]\n')).toBe('messages');
  });

  it('a lone bracket before a line of JSONL is a damaged line, not a document', () => {
    expect(detectInputFormat('{\n' + session())).toBe('claude-code');
    expect(detectInputFormat('[\n' + session())).toBe('claude-code');
    // A pretty array of compact messages is still an array.
    expect(detectInputFormat('[\n{"role":"user","content":"hi"},\n{"role":"assistant","content":"x"}\n]\n')).toBe(
      'messages',
    );
  });
});
