// The copilot-events format: detection both ways (its files are its own, no other format's file is), loading (lines
// split on "\n" only, the sidecar beside events.jsonl), the damaged-line analysis, write-back (untouched lines byte
// for byte, the BOM), the sessions store, and the compiled request against what the real Copilot CLI 1.0.102 sent
// when it resumed each recording (fixtures/sessions/copilot/<recording>/resume-requests.json).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { copilotEvents } from '../../src/formats/copilot-events/index.js';
import type { CopilotModel } from '../../src/formats/copilot-events/model.js';
import { lintBytes } from '../../src/index.js';
import { jsonlFiles } from '../helpers/corpus.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RECORDINGS = path.join(ROOT, 'fixtures', 'sessions', 'copilot');
const recordings = readdirSync(RECORDINGS).sort();
const folderOf = (name: string): string => readdirSync(path.join(RECORDINGS, name)).find((f) => !f.includes('.'))!;
const eventsOf = (name: string): string => path.join(RECORDINGS, name, folderOf(name), 'events.jsonl');
const bytes = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const detect = (name: string, data: string | Uint8Array) =>
  linter.detect(name, typeof data === 'string' ? bytes(data) : data).id;
const load = (file: string, data: string | Uint8Array) =>
  copilotEvents.load(file, typeof data === 'string' ? bytes(data) : data, {});

const oneTool = readFileSync(eventsOf('one-tool'), 'utf8');
const oneToolLines = oneTool.trimEnd().split('\n');

describe('copilot-events: detection', () => {
  it.each(recordings)('the %s recording is a Copilot session', (name) => {
    expect(detect('events.jsonl', readFileSync(eventsOf(name)))).toBe('copilot-events');
    expect(detect('copy.jsonl', readFileSync(eventsOf(name)))).toBe('copilot-events');
  });

  it('damaged files stay Copilot sessions', () => {
    const [start, ...rest] = oneToolLines;
    // A NUL-padded first line, a torn session.start (whose "sessionId" a Claude Code sniff would take for its own),
    // a BOM, CRLF, a split first event.
    expect(detect('e.jsonl', `\u0000\u0000${start}\n${rest.join('\n')}`)).toBe('copilot-events');
    expect(detect('e.jsonl', start!.slice(0, 120))).toBe('copilot-events');
    expect(detect('e.jsonl', `\uFEFF${oneTool}`)).toBe('copilot-events');
    expect(detect('e.jsonl', oneTool.replace(/\n/g, '\r\n'))).toBe('copilot-events');
    expect(detect('e.jsonl', oneTool.replace('run echo', 'run\necho'))).toBe('copilot-events');
  });

  it('an empty or NUL-only file is a Copilot session only when it is named events.jsonl', () => {
    expect(detect('events.jsonl', '')).toBe('copilot-events');
    expect(detect('events.jsonl', new Uint8Array(4096))).toBe('copilot-events');
    expect(detect('other.jsonl', '')).not.toBe('copilot-events');
    expect(detect('other.jsonl', new Uint8Array(4096))).not.toBe('copilot-events');
  });

  it("never claims another format's file", () => {
    const others = [
      ...jsonlFiles(path.join(ROOT, 'fixtures', 'rules')).filter((f) => !f.includes(`${path.sep}copilot${path.sep}`)),
      // Leaves out copilot/ and copilot-resumed/ (damaged copies of a recording): Copilot's own files.
      ...jsonlFiles(path.join(ROOT, 'fixtures', 'sessions')).filter((f) => !f.startsWith(RECORDINGS)),
      ...jsonlFiles(path.join(ROOT, '..', 'shared', 'corpus')),
    ];
    expect(others.length).toBeGreaterThan(10);
    for (const f of others) expect(detect(path.basename(f), readFileSync(f)), f).not.toBe('copilot-events');
    // Claude Code entries, a message list, a Codex rollout.
    expect(
      detect('s.jsonl', '{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"x"}}\n'),
    ).toBe('claude-code');
    expect(detect('m.jsonl', '{"role":"user","content":"hi"}\n')).toBe('messages');
    expect(
      detect('r.jsonl', '{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"x"}}\n'),
    ).not.toBe('copilot-events');
  });

  it('Copilot files are not left to known-format', () => {
    const { result } = lintBytes('events.jsonl', readFileSync(eventsOf('parallel')), {});
    expect(result.inputFormat).toBe('copilot-events');
    expect(result.diagnostics.map((d) => d.ruleId)).not.toContain('known-format');
  });
});

