// The Anthropic Message Batches formats: a requests file (JSONL, or the create call's JSON body) is read as records,
// each record's params as a Messages API request of its own (a part), whose findings are placed in the record's line
// and column with a pointer into the line; fixes of the parts and of the batch rules are written into the file's own
// bytes. A results file is summarised, never linted as requests.
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../../src/index.js';
import type { AnthropicBatchModel } from '../../src/formats/anthropic-batch/index.js';
import { hasSamples, readSample } from './research-samples.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const line = (o: unknown): string => JSON.stringify(o);

const hello = { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello, world' }] };
const unanswered = {
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages: [
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input: { city: 'Paris' } },
      ],
    },
    { role: 'user', content: 'Never mind.' },
  ],
};

describe('a JSONL requests file', () => {
  const text = [
    line({ custom_id: 'first', params: hello }),
    line({ custom_id: 'second', params: unanswered }),
    'not json at all',
  ].join('\n');

  it('has one record per object line, and one request part per record whose params is an object', () => {
    const { model, format } = lintBytes('b.jsonl', enc(text));
    expect(format.id).toBe('anthropic-batch');
    const m = model as AnthropicBatchModel;
    expect(m.records.map((r) => [r.index, r.line, r.value.custom_id])).toEqual([
      [0, 1, 'first'],
      [1, 2, 'second'],
    ]);
    expect(m.requests.map((r) => r.line)).toEqual([1, 2]);
    // Each part's model is read when asked for, and let go after.
    const parts = format.parts!(m);
    expect(parts[1]!.model).not.toBe(parts[1]!.model);
  });

  it('places a request finding at its line, column and pointer into the line', () => {
    const { result } = lintBytes('b.jsonl', enc(text));
    const finding = result.diagnostics.find((d) => d.ruleId === 'tool-use-has-result')!;
    const second = text.split('\n')[1]!;
    expect(finding).toMatchObject({
      line: 2,
      column: second.indexOf('{"type":"tool_use"') + 1,
      pointer: '/params/messages/1/content/0',
      severity: 'error',
    });
    // The line that is not JSON is the batch's own finding.
    expect(result.diagnostics.find((d) => d.ruleId === 'batch/line-shape')).toMatchObject({ line: 3 });
  });

  it('counts columns in UTF-16 code units, as the rest of transcript-lint does', () => {
    const wide = line({ custom_id: 'é-😀', params: unanswered });
    const { result } = lintBytes('b.jsonl', enc(wide));
    const finding = result.diagnostics.find((d) => d.ruleId === 'tool-use-has-result')!;
    expect(finding.column).toBe(wide.indexOf('{"type":"tool_use"') + 1);
  });

  it('fixes a request inside its line and keeps every other byte of the file', () => {
    const crlf = `${line({ custom_id: 'first', params: hello })}\r\n${line({ custom_id: 'second', params: unanswered })}\r\n`;
    const bom = `\uFEFF${crlf}`;
    const out = fixBytes('b.jsonl', enc(bom));
    expect(out.status).toBe('fixed');
    const fixed = dec(out.output);
    expect(fixed.startsWith('\uFEFF')).toBe(true);
    const [first, second, rest] = fixed.slice(1).split('\r\n');
    expect(first).toBe(line({ custom_id: 'first', params: hello }));
    expect(rest).toBe('');
    expect(second!.startsWith('{"custom_id":"second","params":{"model":"claude-sonnet-4-5"')).toBe(true);
    expect(JSON.parse(second!).params.messages[2].content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_01A09q90qw90lq917835lq9',
    });
    expect(lintBytes('b.jsonl', out.output).result.diagnostics).toEqual([]);
  });

  it("applies a request's fix and the batch rule's fix on the same line in turn", () => {
    const both = `${line({ custom_id: 'second', params: { ...unanswered, stream: true } })}\n`;
    const out = fixBytes('b.jsonl', enc(both));
    expect(out.status).toBe('fixed');
    expect(out.passes).toBe(2);
    const params = JSON.parse(dec(out.output)).params;
    expect(params.stream).toBeUndefined();
    expect(params.messages[2].content[0].type).toBe('tool_result');
    expect(lintBytes('b.jsonl', out.output).result.diagnostics).toEqual([]);
  });

  it('keeps the separators of the line when it writes new values', () => {
    const spaced = `${JSON.stringify({ custom_id: 'x', params: unanswered }).replace(/":/g, '": ').replace(/,"/g, ', "')}\n`;
    const fixed = dec(fixBytes('b.jsonl', enc(spaced)).output);
    expect(fixed).toContain('{"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9"');
    expect(fixed).not.toMatch(/[^\\]":"/);
  });
});

