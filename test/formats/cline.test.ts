// The Cline and Roo Code task-history formats: detection (by name and shape, both ways against the other formats),
// flavour, positions (line and column in the one-line file), write-back (bytes kept, the tools' shape for a new
// message), what each tool sends (export), where the task folders are, and which rules run on the files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { linter } from '../../src/composition.js';
import { appliesTo } from '../../src/engine/run-rules.js';
import { cline, roo } from '../../src/formats/cline/index.js';
import type { TaskHistoryModel } from '../../src/formats/cline/model.js';
import {
  CLINE_EXTENSION,
  clineDataTasks,
  extensionTaskRoots,
  globalStorageDirs,
  KILO_EXTENSION,
  ROO_EXTENSION,
  taskIdOf,
  taskPatterns,
} from '../../src/formats/cline/sessions.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { clineCall, clineReply, history, interrupted, rooReply, text, user } from '../helpers/task-history.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'rules');
const NAME = 'api_conversation_history.json';
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);
const fixture = (p: string): Uint8Array => readFileSync(path.join(FIXTURES, p));
const detect = (name: string, data: Uint8Array | string): string =>
  linter.detect(name, typeof data === 'string' ? enc(data) : data).id;
const load = (data: Uint8Array | string, target?: string, format = cline): TaskHistoryModel =>
  format.load(NAME, typeof data === 'string' ? enc(data) : data, { target });

const CLINE_TASK = 'cline/result-missing/valid-finished-task.json';
const ROO_TASK = 'roo/interrupted-tool-use/valid-finished-task.json';
const ROO_CONDENSED = 'roo/interrupted-tool-use/valid-condensed.json';

describe('detection', () => {
  it('takes a history by its name and shape, and tells Cline from Roo', () => {
    expect(detect(NAME, fixture(CLINE_TASK))).toBe('cline');
    expect(detect(NAME, fixture(ROO_TASK))).toBe('roo');
    expect(detect(NAME, fixture(ROO_CONDENSED))).toBe('roo');
    expect(detect(NAME, fixture('cline/result-missing/valid-text-results.json'))).toBe('cline');
  });

  it('leaves the same bytes under another name to the message-list format', () => {
    expect(detect('messages.json', fixture(CLINE_TASK))).toBe('messages');
    expect(detect('valid-finished-task.json', fixture(ROO_TASK))).toBe('messages');
  });

  it('takes a plain message list named as a history (Cline before 3.37 wrote no extra fields)', () => {
    const plain = history([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ]);
    expect(detect(NAME, plain)).toBe('cline');
    expect(detect(NAME, '[]')).toBe('cline');
  });

  it('tells the flavour from fields only one tool writes, else from ts without modelInfo', () => {
    const replyWith = (extra: Record<string, unknown>) =>
      history([user([text('hi')]), { role: 'assistant', content: 'ok', ...extra }]);
    expect(detect(NAME, replyWith({ ts: 2 }))).toBe('roo');
    expect(detect(NAME, replyWith({ ts: 2, modelInfo: { modelId: 'm' } }))).toBe('cline');
    expect(detect(NAME, replyWith({ isSummary: true }))).toBe('roo');
    expect(detect(NAME, history([user([text('hi')])]))).toBe('cline');
    expect(detect(NAME, history([user('hi'), { type: 'reasoning', encrypted_content: 'x', summary: [] }]))).toBe('roo');
  });

  it('keeps a torn or pretty history its tool’s', () => {
    const torn = (p: string) => dec(fixture(p)).slice(0, 900);
    expect(detect(NAME, torn(CLINE_TASK))).toBe('cline');
    expect(detect(NAME, torn(ROO_TASK))).toBe('roo');
    const pretty = JSON.stringify(JSON.parse(dec(fixture(CLINE_TASK))), null, 2);
    expect(detect(NAME, pretty)).toBe('cline');
    expect(detect(NAME, JSON.stringify(JSON.parse(dec(fixture(ROO_TASK))), null, '\t'))).toBe('roo');
  });

  it('claims nothing else by that name: objects, JSONL, arrays of other things', () => {
    expect(detect(NAME, '{"messages":[{"role":"user","content":"hi"}]}')).toBe('request');
    expect(detect(NAME, '{"role":"user","content":"hi"}\n{"role":"assistant","content":"x"}\n')).toBe('messages');
    expect(detect(NAME, '[1,2]')).toBe('unknown');
    expect(detect(NAME, '[{"ts":1,"type":"say","say":"text","text":"hi"}]')).toBe('unknown');
    // The task folder's other files.
    for (const other of ['ui_messages.json', 'task_metadata.json', 'history_item.json']) {
      expect([cline.id, roo.id]).not.toContain(detect(other, fixture(CLINE_TASK)));
    }
  });

  const corpus = path.resolve(ROOT, '..', 'shared', 'corpus');
  it.skipIf(!existsSync(corpus))('claims no file of another agent, even named as a history', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const f of readdirSync(dir)) {
        const p = path.join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.jsonl?$/.test(f)) files.push(p);
      }
    };
    walk(corpus);
    expect(files.length).toBeGreaterThan(50);
    for (const f of files) {
      const data = readFileSync(f);
      expect([cline.id, roo.id], f).not.toContain(detect(path.basename(f), data));
      expect([cline.id, roo.id], f).not.toContain(detect(NAME, data));
    }
  });
});

