// The qwen-code format: detection both ways, the reading Qwen Code 0.24.4 does on resume (its line reader, the
// uuid chain and its gaps, fragments, the made-up response for a call without one), write-back without fixes, the
// sessions store, and `export` against the first request the real CLI sent when it resumed each recording
// (fixtures/sessions/qwen/*/ here, ../shared/corpus/qwen-code-0.24.4 when present). The system message, the new
// prompt and the `<system-reminder>` text parts Qwen adds at run time are not in the file and are left out of both.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { ORPHAN_REASON } from '../../src/formats/qwen-code/compile.js';
import { qwenCode } from '../../src/formats/qwen-code/index.js';
import { fixBytes } from '../../src/index.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'sessions', 'qwen');
const CORPUS = path.resolve(ROOT, '..', 'shared', 'corpus', 'qwen-code-0.24.4');
const HAVE_CORPUS = existsSync(CORPUS);

const bytes = (s: string) => new TextEncoder().encode(s);
const detect = (name: string, data: string | Uint8Array) =>
  linter.detect(name, typeof data === 'string' ? bytes(data) : data).id;
const load = (data: string | Uint8Array) => qwenCode.load('s.jsonl', typeof data === 'string' ? bytes(data) : data, {});

type Msg = { role: string; content?: unknown };
/** A recorded request's messages as the file can give them: no system message, no new prompt, no reminders. */
function fromFile(messages: Msg[]): Msg[] {
  const out: Msg[] = [];
  for (const m of messages.slice(1, -1)) {
    if (m.role !== 'user' || !Array.isArray(m.content)) {
      out.push(m);
      continue;
    }
    const content = m.content.filter(
      (p: { type?: string; text?: string }) => !(p.type === 'text' && p.text?.startsWith('<system-reminder>')),
    );
    // A user message of reminders only is Qwen's own, made when the history it resumes starts with no user message.
    if (content.length > 0) out.push({ ...m, content });
  }
  return out;
}

/** Each recording: its session file and the first request the CLI sent when resuming it. */
function recordings(): { name: string; file: string; first: Msg[] }[] {
  const out: { name: string; file: string; first: Msg[] }[] = [];
  if (existsSync(FIXTURES))
    for (const name of readdirSync(FIXTURES).sort()) {
      const dir = path.join(FIXTURES, name);
      if (!existsSync(path.join(dir, 'resume-request.json'))) continue;
      const first = JSON.parse(readFileSync(path.join(dir, 'resume-request.json'), 'utf8')) as { messages: Msg[] };
      out.push({ name, file: path.join(dir, 'session.jsonl'), first: first.messages });
    }
  if (HAVE_CORPUS) {
    const expected = JSON.parse(readFileSync(path.join(CORPUS, 'oracle-expected.json'), 'utf8')) as {
      files: Record<string, { first_request: { messages: Msg[] } }>;
    };
    for (const [name, v] of Object.entries(expected.files))
      out.push({ name: `corpus/${name}`, file: path.join(CORPUS, name), first: v.first_request.messages });
  }
  return out;
}

const toolCall = readFileSync(path.join(FIXTURES, 'one-tool', 'session.jsonl'), 'utf8');
const lines = toolCall.trimEnd().split('\n');
const typeOf = (l: string) => (JSON.parse(l) as { type: string }).type;
const resultAt = lines.findIndex((l) => typeOf(l) === 'tool_result');