describe('copilot-events: loading', () => {
  it('reads the events, with their envelope', () => {
    const model = load('x.jsonl', oneTool);
    expect(model.events.map((e) => e.type)).toEqual([
      'session.start',
      'user.message',
      'system.message',
      'assistant.turn_start',
      'session.usage_record',
      'assistant.message',
      'tool.execution_start',
      'tool.execution_complete',
      'assistant.turn_end',
      'assistant.turn_start',
      'session.usage_record',
      'assistant.message',
      'assistant.turn_end',
      'session.shutdown',
    ]);
    expect(model.events[1]!.parentId).toBe(model.events[0]!.id);
    expect(model.framing().size).toBe(0);
  });

  it('splits on "\\n" only: a CR stays in the line, a lone CR splits nothing', () => {
    const model = load('x.jsonl', oneTool.replace(/\n/g, '\r\n'));
    expect(model.file.lines).toHaveLength(14);
    expect(model.file.eol).toBe('\n');
    expect(model.file.lines.every((l) => !l.crlf && l.bytes[l.bytes.length - 1] === 0x0d)).toBe(true);
    const glued = load('x.jsonl', `${oneToolLines[0]}\r${oneToolLines[1]}\n`);
    expect(glued.file.lines).toHaveLength(1);
    expect(glued.framing().get(1)).toMatchObject({ kind: 'glued' });
  });

  it('tells each damaged line apart', () => {
    const [a, b, c] = oneToolLines as [string, string, string];
    const text = [
      `${a}\u0000\u0000`,
      b.replace('run echo', 'run\necho'),
      c.slice(0, 50) + c,
      b.replace('"content":"run echo"', '"content":"x"\u2028'),
      'not json',
      '',
      '[1,2]',
      c.slice(0, 40),
    ].join('\n');
    const kinds = [...load('x.jsonl', text).framing()].map(([line, f]) => `${line}:${f.kind}`);
    expect(kinds).toEqual([
      '1:nul',
      '2:split',
      '3:split-part',
      '4:prefixed',
      '5:separator',
      '6:broken',
      '7:blank',
      '8:broken',
      '9:broken',
    ]);
  });

  it('reads workspace.yaml and the lock files beside events.jsonl, and nothing for other files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tl-copilot-'));
    const folder = path.join(dir, '11111111-2222-4333-8444-555555555555');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'events.jsonl'), oneTool);
    writeFileSync(path.join(folder, 'workspace.yaml'), "id: abc\ncwd: /nowhere/at/all\nname: 'first: run'\n");
    writeFileSync(path.join(folder, 'inuse.4194304.lock'), '4194304\n');
    writeFileSync(path.join(folder, `inuse.${process.pid}.lock`), `${process.pid}\n`);
    const model = load(path.join(folder, 'events.jsonl'), oneTool);
    expect(model.folder).toBe('11111111-2222-4333-8444-555555555555');
    const ws = model.sidecar!.workspace;
    expect(ws.status).toBe('ok');
    if (ws.status === 'ok') expect(Object.fromEntries(ws.fields)).toMatchObject({ id: 'abc', name: 'first: run' });
    expect(model.sidecar!.cwdIsDirectory).toBe(false);
    expect(model.sidecar!.locks.map((l) => [l.pid, l.alive]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [process.pid, true],
      [4194304, false],
    ]);
    writeFileSync(path.join(folder, 'workspace.yaml'), 'id: abc\u0000\u0000\n');
    expect(load(path.join(folder, 'events.jsonl'), oneTool).sidecar!.workspace.status).toBe('unreadable');
    expect(load(path.join(folder, 'other.jsonl'), oneTool).sidecar).toBeUndefined();
    expect(load('events.jsonl', oneTool).sidecar).toBeUndefined();
  });
});