describe('positions', () => {
  it('gives each message the column of its `{` in the one-line file', () => {
    // The research sample's six messages start at these UTF-16 columns (research/formats/samples/INDEX.md).
    const { result: lint } = lintBytes(NAME, fixture(CLINE_TASK), { rules: [], inputFormat: 'cline' });
    expect(lint.inputFormat).toBe('cline');
    const model = load(fixture(CLINE_TASK));
    const columns = model.entries.map((entry) => cline.locate(model, { entry }));
    expect(columns.map((l) => [l.line, l.column, l.pointer])).toEqual([
      [1, 2, '/0'],
      [1, 320, '/1'],
      [1, 756, '/2'],
      [1, 1177, '/3'],
      [1, 1760, '/4'],
      [1, 2061, '/5'],
    ]);
  });

  it('places a finding on a block at the block, and a field of a pretty file on its own line', () => {
    const found = lintBytes(NAME, fixture('cline/result-missing/invalid-interrupted-at-end.json'), {}).result
      .diagnostics;
    expect(found.map((d) => [d.ruleId, d.line, d.column, d.pointer])).toEqual([
      ['cline/result-missing', 1, 1252, '/3/content/1'],
    ]);
    const pretty = JSON.stringify(
      JSON.parse(dec(fixture('cline/result-missing/invalid-interrupted-at-end.json'))),
      null,
      2,
    );
    const d = lintBytes(NAME, enc(pretty), {}).result.diagnostics[0]!;
    const lines = pretty.split('\n');
    expect(lines[d.line - 1]!.slice(d.column! - 1)).toBe('{');
    expect(lines[d.line]).toBe('        "type": "tool_use",');
  });

  it('places a parse error where the parser stopped', () => {
    const torn = dec(fixture(CLINE_TASK)).slice(0, 900);
    const [d] = lintBytes(NAME, enc(torn), {}).result.diagnostics;
    // The cut falls in a string: the error is at its opening quote.
    expect([d!.ruleId, d!.line, d!.column]).toEqual(['valid-json', 1, torn.lastIndexOf('"') + 1]);
  });
});

