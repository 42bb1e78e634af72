import { describe, expect, it } from 'vitest';
import { fixBytes as fixWith } from '../../src/index.js';
import { FixPlan } from '../../src/fixer/fix-plan.js';
import { defineRule, type Rule } from '../../src/sdk/rule-api.js';
import { enc } from '../helpers/bytes.js';

// The files are bare objects: read as Claude Code sessions, whose storage-view rules these are.
const fixBytes = (name: string, input: Uint8Array, options: Parameters<typeof fixWith>[2] = {}) =>
  fixWith(name, input, { inputFormat: 'claude-code', ...options });

const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

// A rule that counts "n" down to 0, one step per report: needs several passes when steps conflict.
const countDown = defineRule({
  meta: {
    id: 'count-down',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    docs: { detects: 'a test finding' },
    description: 'n must be 0',
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: { high: 'n is {{n}}' },
  },
  check(ctx) {
    for (const e of ctx.model.entries) {
      const n = e.raw.n;
      if (typeof n === 'number' && n > 0) {
        ctx.report({
          messageId: 'high',
          at: { entry: e },
          data: { n },
          fix: new FixPlan(ctx.model).set(e, '/n', n - 1).fix('safe', 'decrement'),
        });
      }
    }
  },
}) as Rule;

// Two rules that undo each other.
const flip = (id: string, from: string, to: string): Rule =>
  defineRule({
    meta: {
      id,
      type: 'problem',
      view: 'storage',
      formats: ['claude-code'],
      docs: { detects: 'a test finding' },
      description: id,
      severity: { 'claude-code': 'error', api: 'error' },
      fixable: 'safe',
      messages: { m: 'm' },
    },
    check(ctx) {
      for (const e of ctx.model.entries) {
        if (e.raw.v === from)
          ctx.report({
            messageId: 'm',
            at: { entry: e },
            fix: new FixPlan(ctx.model).set(e, '/v', to).fix('safe', id),
          });
      }
    },
  }) as Rule;

// A fix that makes things worse: it breaks the line.
const breaker = defineRule({
  meta: {
    id: 'breaker',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    docs: { detects: 'a test finding' },
    description: 'x',
    severity: { 'claude-code': 'warn', api: 'warn' },
    fixable: 'safe',
    messages: { m: 'm' },
  },
  check(ctx) {
    for (const e of ctx.model.entries) {
      if (e.raw.bad === true)
        ctx.report({
          messageId: 'm',
          at: { entry: e },
          fix: new FixPlan(ctx.model).replaceLineText(e.line, '{not json').fix('safe', 'x'),
        });
    }
  },
}) as Rule;

const unsafeOnly = defineRule({
  meta: {
    id: 'unsafe-only',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    docs: { detects: 'a test finding' },
    description: 'x',
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'unsafe',
    messages: { m: 'm' },
  },
  check(ctx) {
    for (const e of ctx.model.entries) {
      if (e.raw.drop === true)
        ctx.report({
          messageId: 'm',
          at: { entry: e },
          fix: new FixPlan(ctx.model).deleteLine(e.line).fix('unsafe', 'drop'),
        });
    }
  },
}) as Rule;

describe('fix loop', () => {
  it('repeats passes until nothing is left to fix', () => {
    const out = fixBytes('t', enc('{"n":3}\n'), { rules: [countDown] });
    expect(out.status).toBe('fixed');
    expect(out.passes).toBe(3);
    expect(dec(out.output)).toBe('{"n":0}\n');
    expect(out.final.result.errorCount).toBe(0);
  });

  it('stops at the pass cap and says which rules were still fixing', () => {
    const out = fixBytes('t', enc('{"n":15}\n'), { rules: [countDown] });
    expect(out.status).toBe('pass-cap');
    expect(out.passes).toBe(10);
    expect(dec(out.output)).toBe('{"n":5}\n');
    expect(out.rulesInvolved).toEqual(['count-down']);
  });

  it('detects two rules undoing each other', () => {
    const out = fixBytes('t', enc('{"v":"a"}\n'), { rules: [flip('a-to-b', 'a', 'b'), flip('b-to-a', 'b', 'a')] });
    expect(out.status).toBe('circular');
    expect(out.rulesInvolved).toEqual(['a-to-b']);
  });

  it('keeps the original when the fixes make it worse, naming the rules', () => {
    const input = enc('{"bad":true}\n');
    const out = fixBytes('t', input, { rules: [breaker] });
    expect(out.status).toBe('worse');
    expect(out.changed).toBe(false);
    expect(out.output).toBe(input);
    expect(out.rulesInvolved).toEqual(['breaker']);
  });

  it('applies unsafe fixes only when asked', () => {
    const input = enc('{"keep":1}\n{"drop":true}\n');
    expect(fixBytes('t', input, { rules: [unsafeOnly] }).status).toBe('unchanged');
    const out = fixBytes('t', input, { rules: [unsafeOnly], unsafe: true });
    expect(dec(out.output)).toBe('{"keep":1}\n');
  });

  it('is idempotent: fixing the output again changes nothing', () => {
    const once = fixBytes('t', enc('{"n":2}\n{"n":1}\n'), { rules: [countDown] });
    const twice = fixBytes('t', once.output, { rules: [countDown] });
    expect(twice.status).toBe('unchanged');
    expect(twice.output).toEqual(once.output);
  });
});

describe('a line over --max-line-bytes', () => {
  // Line 3 holds the entry the last-prompt names, but it is over the limit: unread, though Claude Code reads it.
  const session = [
    '{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"go"}}',
    '{"type":"assistant","uuid":"a1","parentUuid":"u1","message":{"id":"m1","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"text","text":"ok"}]}}',
    `{"type":"user","uuid":"u2","parentUuid":"a1","message":{"role":"user","content":"${'x'.repeat(400)}"}}`,
    '{"type":"last-prompt","lastPrompt":"go","leafUuid":"u2"}',
    '{"n":2}',
  ].join('\n');

  it('stops --fix before any fix: fixes made without the line could cut what it holds', () => {
    const input = enc(`${session}\n`);
    const out = fixBytes('s.jsonl', input, { rules: [countDown], maxLineBytes: 300 });
    expect(out.status).toBe('unread-line');
    expect(out.changed).toBe(false);
    expect(out.unreadLine).toEqual({ line: 3, bytes: enc(session.split('\n')[2]!).length, limit: 300 });
    expect(dec(out.output)).toBe(dec(input));
    // With room for the line, the same file is fixed.
    expect(fixBytes('s.jsonl', input, { rules: [countDown] }).status).toBe('fixed');
    // The report offers no fix --fix would refuse: none is marked, none is counted.
    const { result } = out.final;
    expect(result.diagnostics.some((d) => d.ruleId === 'count-down')).toBe(true);
    expect(result.diagnostics.filter((d) => d.fix)).toEqual([]);
    expect([result.fixableCount, result.unsafeFixableCount]).toEqual([0, 0]);
  });

  it('keeps last-prompt-leaf from calling the leaf missing (the safe fix would have cut line 3 off)', () => {
    const input = enc(`${session}\n`);
    const ids = (options: Parameters<typeof fixWith>[2]) =>
      fixBytes('s.jsonl', input, options).final.result.diagnostics.map((d) => d.ruleId);
    expect(ids({ maxLineBytes: 300 })).not.toContain('last-prompt-leaf');
    expect(ids({ maxLineBytes: 300 })).toContain('valid-json');
    expect(ids({})).not.toContain('last-prompt-leaf');
  });
});