describe('copilot-events: locate and write back', () => {
  it('places a site on its own line', () => {
    const model = load('x.jsonl', oneTool);
    expect(copilotEvents.locate(model, { line: 6, pointer: '/data/toolRequests/0' })).toEqual({
      line: 6,
      pointer: '/data/toolRequests/0',
    });
    expect(copilotEvents.locateLine(model, 8)).toBe(8);
  });

  it('keeps every untouched line byte for byte', () => {
    const model = load('x.jsonl', oneTool) as CopilotModel;
    const out = copilotEvents.writeBack(model, [
      {
        ruleId: 'r',
        applicability: 'safe',
        description: 'd',
        edits: [{ kind: 'set', line: 9, pointer: '/data/turnId', value: '7' }],
      },
    ]);
    const lines = decode(out.bytes).trimEnd().split('\n');
    expect(lines).toHaveLength(14);
    lines.forEach((l, i) => {
      if (i === 8) expect(JSON.parse(l).data.turnId).toBe('7');
      else expect(l).toBe(oneToolLines[i]);
    });
  });

  it('drops the byte order mark when its fix applies', () => {
    const result = lintBytes('x.jsonl', bytes(`\uFEFF${oneTool}`), {});
    const bom = result.findings.find((f) => f.diagnostic.messageId === 'bom')!;
    const out = copilotEvents.writeBack(result.model as CopilotModel, [{ ruleId: 'copilot/valid-json', ...bom.fix! }]);
    expect(decode(out.bytes)).toBe(oneTool);
  });
});

describe('copilot-events: sessions store', () => {
  const store = copilotEvents.sessions!;
  it('lives in ${COPILOT_HOME:-~/.copilot}/session-state, one folder per session', () => {
    expect(store.roots({}, '/home/u')).toEqual(['/home/u/.copilot/session-state']);
    expect(store.roots({ COPILOT_HOME: '/opt/c' }, '/home/u')).toEqual(['/opt/c/session-state']);
    expect(store.patterns(undefined, { sidechains: true })).toEqual(['*/events.jsonl']);
    expect(store.patterns('abc', { sidechains: false })).toEqual(['abc/events.jsonl']);
    expect(store.idOf!('/h/.copilot/session-state/abc-1/events.jsonl')).toBe('abc-1');
  });
});

describe('copilot-events: the request Copilot sends on resume', () => {
  const cases = recordings.flatMap((name) => {
    const file = path.join(RECORDINGS, name, 'resume-requests.json');
    let list: { lines: number; sentBy: string; messages: unknown[] }[] = [];
    try {
      list = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return [];
    }
    return list.map((c) => ({ name, ...c }));
  });

  it('covers every recording with a recorded resume', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
  });

  it.each(cases)('$name, first $lines lines: export equals what $sentBy sent', ({ name, lines, messages }) => {
    const text = readFileSync(eventsOf(name), 'utf8').split('\n').slice(0, lines).join('\n') + '\n';
    const model = load('x.jsonl', text);
    expect(copilotEvents.exportRequest!(model)).toEqual({ messages });
  });
});