describe('write-back', () => {
  it('changes only the bytes a fix names: one line stays one line, with no final newline', () => {
    const input = fixture('cline/result-missing/invalid-unanswered-mid-history.json');
    const out = dec(fixBytes(NAME, input, {}).output);
    const before = dec(input);
    expect(out.includes('\n')).toBe(false);
    const at = before.indexOf('"content":[{"type":"text","text":"[TASK RESUMPTION]');
    expect(out.slice(0, at)).toBe(before.slice(0, at));
    expect(out.endsWith(before.slice(at + '"content":['.length))).toBe(true);
  });

  it('writes a new message in the tool’s shape, ts one millisecond after the one before', () => {
    const messages = [user([text('go')]), clineReply([clineCall('toolu_A', 'execute_command', { command: 'ls' })])];
    const out = JSON.parse(dec(fixBytes(NAME, enc(history(messages)), {}).output)) as Record<string, unknown>[];
    expect(out[2]).toEqual({ role: 'user', content: [interrupted('toolu_A')], ts: (messages[1]!.ts as number) + 1 });
    expect(Object.keys(out[2]!)).toEqual(['role', 'content', 'ts']);
    // Cline before 3.67 wrote no ts: the new message has none either.
    const old = [
      { role: 'user', content: [text('go')] },
      { role: 'assistant', content: [clineCall('toolu_A', 'execute_command')] },
    ];
    const outOld = JSON.parse(dec(fixBytes(NAME, enc(history(old)), { inputFormat: 'cline' }).output)) as unknown[];
    expect(outOld[2]).toEqual({ role: 'user', content: [interrupted('toolu_A')] });
  });

  it('keeps the indentation of a pretty history (Cline dev tasks: 2 spaces; Roo prettyPrint: tabs)', () => {
    const messages = [
      user([text('go')]),
      rooReply([{ type: 'tool_use', id: 'toolu_A', name: 'apply_diff', input: {} }]),
    ];
    const tabs = `${JSON.stringify(messages, null, '\t')}\n`;
    const out = dec(fixBytes(NAME, enc(tabs), { inputFormat: 'roo' }).output);
    expect(out).toBe(
      `${JSON.stringify([...messages, { role: 'user', content: [interrupted('toolu_A')], ts: (messages[1]!.ts as number) + 1 }], null, '\t')}\n`,
    );
  });

  it('keeps every extra field of the messages it edits', () => {
    const input = fixture('cline/result-dropped/invalid-unknown-id.json');
    const before = JSON.parse(dec(input)) as Record<string, unknown>[];
    const after = JSON.parse(dec(fixBytes(NAME, input, {}).output)) as Record<string, unknown>[];
    expect(after.map((m) => Object.keys(m))).toEqual(before.map((m) => Object.keys(m)));
    expect(after.map((m) => [m.ts, m.modelInfo, m.metrics])).toEqual(before.map((m) => [m.ts, m.modelInfo, m.metrics]));
  });
});

/** The request a tool sends of a history (export). */
const sent = (data: Uint8Array | string, format = cline) =>
  (format.exportRequest!(load(data, undefined, format)) as { messages: { role: string; content: unknown }[] }).messages;

describe('what Cline sends', () => {
  it('only role and content: ts, modelInfo, metrics and call_id stay home', () => {
    const messages = sent(fixture(CLINE_TASK));
    expect(messages).toHaveLength(7);
    expect(JSON.stringify(messages)).not.toMatch(/"(ts|modelInfo|metrics|call_id)"/);
    // The history ends with attempt_completion: on resume Cline answers it "result missing".
    expect(messages[6]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01Ng3a3uWgGx4BSvDBLAwQv2', content: 'result missing' }],
    });
  });

  it('answers a call without a result "result missing", results first, and leaves out one with a wrong id', () => {
    const messages = sent(fixture('cline/result-dropped/invalid-unknown-id.json'));
    expect((messages[2]!.content as Record<string, unknown>[]).map((b) => [b.type, b.tool_use_id, b.content])).toEqual([
      ['tool_result', 'toolu_01XFDUDYJgAACzvnptvVoYEL', 'result missing'],
      ['text', undefined, undefined],
    ]);
  });

  it('leaves out thinking without a signature, keeps a signed one', () => {
    const messages = sent(fixture('cline/unsigned-thinking/invalid-thinking-without-signature.json'));
    expect((messages[1]!.content as Record<string, unknown>[]).map((b) => b.type)).toEqual(['text', 'tool_use']);
    const signed = sent(fixture('cline/unsigned-thinking/valid-signed-thinking.json'));
    expect((signed[1]!.content as Record<string, unknown>[]).map((b) => b.type)).toEqual([
      'thinking',
      'text',
      'tool_use',
    ]);
  });

  it('is judged with the api rules: what Cline still sends broken is an error', () => {
    // A reply of nothing but unsigned thinking is sent empty.
    const found = lintBytes(NAME, fixture('cline/unsigned-thinking/invalid-reply-of-thinking-only.json'), {
      inputFormat: 'cline',
    }).result.diagnostics;
    expect(found.map((d) => `${d.ruleId} ${d.severity}`).sort()).toEqual([
      'cline/unsigned-thinking warn',
      'no-empty-content error',
    ]);
  });
});