describe('qwen-code: detection', () => {
  it.each(recordings())('$name is a Qwen Code session', ({ file }) => {
    expect(detect('x.jsonl', readFileSync(file))).toBe('qwen-code');
  });

  it('damaged files stay Qwen Code sessions', () => {
    expect(detect('s.jsonl', `\u0000\u0000${toolCall}`)).toBe('qwen-code');
    // A torn first record, which starts the way Qwen writes one.
    expect(detect('s.jsonl', lines[0]!.slice(0, 150))).toBe('qwen-code');
    expect(detect('s.jsonl', `\uFEFF${toolCall}`)).toBe('qwen-code');
    expect(detect('s.jsonl', toolCall.replace(/\n/g, '\r\n'))).toBe('qwen-code');
  });

  it('a file whose only record was torn stays one once --fix kept it (generated Qwen seed 27)', () => {
    const torn = `${lines[0]!.slice(0, 79)}${'\u0000'.repeat(30)}`;
    expect(detect('s.jsonl', torn)).toBe('qwen-code');
    const kept = JSON.stringify({ type: 'transcript-lint.kept-line', reason: 'not JSON, with NUL bytes', text: torn });
    expect(detect('s.jsonl', `${kept}\n`)).toBe('qwen-code');
  });

  it('a Messages API request naming tool_result blocks is not claimed', () => {
    const request = JSON.stringify(
      { model: 'm', messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] }] },
      null,
      2,
    );
    expect(detect('r.json', request)).toBe('request');
  });

  it('a Claude Code session is not claimed', () => {
    const claude =
      '{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"hi"}}\n';
    expect(detect('c.jsonl', claude)).toBe('claude-code');
  });
});