describe('the create body ({"requests": [...]})', () => {
  const body = {
    requests: [
      { custom_id: 'first', params: hello },
      { custom_id: 'second', params: unanswered },
    ],
  };
  const text = `${JSON.stringify(body, null, 2)}\n`;

  it('places a request finding at the line of the block and a pointer into the document', () => {
    const { result, format } = lintBytes('body.json', enc(text));
    expect(format.id).toBe('anthropic-batch');
    const finding = result.diagnostics.find((d) => d.ruleId === 'tool-use-has-result')!;
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('"type": "tool_use"')) - 1;
    expect(finding).toMatchObject({ line: at + 1, pointer: '/requests/1/params/messages/1/content/0' });
    expect(finding.column).toBe(lines[at]!.indexOf('{') + 1);
  });

  it('fixes a request in the document, in its own layout, and the batch rules on the next pass', () => {
    const withStream = {
      requests: [
        { custom_id: 'first', params: { ...hello, stream: true } },
        { custom_id: 'second', params: unanswered },
      ],
    };
    const pretty = `${JSON.stringify(withStream, null, 4)}\n`;
    const out = fixBytes('body.json', enc(pretty));
    expect(out.status).toBe('fixed');
    const fixed = dec(out.output);
    const value = JSON.parse(fixed);
    expect(value.requests[0].params.stream).toBeUndefined();
    expect(value.requests[1].params.messages[2].content[0].type).toBe('tool_result');
    // The document is still laid out with four spaces, and its untouched parts are as they were.
    expect(fixed).toContain('\n                                "type": "tool_result",\n');
    const clean = JSON.stringify({ requests: [{ custom_id: 'first', params: hello }, body.requests[1]] }, null, 4);
    expect(fixed.startsWith(clean.slice(0, clean.indexOf('"custom_id": "second"')))).toBe(true);
    expect(lintBytes('body.json', out.output).result.diagnostics).toEqual([]);
  });

  it('reports a body without requests, and an empty one', () => {
    const ids = (t: string, name = 'x.json') =>
      lintBytes(name, enc(t), { inputFormat: 'anthropic-batch' }).result.diagnostics.map((d) => d.messageId);
    expect(ids('{\n  "requests": {}\n}\n')).toEqual(['noRequests']);
    expect(ids('{\n  "requests": []\n}\n')).toEqual(['empty']);
    expect(ids('{\n  "requests": [\n')).toEqual(['document']);
  });
});

describe('a results file', () => {
  const results = [
    line({ custom_id: 'a', result: { type: 'succeeded', message: { role: 'assistant', content: [] } } }),
    line({
      custom_id: 'b',
      result: {
        type: 'errored',
        error: {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'messages.1: bad' },
          request_id: null,
        },
      },
    }),
    line({ custom_id: 'c', result: { type: 'canceled' } }),
    line({ custom_id: 'd', result: { type: 'expired' } }),
  ].join('\n');

  it('is summarised with its counts and its failed requests, never linted as requests', () => {
    const { result, format } = lintBytes('results.jsonl', enc(results));
    expect(format.id).toBe('anthropic-batch-results');
    expect(result.diagnostics.map((d) => [d.line, d.ruleId, d.severity, d.message])).toEqual([
      [
        1,
        'batch/results-summary',
        'warn',
        'File holds the results of a Message Batch, not requests: 4 results (1 succeeded, 1 errored, 1 canceled, 1 expired); no request rule ran on it.',
      ],
      [2, 'batch/result-errored', 'error', 'Request "b" failed with invalid_request_error: "messages.1: bad"'],
      [
        4,
        'batch/result-errored',
        'warn',
        'Request "d" expired: the batch ended before it was processed (a batch runs for up to 24 hours); send it again.',
      ],
    ]);
    expect(fixBytes('results.jsonl', enc(results)).changed).toBe(false);
  });

  it.skipIf(!hasSamples)('summarises the research sample', () => {
    const { result } = lintBytes('results.jsonl', readSample('anthropic-batch-results/results.jsonl'));
    expect(result.diagnostics[0]!.message).toContain('5 results (2 succeeded, 1 errored, 1 canceled, 1 expired)');
    expect(result.diagnostics[1]!.message).toContain(
      'Request "weather-paris_003" failed with invalid_request_error: "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after',
    );
  });
});