describe('what Roo sends', () => {
  it('from the last summary on, its internal reasoning left out', () => {
    const messages = sent(fixture(ROO_CONDENSED), roo);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(JSON.stringify(messages[0])).toContain('Conversation Summary');
    expect((messages[1]!.content as Record<string, unknown>[]).map((b) => b.type)).toEqual(['tool_use']);
    expect(messages[4]!.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_01Lm2Nn3Oo4Pp5Qq6Rr7Ss8T',
        content: 'Task was interrupted before this tool call could be completed.',
      },
    ]);
  });

  it('merges consecutive user messages and filters non-Anthropic blocks', () => {
    const messages = [
      user([text('a')]),
      rooReply([text('b'), { type: 'thoughtSignature', thoughtSignature: 'sig' }]),
      user('c'),
      user([text('d')]),
    ];
    expect(sent(history(messages), roo)).toEqual([
      { role: 'user', content: [text('a')] },
      { role: 'assistant', content: [text('b')] },
      { role: 'user', content: [text('c'), text('d')] },
    ]);
  });

  it('does not repair a call left without a result mid-history: tool-use-has-result reports it', () => {
    const messages = [
      user([text('a')]),
      rooReply([{ type: 'tool_use', id: 'toolu_A', name: 'read_file', input: {} }]),
      user([text('b')]),
      rooReply([text('c')]),
    ];
    const found = lintBytes(NAME, enc(history(messages)), { inputFormat: 'roo' }).result.diagnostics;
    expect(found.map((d) => `${d.ruleId} ${d.severity}`)).toEqual(['tool-use-has-result error']);
  });
});

describe('targets', () => {
  it('each format defaults to its tool and can be judged as the raw request', () => {
    expect(cline.targets.map((t) => t.id)).toEqual(['cline', 'api', 'bedrock']);
    expect(roo.targets.map((t) => t.id)).toEqual(['roo', 'api', 'bedrock']);
    const lint = (target?: string) =>
      lintBytes(NAME, fixture(CLINE_TASK), target ? { target } : {}).result.diagnostics.map((d) => d.ruleId);
    expect(lint()).toEqual([]);
    expect(lint('api')).toEqual(['tool-use-has-result']);
  });

  it('runs the message-list rules (valid-json, entry-shape) and not the request-only ones', () => {
    const running = rules.filter((r) => appliesTo(r.meta, cline)).map((r) => r.meta.id);
    expect(running).toEqual(
      expect.arrayContaining(['valid-json', 'entry-shape', 'tool-use-has-result', 'cline/result-missing']),
    );
    expect(running).not.toContain('tool-names');
    expect(running).not.toContain('roo/interrupted-tool-use');
    expect(running).not.toContain('unique-uuid');
  });
});

