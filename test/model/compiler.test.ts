// The request compiler against the shapes Claude Code 2.1.332 writes and the behaviour measured with the oracle
// (claude-code-observed.md). Skeleton notation as in the oracle's skeleton.py.
import { describe, expect, it } from 'vitest';
import { loadText } from '../../src/loader/read-jsonl.js';
import type { ApiMessage } from '../../src/model/types.js';
import { exportMessages } from '../../src/model/export.js';
import type { TranscriptModel } from '../../src/model/index.js';
import { INTERRUPTED_TOOL_RESULT } from '../../src/formats/claude-code/repair-passes.js';
import { text, thinking, toolResult, toolUse, transcript } from '../helpers/build.js';
import { claudeCodeModel } from '../../src/formats/claude-code/model.js';

const model = (t: string): TranscriptModel => claudeCodeModel(loadText('t.jsonl', t));

function skeleton(messages: readonly ApiMessage[]): string[] {
  return exportMessages(messages).messages.map((m) => {
    if (typeof m.content === 'string') return `${m.role}:str`;
    const blocks = m.content.map((b) => {
      if (b.type === 'tool_use') return `tool_use:${String(b.id)}`;
      if (b.type === 'tool_result') return `tool_result:${String(b.tool_use_id)}${b.is_error ? '!err' : ''}`;
      return String(b.type);
    });
    return `${m.role}:${blocks.join(' ')}`;
  });
}
const sent = (t: string): string[] => skeleton(model(t).apiView().messages);
const merged = (t: string): string[] => skeleton(model(t).apiView().merged);

describe('chain walk and leaf choice', () => {
  it('follows the last last-prompt leaf, not the newest branch', () => {
    const b = transcript();
    const p = b.user('first');
    const a1 = b.assistant([text('answer one')]);
    b.lastPrompt(a1);
    b.from(p).assistant([text('alternative')], { id: 'msg_alt' });
    b.lastPrompt(a1);
    const m = model(b.toString());
    expect(m.chain().leaf?.uuid).toBe(a1);
    expect(m.chain().leafSource).toBe('last-prompt');
    expect(sent(b.toString())).toEqual(['user:str', 'assistant:text']);
  });

  it('without last-prompt takes the branch tip that is last in the file', () => {
    const b = transcript();
    const p = b.user('first');
    b.assistant([text('one')]);
    const alt = b.from(p).assistant([text('two')], { id: 'msg_alt' });
    expect(model(b.toString()).chain().leaf?.uuid).toBe(alt);
    expect(model(b.toString()).chain().leafSource).toBe('last-tip');
  });

  it('an entry with a dangling parent more than 5 s after the entry before it starts the history there', () => {
    // Recordings 01f/01g/01k (prompts) and probes on a result, an attachment and an assistant part: cut at > 5 s.
    const b = transcript();
    b.user('lost turn');
    b.assistant([text('lost answer')]);
    const p2 = b.user('do round two', {
      parent: 'ffffffff-0000-4000-8000-000000000000',
      extra: { timestamp: '2026-11-01T12:00:07.500Z' },
    });
    b.assistant([text('ok')], { extra: { timestamp: '2026-11-01T12:00:08.000Z' } });
    const m = model(b.toString());
    expect(m.chain().truncatedAt?.uuid).toBe(p2);
    expect(m.chain().rootReason).toBe('dangling-parent');
    expect(sent(b.toString())).toEqual(['user:str', 'assistant:text']);
  });

  it('a user prompt with a dangling parent at most 5 s after the entry before it is bridged', () => {
    // Recordings 01a/01d/01j: bridged at a gap of 5.0 s, cut at 5.5 s.
    const at = (s: number): string => new Date(Date.UTC(2026, 10, 1, 12, 0, 0) + s * 1000).toISOString();
    const build = (gap: number): string => {
      const b = transcript();
      b.user('turn one', { extra: { timestamp: at(1) } });
      b.assistant([text('one')], { extra: { timestamp: at(2) } });
      b.user('turn two', { parent: 'ffffffff-0000-4000-8000-000000000000', extra: { timestamp: at(2 + gap) } });
      b.assistant([text('two')], { extra: { timestamp: at(3 + gap) } });
      return b.toString();
    };
    expect(sent(build(5))).toEqual(['user:str', 'assistant:text', 'user:str', 'assistant:text']);
    expect(model(build(5)).chain().truncatedAt).toBeUndefined();
    expect(sent(build(5.5))).toEqual(['user:str', 'assistant:text']);
  });

  it('another entry with a dangling parent is bridged to the entry before it', () => {
    const b = transcript();
    b.user('one');
    b.assistant([text('a')]);
    b.user('two');
    b.assistant([text('b')], { parent: 'ffffffff-0000-4000-8000-000000000000' });
    const m = model(b.toString());
    expect(m.chain().bridged).toHaveLength(1);
    expect(sent(b.toString())).toEqual(['user:str', 'assistant:text', 'user:str', 'assistant:text']);
  });

  it('does not hang on a parent cycle', () => {
    const b = transcript();
    const root = b.newUuid();
    b.user('one', { uuid: root, parent: null });
    const leaf = b.assistant([text('a')]);
    b.lines[0] = b.lines[0]!.replace('"parentUuid":null', `"parentUuid":"${leaf}"`);
    const m = model(b.toString());
    expect(m.chain().rootReason).toBe('cycle');
    expect(sent(b.toString())).toEqual(['user:str', 'assistant:text']);
  });
});