describe('copilot-events: a result missing or out of place, resumed by the real CLI (fixtures/sessions/copilot-resumed)', () => {
  const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'copilot-resumed');
  /** What a recorded request sends of the session: cache marks out, and the resume's own prompt (its last block). */
  const conversation = (messages: { role: string; content: unknown[] }[]): unknown => {
    const copy = JSON.parse(JSON.stringify(messages, (k, v) => (k === 'cache_control' ? undefined : v))) as {
      content: unknown[];
    }[];
    const last = copy[copy.length - 1]!;
    last.content.pop();
    if (last.content.length === 0) copy.pop();
    return copy;
  };
  const TAIL =
    'Tool execution was interrupted before a result was recorded. Its effects may be absent, partial, or already complete, and other tools may have completed successfully. Check the current state before retrying; do not assume success or replay this operation blindly.';
  const MID = 'The execution of this tool, or a previous tool was interrupted.';
  const RESULT = 'hello-from-tool\n<shellId: 0 completed with exit code 0>';
  const cases = [
    {
      name: 'pending-then-prompt',
      what: 'pending, then a prompt and nothing else: the end-of-file text',
      result: TAIL,
    },
    { name: 'pending-prompt-reply', what: 'pending, then a prompt and its reply: the placeholder', result: MID },
    { name: 'completion-after-prompt', what: 'the completion after the next prompt: still paired', result: RESULT },
    {
      name: 'completion-after-reply',
      what: 'the completion after the reply to the next prompt: paired',
      result: RESULT,
    },
    { name: 'completion-after-resume', what: 'the completion after a session.resume: not paired', result: MID },
  ];

  it.each([
    { name: 'completion-before-call', result: 'three\n<shellId: 0 completed with exit code 0>' },
    { name: 'completion-before-call-prompt-between', result: 'three\n<shellId: 0 completed with exit code 0>' },
    { name: 'completion-before-call-across-resume', result: MID },
    { name: 'completion-before-and-after-call', result: 'THREE-LATE' },
    { name: 'completion-before-and-after-call-across-resume', result: 'THREE-LATE' },
  ])('a completion written before its call, resumed: toolu_01P3 gets what Copilot sent ($name)', ({ name, result }) => {
    const text = readFileSync(path.join(DATA, name, 'events.jsonl'), 'utf8');
    const sent = conversation(JSON.parse(readFileSync(path.join(DATA, name, 'sent-messages.json'), 'utf8')));
    const exported = copilotEvents.exportRequest!(load('x.jsonl', text)) as {
      messages: { content: { type: string; tool_use_id?: string; content?: string }[] }[];
    };
    expect(exported).toEqual({ messages: sent });
    const p3 = exported.messages.flatMap((m) => m.content).find((b) => b.tool_use_id === 'toolu_01P3');
    expect(p3?.content).toBe(result);
  });

  it('a completion after a session.resume is not kept for a later request of its id (completion-after-resume-then-call)', () => {
    const text = readFileSync(path.join(DATA, 'completion-after-resume-then-call', 'events.jsonl'), 'utf8');
    const sent = conversation(
      JSON.parse(readFileSync(path.join(DATA, 'completion-after-resume-then-call', 'sent-messages.json'), 'utf8')),
    ) as { content: { type: string; content?: string }[] }[];
    const results = sent.flatMap((m) => m.content).filter((b) => b.type === 'tool_result');
    expect(results.map((b) => b.content)).toEqual([MID, MID]);
    expect(copilotEvents.exportRequest!(load('x.jsonl', text))).toEqual({ messages: sent });
  });

  it("a crash before the first answer: the prompt is sent, in the resume prompt's user message (crash-before-answer)", () => {
    const text = readFileSync(path.join(DATA, 'crash-before-answer', 'events.jsonl'), 'utf8');
    const sent = JSON.parse(readFileSync(path.join(DATA, 'crash-before-answer', 'sent-messages.json'), 'utf8')) as {
      role: string;
      content: unknown[];
    }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.content).toHaveLength(2);
    const exported = copilotEvents.exportRequest!(load('x.jsonl', text));
    expect(exported).toEqual({ messages: conversation(sent) });
  });

  it('pending at the end of the file: a view call gets the short text, a bash call the long one (pending-view-and-bash)', () => {
    const text = readFileSync(path.join(DATA, 'pending-view-and-bash', 'events.jsonl'), 'utf8');
    const sent = conversation(
      JSON.parse(readFileSync(path.join(DATA, 'pending-view-and-bash', 'sent-messages.json'), 'utf8')),
    ) as { content: { content?: string }[] }[];
    expect(sent[2]!.content.map((b) => b.content)).toEqual([MID, TAIL]);
    expect(copilotEvents.exportRequest!(load('x.jsonl', text))).toEqual({ messages: sent });
  });

  it('two terminals interleaved: an answer right after another is sent inside it (two-terminals)', () => {
    const text = readFileSync(path.join(DATA, 'two-terminals', 'events.jsonl'), 'utf8');
    const sent = conversation(JSON.parse(readFileSync(path.join(DATA, 'two-terminals', 'sent-messages.json'), 'utf8')));
    const exported = copilotEvents.exportRequest!(load('x.jsonl', text)) as {
      messages: { role: string; content: { text?: string }[] }[];
    };
    expect(exported).toEqual({ messages: sent });
    expect(exported.messages.at(-1)!.content.map((b) => b.text)).toEqual([
      'answer of terminal B',
      'done in terminal A',
    ]);
  });

  it.each([
    { name: 'copy-appended-pending', first: [TAIL], copy: [MID] },
    { name: 'older-copy-pending-view-bash', first: [MID, TAIL], copy: [MID, MID] },
  ])(
    'an older copy appended, its call pending at the end: the first request of the id takes the end-of-file completion ($name)',
    ({ name, first, copy }) => {
      const text = readFileSync(path.join(DATA, name, 'events.jsonl'), 'utf8');
      const sent = JSON.parse(readFileSync(path.join(DATA, name, 'sent-conversation.json'), 'utf8')) as {
        content: { type: string; content?: string }[];
      }[];
      const exported = copilotEvents.exportRequest!(load('x.jsonl', text)) as { messages: typeof sent };
      expect(exported).toEqual({ messages: sent });
      const results = exported.messages
        .filter((m) => m.content.some((b) => b.type === 'tool_result'))
        .map((m) => m.content.map((b) => b.content));
      expect(results).toEqual([first, copy]);
    },
  );

  it('an older copy restored twice: a completion answers one request, the later copy of the call gets the placeholder (older-copy-restored-twice)', () => {
    const dir = path.join(DATA, 'older-copy-restored-twice');
    const text = readFileSync(path.join(dir, 'events.jsonl'), 'utf8');
    const sent = JSON.parse(readFileSync(path.join(dir, 'sent-conversation.json'), 'utf8')) as {
      content: { type: string; content?: string }[];
    }[];
    const exported = copilotEvents.exportRequest!(load('x.jsonl', text)) as { messages: typeof sent };
    expect(exported).toEqual({ messages: sent });
    const results = exported.messages
      .filter((m) => m.content.some((b) => b.type === 'tool_result'))
      .map((m) => m.content.map((b) => (b.content === MID || b.content === TAIL ? b.content : 'result')));
    expect(results).toEqual([
      ['result', 'result'],
      ['result', 'result'],
      [MID, 'result'],
      [MID, TAIL],
    ]);
  });

  it.each(cases)('$what ($name)', ({ name, result }) => {
    const text = readFileSync(path.join(DATA, name, 'events.jsonl'), 'utf8');
    const sent = conversation(JSON.parse(readFileSync(path.join(DATA, name, 'sent-messages.json'), 'utf8')));
    const exported = copilotEvents.exportRequest!(load('x.jsonl', text)) as { messages: unknown[] };
    expect(exported).toEqual({ messages: sent });
    // The result in its own user message, right after the assistant message that made the call.
    expect(exported.messages[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01AAA', content: result }],
    });
  });
});