describe('sessions', () => {
  it('finds the tasks folders of every editor, per platform', () => {
    expect(globalStorageDirs('linux', {}, '/home/u')).toEqual([
      '/home/u/.config/Code/User/globalStorage',
      '/home/u/.config/Code - Insiders/User/globalStorage',
      '/home/u/.config/VSCodium/User/globalStorage',
      '/home/u/.config/Cursor/User/globalStorage',
      '/home/u/.config/Windsurf/User/globalStorage',
      '/home/u/.vscode-server/data/User/globalStorage',
    ]);
    expect(globalStorageDirs('linux', { XDG_CONFIG_HOME: '/x' }, '/home/u')[0]).toBe('/x/Code/User/globalStorage');
    expect(extensionTaskRoots(CLINE_EXTENSION, 'darwin', {}, '/Users/u')[0]).toBe(
      '/Users/u/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/tasks',
    );
    expect(
      extensionTaskRoots(ROO_EXTENSION, 'win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\Users\\u')[0],
    ).toBe('C:\\Users\\u\\AppData\\Roaming\\Code\\User\\globalStorage\\rooveterinaryinc.roo-cline\\tasks');
    expect(extensionTaskRoots(KILO_EXTENSION, 'linux', {}, '/home/u')[0]).toBe(
      '/home/u/.config/Code/User/globalStorage/kilocode.kilo-code/tasks',
    );
    expect(roo.sessions!.roots({}, '/home/u')).toContain(
      path.join('/home/u', '.config', 'Code', 'User', 'globalStorage', 'kilocode.kilo-code', 'tasks'),
    );
    expect(globalStorageDirs('win32', {}, 'C:\\Users\\u')[0]).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\Code\\User\\globalStorage',
    );
    expect(globalStorageDirs('darwin', { VSCODE_APPDATA: '/data' }, '/Users/u')[0]).toBe(
      '/data/Code/User/globalStorage',
    );
  });

  it("finds Cline's own data dir (CLI, JetBrains)", () => {
    expect(clineDataTasks('linux', {}, '/home/u')).toBe('/home/u/.cline/data/tasks');
    expect(clineDataTasks('linux', { CLINE_DIR: '/c' }, '/home/u')).toBe('/c/data/tasks');
    expect(clineDataTasks('linux', { CLINE_DATA_DIR: ' /d ', CLINE_DIR: '/c' }, '/home/u')).toBe('/d/tasks');
  });

  it('a task is its folder: every one, or one by id', () => {
    expect(taskPatterns(undefined)).toEqual(['*/api_conversation_history.json']);
    expect(taskPatterns('1755184920417')).toEqual(['1755184920417/api_conversation_history.json']);
    expect(taskIdOf('/t/tasks/1755184920417/api_conversation_history.json')).toBe('1755184920417');
    expect(cline.sessions!.roots({}, '/home/u')).toContain('/home/u/.cline/data/tasks');
  });
});

describe('fixed files', () => {
  const all = (dir: string): string[] =>
    readdirSync(path.join(FIXTURES, dir))
      .filter((f) => f.endsWith('.json') && !f.endsWith('.options.json'))
      .map((f) => path.join(dir, f));
  const files = [
    ...all('cline/result-missing'),
    ...all('cline/result-dropped'),
    ...all('cline/unsigned-thinking'),
    ...all('roo/interrupted-tool-use'),
  ];
  it.each(files)('%s: --fix leaves nothing for the tool or the api target to reject, nothing lost', (file) => {
    const options = JSON.parse(readFileSync(path.join(FIXTURES, `${file}.options.json`), 'utf8')) as {
      inputFormat: string;
    };
    const input = fixture(file);
    for (const target of [undefined, 'api']) {
      const fixed = fixBytes(NAME, input, { inputFormat: options.inputFormat, target, unsafe: true });
      expect(fixed.status).not.toBe('worse');
      const left = lintBytes(NAME, fixed.output, { inputFormat: options.inputFormat, target }).result;
      expect(left.errorCount, `${file} ${target ?? 'default'}: ${left.diagnostics.map((d) => d.ruleId)}`).toBe(0);
      // Every call and every text of the history is still there.
      const calls = (s: string) => [...s.matchAll(/"type":"tool_use","id":"([^"]+)"/g)].map((m) => m[1]);
      expect(calls(dec(fixed.output))).toEqual(calls(dec(input)));
    }
  });
});