describe('split responses and parallel tool calls', () => {
  it('regroups parts by message.id and sends results in file (completion) order', () => {
    const b = transcript();
    b.user('run three');
    const t = b.assistant([text('Running three.')], { id: 'msg_P' });
    const u1 = b.assistant([toolUse('P1')], { id: 'msg_P' });
    const u2 = b.assistant([toolUse('P2')], { id: 'msg_P' });
    const u3 = b.assistant([toolUse('P3')], { id: 'msg_P' });
    void t;
    b.result('P1', 'one', { parent: u1 });
    b.result('P3', 'three', { parent: u3 });
    b.result('P2', 'two', { parent: u2 });
    b.assistant([text('All three done.')]);
    expect(sent(b.toString())).toEqual([
      'user:str',
      'assistant:text tool_use:P1 tool_use:P2 tool_use:P3',
      'user:tool_result:P1 tool_result:P3 tool_result:P2',
      'assistant:text',
    ]);
  });

  it('merges the legacy interleaved chain (A, u1, r1, u2, r2)', () => {
    const b = transcript();
    b.user('go');
    b.assistant([toolUse('L1')], { id: 'msg_L' });
    b.result('L1');
    b.assistant([toolUse('L2')], { id: 'msg_L' });
    b.result('L2');
    expect(sent(b.toString())).toEqual([
      'user:str',
      'assistant:tool_use:L1 tool_use:L2',
      'user:tool_result:L1 tool_result:L2',
    ]);
  });

  it('puts a thinking part first when it was written after a tool_use part', () => {
    const b = transcript();
    b.user('go');
    b.assistant([toolUse('T1')], { id: 'msg_T' });
    b.assistant([thinking('why')], { id: 'msg_T' });
    b.result('T1');
    b.assistant([text('done')]);
    expect(sent(b.toString())[1]).toBe('assistant:thinking tool_use:T1');
  });
});

describe('merging and normalisation', () => {
  it('merges consecutive user prompts with a newline seam', () => {
    const b = transcript();
    b.user('do round two');
    b.user('and also say why');
    b.assistant([text('ok')]);
    const msgs = exportMessages(model(b.toString()).apiView().messages).messages;
    expect(msgs[0]).toEqual({ role: 'user', content: [text('do round two\n'), text('and also say why')] });
  });

  it('moves a user-rendered attachment before the prompt and system ones into a system message after it', () => {
    const b = transcript();
    b.user('say hello');
    b.attachment({ type: 'environment' }, { rendered: ['env'], renderedRole: 'system' });
    b.attachment(
      { type: 'model' },
      { rendered: ['<system-reminder>\nmodel\n</system-reminder>'], renderedRole: 'system' },
    );
    b.attachment({ type: 'remote_session_change' }, { rendered: ['remote'], renderedRole: 'user' });
    b.attachment({ type: 'prompt_snapshot' });
    b.assistant([text('Hello there.')]);
    const msgs = exportMessages(model(b.toString()).apiView().messages).messages;
    expect(msgs).toEqual([
      { role: 'user', content: [text('remote\n'), text('say hello')] },
      { role: 'system', content: 'env\n\nmodel' },
      { role: 'assistant', content: [text('Hello there.')] },
    ]);
  });

  it('drops virtual entries and synthetic API-error notices', () => {
    const b = transcript();
    b.user('hi');
    b.assistant([text('virtual')], { extra: { isVirtual: true } });
    b.assistant([text('Image was too large.')], { extra: { isApiErrorMessage: true }, id: 'msg_err' });
    b.lines[2] = b.lines[2]!.replace('claude-opus-5-5', '<synthetic>');
    b.assistant([text('real')]);
    expect(sent(b.toString())).toEqual(['user:str', 'assistant:text']);
  });

  it('starts after the compact boundary, with the summary first', () => {
    const b = transcript();
    b.user('old');
    b.assistant([text('old answer')]);
    b.compactBoundary();
    b.compactSummary();
    b.user('new');
    b.assistant([text('new answer')]);
    const m = model(b.toString());
    expect(m.chain().rootReason).toBe('compact-boundary');
    expect(sent(b.toString())).toEqual(['user:text text', 'assistant:text']);
  });
});

describe('Claude Code repairs (request view after repair)', () => {
  it('drops a tool_use without a result mid-history; the merged view still shows it', () => {
    const b = transcript();
    b.user('go');
    b.assistant([text('calling'), toolUse('X1')]);
    b.user('never mind');
    b.assistant([text('ok')]);
    expect(merged(b.toString())[1]).toBe('assistant:text tool_use:X1');
    expect(sent(b.toString())[1]).toBe('assistant:text');
  });

  it('answers a tool_use at the tail with the interrupted error result', () => {
    const b = transcript();
    b.user('go');
    b.assistant([toolUse('X1')]);
    const msgs = exportMessages(model(b.toString()).apiView().messages).messages;
    expect(msgs[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'X1', content: INTERRUPTED_TOOL_RESULT, is_error: true }],
    });
  });

  it('drops an orphan tool_result, a repeated tool_use id with its result, and blank text', () => {
    const b = transcript();
    b.user('go');
    b.assistant([text(''), toolUse('D1'), toolUse('D1')]);
    b.user([toolResult('D1'), toolResult('D1'), toolResult('ZZ')]);
    b.assistant([text('  '), text('done')]);
    expect(sent(b.toString())).toEqual(['user:str', 'assistant:tool_use:D1', 'user:tool_result:D1', 'assistant:text']);
  });

  it('drops thinking-only messages and trailing thinking of the last message', () => {
    const b = transcript();
    b.user('go');
    b.assistant([thinking('a')], { id: 'msg_only_thinking' });
    b.user('again');
    b.assistant([text('answer'), thinking('after')], { id: 'msg_last' });
    expect(sent(b.toString())).toEqual(['user:text text', 'assistant:text']);
  });
});
