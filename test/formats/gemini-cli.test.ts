// The Gemini CLI session format on files Gemini CLI 0.61.0 recorded (corpus/gemini-cli-0.61.0, copied into
// fixtures/sessions/gemini/): detection, the loader's upsert / $set / $rewindTo reading, export against the contents the CLI
// sent when it resumed each file, and where its sessions live.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import type { GeminiModel } from '../../src/formats/gemini-cli/index.js';
import { geminiCli } from '../../src/formats/gemini-cli/index.js';
import { detectFormat } from '../helpers/formats.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'gemini');
const read = (name: string) => readFileSync(path.join(DATA, name), 'utf8');
const sent = JSON.parse(read('sent.json')).files as Record<string, unknown[]>;
const load = (text: string) => geminiCli.load('session-x.jsonl', new TextEncoder().encode(text), {}) as GeminiModel;
const lines = (...records: unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

const HEADER = {
  sessionId: 'd90bfb6e-0143-44d0-9c0c-71c5b7b03061',
  projectHash: '884648df',
  startTime: '2026-12-07T06:57:50.848Z',
  lastUpdated: '2026-12-07T06:57:50.848Z',
  kind: 'main',
};
const user = (id: string, text: string) => ({ id, timestamp: 't', type: 'user', content: [{ text }] });
const gemini = (id: string, text: string) => ({ id, timestamp: 't', type: 'gemini', content: text });

describe('gemini-cli format', () => {
  it.each(['tool-call.jsonl', 'parallel.jsonl', 'resumed.jsonl', 'resume-leftover.jsonl'])('detects %s', (name) => {
    expect(detectFormat(read(name))).toBe('gemini-cli');
  });

  // Generated Gemini seeds 27 and 55: a crash cut the header off and NUL bytes followed (with a $set after them in
  // 55); Claude Code's detection took such a file before.
  it.each([
    [
      'the header torn, then NUL bytes',
      () => Buffer.concat([Buffer.from(read('tool-call.jsonl')).subarray(0, 43), Buffer.alloc(17)]),
    ],
    [
      'the header torn and NUL bytes up to a $set line',
      () => {
        const recorded = Buffer.from(read('parallel.jsonl'));
        const set = Buffer.from('{"$set":{"lastUpdated":"2026-12-07T07:01:27.724Z"}}\n');
        return Buffer.concat([recorded.subarray(0, 53), Buffer.alloc(64), Buffer.from('\n'), set]);
      },
    ],
    [
      // Generated Gemini seed 69: NUL bytes over the header from byte 15, the tail of a later $set after them.
      'the header cut inside its sessionId by NUL bytes',
      () => Buffer.concat([Buffer.from('{"sessionId":"d'), Buffer.alloc(3107), Buffer.from('7T07:01:27.814Z"}}\n')]),
    ],
  ])('detects a file whose first line is %s', (_, bytes) => {
    expect(detectFormat(bytes())).toBe('gemini-cli');
  });

  it.each([
    'tool-call.jsonl',
    'parallel.jsonl',
    'resumed.jsonl',
    'no-call-ids.jsonl',
    'no-call-ids-once.jsonl',
    'thoughts.jsonl',
  ])('exports %s as the contents Gemini CLI 0.61.0 sent on resume', (name) => {
    const model = load(read(name));
    expect(geminiCli.exportRequest!(model)).toEqual({ contents: sent[name] });
  });

  it('reads a record written again with the same id in the place of the first (the later line wins)', () => {
    const m = load(lines(HEADER, user('u1', 'hi'), gemini('g1', 'first'), user('u2', 'next'), gemini('g1', 'second')));
    expect(m.session.messages.map((x) => [x.id, x.raw.content, x.line])).toEqual([
      ['u1', [{ text: 'hi' }], 2],
      ['g1', 'second', 5],
      ['u2', [{ text: 'next' }], 4],
    ]);
  });

  it('starts again from a $set messages snapshot, and drops from a $rewindTo id on', () => {
    const m = load(
      lines(
        HEADER,
        user('u0', 'lost'),
        { $set: { messages: [user('u1', 'hi'), gemini('g1', 'a')] } },
        user('u2', 'again'),
        gemini('g2', 'b'),
        { $rewindTo: 'u2' },
        user('u3', 'instead'),
      ),
    );
    expect(m.session.messages.map((x) => [x.id, x.line, x.pointer])).toEqual([
      ['u1', 3, '/$set/messages/0'],
      ['g1', 3, '/$set/messages/1'],
      ['u3', 7, ''],
    ]);
  });

  it('a $rewindTo an unknown id clears the history; lines that are not JSON are skipped', () => {
    const m = load(`${lines(HEADER, user('u1', 'hi'), { $rewindTo: 'nope' }, user('u2', 'after'))}{"id":"u3","ty`);
    expect(m.session.messages.map((x) => x.id)).toEqual(['u2']);
  });

  it('ends a history that ends with a function response with the interrupted placeholder', () => {
    const text = read('tool-call.jsonl').split('\n').slice(0, 8).join('\n');
    const contents = (geminiCli.exportRequest!(load(text)) as { contents: { role: string; parts: unknown[] }[] })
      .contents;
    expect(contents.at(-1)).toEqual({
      role: 'model',
      parts: [{ text: '[The previous response was interrupted before it completed.]' }],
    });
  });

  it('is no other format, and other formats are not it', () => {
    expect(detectFormat(lines({ type: 'user', uuid: 'a', message: { role: 'user', content: 'x' } }))).not.toBe(
      'gemini-cli',
    );
    expect(linter.format('gemini-cli')).toBe(geminiCli);
  });

  it('keeps its sessions below GEMINI_CLI_HOME (else the home folder) and finds one by its id', () => {
    expect(geminiCli.sessions!.roots({}, '/h')).toEqual(['/h/.gemini/tmp']);
    expect(geminiCli.sessions!.roots({ GEMINI_CLI_HOME: '/g' }, '/h')).toEqual(['/g/.gemini/tmp']);
    expect(geminiCli.sessions!.patterns(HEADER.sessionId, { sidechains: false })).toEqual([
      '*/chats/session-*-d90bfb6e.jsonl',
    ]);
    expect(geminiCli.sessions!.idOf!('/h/.gemini/tmp/p/chats/session-2026-12-07T06-57-d90bfb6e.jsonl')).toBe(
      'd90bfb6e',
    );
    expect(geminiCli.sessions!.idOf!(path.join(DATA, 'tool-call.jsonl'))).toBe(HEADER.sessionId);
  });
});