describe('qwen-code: what resume reads', () => {
  it('follows the chain from the last record', () => {
    const m = load(toolCall);
    expect(m.chain().steps.map((s) => s.record.line)).toEqual(lines.map((_, i) => i + 1));
    expect(m.chain().gaps).toEqual([]);
  });

  it('a dropped tool_result line leaves everything before the gap out', () => {
    const m = load(lines.filter((_, i) => i !== resultAt).join('\n'));
    const { steps, gaps } = m.chain();
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.child.line).toBe(resultAt + 1);
    expect(steps[0]!.record.line).toBe(resultAt + 1);
    expect(m.sent().map((x) => x.role)).toEqual(['assistant']);
  });

  it('a result missing from a linked chain gets the made-up response', () => {
    const torn = lines.map((l, i) => (i === resultAt ? l.slice(0, 100) : l));
    // The torn record gives nothing; relink its child to its parent as a CLI crash would leave it once resumed.
    const parent = (JSON.parse(lines[resultAt]!) as { parentUuid: string }).parentUuid;
    const child = JSON.parse(torn[resultAt + 1]!) as Record<string, unknown>;
    torn[resultAt + 1] = JSON.stringify({ ...child, parentUuid: parent });
    const m = load(torn.join('\n'));
    expect(m.read.damaged.map((d) => d.line)).toEqual([resultAt + 1]);
    expect(m.history().madeUp.map((x) => x.callId)).toHaveLength(1);
    const tool = m.sent().find((x) => x.role === 'tool')!;
    expect(tool.content).toEqual([{ type: 'text', text: ORPHAN_REASON }]);
  });

  it('a call left without a result at the end gets its made-up response in the new prompt', () => {
    const callAt = lines.findIndex((l) => (l.includes('"functionCall"') ? typeOf(l) === 'assistant' : false));
    const m = load(lines.slice(0, callAt + 1).join('\n'));
    expect(m.sent().map((x) => x.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('records of two sessions are refused', () => {
    const other = lines.map((l) => l.replace(/"sessionId":"[^"]+"/, '"sessionId":"other"'));
    const m = load([...lines, ...other].join('\n'));
    expect(m.chain().mixedSessions).toHaveLength(2);
    expect(qwenCode.exportRequest!(m)).toEqual({
      refused: 'Transcript records contain multiple session ids.',
      messages: [],
    });
  });

  it('a record written twice joins its parts (a restored backup doubles the text)', () => {
    const last = lines.at(-1)!;
    const m = load([...lines, last].join('\n'));
    const answer = m.sent().at(-1)!;
    const text = (JSON.parse(last) as { message: { parts: { text: string }[] } }).message.parts[0]!.text;
    expect(answer.content).toBe(text + text);
  });

  it('two records run together on one line are both read', () => {
    const joined = [...lines.slice(0, -2), lines.at(-2)! + lines.at(-1)!].join('\n');
    expect(load(joined).sent()).toEqual(load(toolCall).sent());
  });
});

describe('qwen-code: write-back and sessions', () => {
  it('writes the file back byte for byte without fixes', () => {
    const data = bytes(`\uFEFF${toolCall.replace(/\n/g, '\r\n')}`);
    const m = qwenCode.load('s.jsonl', data, {});
    expect(qwenCode.writeBack(m, []).bytes).toEqual(data);
  });

  it('finds sessions below QWEN_RUNTIME_DIR, QWEN_HOME or ~/.qwen', () => {
    const roots = qwenCode.sessions!.roots;
    expect(roots({}, '/h')).toEqual(['/h/.qwen/projects']);
    expect(roots({ QWEN_HOME: '/q' }, '/h')).toEqual(['/q/projects']);
    expect(roots({ QWEN_HOME: '/q', QWEN_RUNTIME_DIR: '/r' }, '/h')).toEqual(['/r/projects']);
    expect(qwenCode.sessions!.patterns('abc', { sidechains: false })).toEqual(['*/chats/abc.jsonl']);
  });
});

describe('qwen-code: export is what the CLI sent on resume', () => {
  it.each(recordings())('$name', ({ file, first }) => {
    const data = readFileSync(file);
    const m = qwenCode.load(file, data, {});
    expect(qwenCode.exportRequest!(m)).toEqual({ messages: fromFile(first) });
  });
});

describe('qwen-code: reasoning', () => {
  it('a qwen3 session: export mirrors reasoning_content as reasoning, as the CLI sent it', () => {
    const dir = path.join(FIXTURES, 'thinking');
    const file = path.join(dir, 'session.jsonl');
    const first = JSON.parse(readFileSync(path.join(dir, 'resume-request.json'), 'utf8')) as { messages: Msg[] };
    const exported = qwenCode.exportRequest!(qwenCode.load(file, readFileSync(file), {})) as {
      messages: (Msg & { reasoning?: string })[];
    };
    expect(exported).toEqual({ messages: fromFile(first.messages) });
    expect(exported.messages.filter((m) => m.reasoning).map((m) => m.reasoning)).toEqual([
      'I should run it.',
      'It printed hi.',
    ]);
  });

  it('another model: reasoning_content only', () => {
    const file = path.join(FIXTURES, 'thinking', 'session.jsonl');
    const text = readFileSync(file, 'utf8').replaceAll('"model":"qwen3-coder-plus"', '"model":"gpt-4o"');
    const { messages } = qwenCode.exportRequest!(load(text)) as { messages: Msg[] };
    expect(messages.filter((m) => 'reasoning' in m)).toEqual([]);
    expect(messages.filter((m) => 'reasoning_content' in m)).toHaveLength(2);
  });
});

describe('qwen-code: fixes keep what Qwen sends, or give back what it lost', () => {
  const RULES = path.join(ROOT, 'fixtures', 'rules', 'qwen');
  const sent = (name: string, data: Uint8Array) => qwenCode.exportRequest!(qwenCode.load(name, data, {}));
  const fixed = (name: string, data: Uint8Array) => fixBytes(name, data, { unsafe: true }).output;

  it.each([
    'call-has-result/invalid-no-result.jsonl',
    'call-has-result/invalid-parallel-one-missing.jsonl',
    'valid-jsonl/invalid-nul.jsonl',
    'valid-jsonl/invalid-runtogether.jsonl',
    'valid-jsonl/invalid-torn-mb.jsonl',
    'valid-jsonl/invalid-torn-last.jsonl',
    'result-has-call/invalid-call-dropped.jsonl',
  ])('%s: the same request after the fix', (file) => {
    const data = readFileSync(path.join(RULES, file));
    expect(sent(file, fixed(file, data))).toEqual(sent(file, data));
  });

  it('a restored backup: the request of the session before it was doubled', () => {
    const data = readFileSync(path.join(RULES, 'duplicate-record/invalid-doubled.jsonl'));
    expect(sent('d.jsonl', fixed('d.jsonl', data))).toEqual(sent('o.jsonl', bytes(toolCall)));
  });

  it('a dropped tool_result: the whole history, its call answered as Qwen answers it', () => {
    const data = readFileSync(path.join(RULES, 'history-gap/invalid-dropped-result.jsonl'));
    const after = sent('g.jsonl', fixed('g.jsonl', data)) as { messages: { role: string; content?: unknown }[] };
    const roles = after.messages.map((m) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(after.messages[2]!.content).toEqual([{ type: 'text', text: ORPHAN_REASON }]);
  });
});
