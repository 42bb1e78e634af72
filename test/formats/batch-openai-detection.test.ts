// Detection of the batch and OpenAI formats, both ways: each claims the research samples of its own folder (and only
// it claims them: every other format's detect gives 0), and none of them claims another format's file (the Cline and
// Roo samples, the agents' corpus, the repository's own fixtures of the Anthropic formats).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { Sample } from '../../src/formats/sample.js';
import { detectFormat } from '../helpers/formats.js';
import { corpusFiles, hasSamples, readSample, samples } from './research-samples.js';

const MINE = [
  'anthropic-batch',
  'anthropic-batch-results',
  'openai-chat',
  'openai-finetune',
  'openai-batch',
  'openai-batch-output',
];

/** The formats whose detect gives the file a score above 0. */
function claimants(name: string, data: Uint8Array): string[] {
  const sample = new Sample(path.basename(name), data);
  return linter.formats.filter((f) => f.detect(sample) > 0).map((f) => f.id);
}

describe.skipIf(!hasSamples)('each format claims its own samples, and only it does', () => {
  const folders: [string, string][] = [
    ['anthropic-batch', 'anthropic-batch'],
    ['anthropic-batch-results', 'anthropic-batch-results'],
    ['openai-chat', 'openai-chat'],
    ['openai-finetune', 'openai-finetune'],
    ['openai-batch', 'openai-batch'],
    ['openai-batch-output', 'openai-batch-output'],
  ];
  for (const [folder, format] of folders) {
    it.each(samples(folder))(`%s is ${format}`, (name) => {
      expect(claimants(name, readSample(name))).toEqual([format]);
    });
  }

  it.each([...samples('cline'), ...samples('roo')])('%s is none of the batch and OpenAI formats', (name) => {
    expect(claimants(name, readSample(name)).filter((id) => MINE.includes(id))).toEqual([]);
  });
});

describe("none of them claims another agent's file", () => {
  it.each(corpusFiles())('%s', (file) => {
    expect(claimants(file, readFileSync(file)).filter((id) => MINE.includes(id))).toEqual([]);
  });

  const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'rules');
  const anthropicFixtures = readdirSync(fixtures, { recursive: true })
    .map(String)
    .filter((f) => /\.(json|jsonl)$/.test(f) && !f.endsWith('.options.json') && !/^(batch|openai)\//.test(f));
  it('nor a fixture of the Anthropic formats', () => {
    const claimed = anthropicFixtures.filter(
      (f) => claimants(f, readFileSync(path.join(fixtures, f))).filter((id) => MINE.includes(id)).length > 0,
    );
    expect(claimed).toEqual([]);
  });
});

describe('the markers that decide between the Anthropic and OpenAI dialects', () => {
  const doc = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  it.each([
    [
      'a system message and a GPT model',
      doc({ model: 'gpt-4o', messages: [{ role: 'system', content: 'x' }] }),
      'openai-chat',
    ],
    ['tool calls', doc([{ role: 'assistant', content: null, tool_calls: [] }]), 'openai-chat'],
    [
      'a developer message',
      doc([
        { role: 'developer', content: 'x' },
        { role: 'user', content: 'y' },
      ]),
      'openai-chat',
    ],
    [
      'an image_url part',
      doc({ model: 'x', messages: [{ role: 'user', content: [{ type: 'image_url' }] }] }),
      'openai-chat',
    ],
    ['a GPT model alone', doc({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] }), 'openai-chat'],
    ['max_completion_tokens', doc({ model: 'x', max_completion_tokens: 5, messages: [] }), 'openai-chat'],
    // Anthropic markers win over OpenAI ones: a recorded Claude Code request with a system message stays a request.
    [
      'a system message with cache_control',
      doc({
        model: 'claude-opus-5-5',
        messages: [{ role: 'system', content: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral' } }] }],
      }),
      'request',
    ],
    [
      'a tool_use block beside a tool message',
      doc({
        model: 'x',
        messages: [
          { role: 'assistant', content: [{ type: 'tool_use' }] },
          { role: 'tool', content: 'r' },
        ],
      }),
      'request',
    ],
    ['neither (the Anthropic default)', doc({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }), 'request'],
    ['a system message alone', '{"role":"user","content":"a"}\n{"role":"system","content":"b"}\n', 'messages'],
    ['JSONL of OpenAI messages', '{"role":"developer","content":"a"}\n{"role":"user","content":"b"}\n', 'openai-chat'],
    [
      'JSONL of OpenAI request bodies',
      '{"model":"gpt-4o","messages":[]}\n{"model":"gpt-4o","messages":[]}\n',
      'openai-chat',
    ],
    [
      'fine-tuning lines',
      '{"messages":[{"role":"user","content":"a"}]}\n{"messages":[{"role":"user","content":"b"}]}\n',
      'openai-finetune',
    ],
    [
      'one fine-tuning line with a system message',
      '{"messages":[{"role":"system","content":"a"}]}\n',
      'openai-finetune',
    ],
    ['one line of messages and nothing OpenAI', '{"messages":[{"role":"user","content":"a"}]}\n', 'request'],
    [
      'a preference line',
      '{"input":{"messages":[]},"preferred_output":[],"non_preferred_output":[]}\n',
      'openai-finetune',
    ],
    [
      'a Message Batches line',
      '{"custom_id":"a","params":{"model":"claude-x","max_tokens":1,"messages":[]}}\n',
      'anthropic-batch',
    ],
    ['a create body on one line', '{"requests":[{"custom_id":"a","params":{}}]}\n', 'anthropic-batch'],
    ['a results line', '{"custom_id":"a","result":{"type":"canceled"}}\n', 'anthropic-batch-results'],
    ['a Batch API line', '{"custom_id":"a","method":"POST","url":"/v1/chat/completions","body":{}}\n', 'openai-batch'],
    [
      'a Batch API output line',
      '{"id":"batch_req_1","custom_id":"a","response":null,"error":null}\n',
      'openai-batch-output',
    ],
    // A batch file with one damaged line is still a batch file.
    [
      'a batch file with a torn line',
      '{"custom_id":"a","params":{}}\n{"custom_id":"b","para\n{"custom_id":"c","params":{}}\n',
      'anthropic-batch',
    ],
  ])('%s', (_name, text, format) => {
    expect(linter.detect('test.jsonl', new TextEncoder().encode(text)).id).toBe(format);
  });

  it('a one-line file is a document unless it is named .jsonl', () => {
    const line = '{"messages":[{"role":"system","content":"a"}]}\n';
    expect(detectFormat(line)).toBe('request');
    expect(linter.detect('train.jsonl', new TextEncoder().encode(line)).id).toBe('openai-finetune');
  });
});
