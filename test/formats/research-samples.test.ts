// Every research sample of the batch and OpenAI formats (research/formats/samples, INDEX.md says what each holds),
// linted with all the rules: what is reported (line:column, rule, pointer), and what is left after
// `--fix --unsafe-fixes` (the findings no fix can settle). The valid samples report nothing. This is the oracle
// table of these formats: the API's documented rules and verbatim errors stand in for a CLI to run.
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../../src/index.js';
import { hasSamples, readSample } from './research-samples.js';

const EXPECTED: [string, string[], string[]][] = [
  [
    'anthropic-batch-results/results.jsonl',
    ['1: batch/results-summary ', '3:69 batch/result-errored /result/error', '5:38 batch/result-errored /result'],
    ['batch/results-summary', 'batch/result-errored', 'batch/result-errored'],
  ],
  ['anthropic-batch/create-body.json', [], []],
  ['anthropic-batch/custom-id-format.jsonl', ['2:15 batch/custom-id-format /custom_id'], []],
  ['anthropic-batch/custom-id-too-long.jsonl', ['2:15 batch/custom-id-format /custom_id'], []],
  ['anthropic-batch/dup-custom-id.jsonl', ['3:15 batch/custom-id-unique /custom_id'], ['batch/custom-id-unique']],
  ['anthropic-batch/params-unanswered-tool-use.jsonl', ['3:290 tool-use-has-result /params/messages/1/content/1'], []],
  ['anthropic-batch/stream-true.jsonl', ['2:170 batch/no-stream /params/stream'], []],
  ['anthropic-batch/valid.jsonl', [], []],
  [
    'openai-batch-output/output.jsonl',
    ['1: batch/results-summary ', '2:66 batch/result-errored /response'],
    ['batch/results-summary', 'batch/result-errored'],
  ],
  ['openai-batch/body-stream-true.jsonl', ['2:265 batch/no-stream /body/stream'], []],
  ['openai-batch/body-unanswered-tool-call.jsonl', ['3:301 openai/tool-calls-answered /body/messages/2'], []],
  ['openai-batch/dup-custom-id.jsonl', ['3:15 batch/custom-id-unique /custom_id'], ['batch/custom-id-unique']],
  ['openai-batch/method-not-post.jsonl', ['2:38 batch/line-shape /method'], ['batch/line-shape']],
  [
    'openai-batch/mixed-endpoints.jsonl',
    ['2:53 batch/one-endpoint /url', '2:89 batch/one-model /body/model'],
    ['batch/one-endpoint', 'batch/one-model'],
  ],
  ['openai-batch/mixed-models.jsonl', ['2:95 batch/one-model /body/model'], ['batch/one-model']],
  ['openai-batch/url-not-supported.jsonl', ['2:53 batch/line-shape /url'], ['batch/line-shape']],
  ['openai-batch/valid.jsonl', [], []],
  [
    'openai-chat/arguments-not-json.json',
    ['29:26 openai/arguments-json /messages/2/tool_calls/1/function/arguments'],
    ['openai/arguments-json'],
  ],
  [
    'openai-chat/arguments-not-string.json',
    ['29:26 openai/arguments-json /messages/2/tool_calls/1/function/arguments'],
    [],
  ],
  [
    'openai-chat/content-null-without-tool-calls.json',
    ['51:18 openai/content-shape /messages/5/content'],
    ['openai/content-shape'],
  ],
  [
    'openai-chat/content-part-not-allowed-for-role.json',
    ['12:19 openai/content-shape /messages/0/content/1/type'],
    ['openai/content-shape'],
  ],
  [
    'openai-chat/duplicate-tool-call-id.json',
    [
      '25:17 openai/unique-tool-call-id /messages/2/tool_calls/1/id',
      '41:23 openai/unique-tool-call-id /messages/4/tool_call_id',
    ],
    ['openai/unique-tool-call-id', 'openai/unique-tool-call-id'],
  ],
  [
    'openai-chat/function-name-pattern.json',
    [
      '20:21 openai/function-name /messages/2/tool_calls/0/function/name',
      '28:21 openai/function-name /messages/2/tool_calls/1/function/name',
      '74:17 openai/function-name /tools/0/function/name',
    ],
    ['openai/function-name', 'openai/function-name', 'openai/function-name'],
  ],
  [
    'openai-chat/function-name-too-long.json',
    [
      '20:21 openai/function-name /messages/2/tool_calls/0/function/name',
      '28:21 openai/function-name /messages/2/tool_calls/1/function/name',
      '74:17 openai/function-name /tools/0/function/name',
    ],
    ['openai/function-name', 'openai/function-name', 'openai/function-name'],
  ],
  ['openai-chat/legacy-functions-valid.json', [], []],
  ['openai-chat/messages-valid.json', [], []],
  ['openai-chat/orphan-tool-message.json', ['12:5 openai/tool-message-has-call /messages/2'], []],
  ['openai-chat/request-valid.json', [], []],
  ['openai-chat/unanswered-tool-call.json', ['12:5 openai/tool-calls-answered /messages/2'], []],
  [
    'openai-chat/undeclared-tool.json',
    ['28:21 openai/tools-declared /messages/2/tool_calls/1/function/name'],
    ['openai/tools-declared'],
  ],
  ['openai-chat/unknown-role.json', ['9:15 openai/roles /messages/1/role'], ['openai/roles']],
  [
    'openai-finetune/arguments-double-encoded.jsonl',
    ['2:404 openai/arguments-json /messages/2/tool_calls/0/function/arguments'],
    [],
  ],
  ['openai-finetune/checker-data-type.jsonl', ['2: openai/valid-json '], []],
  ['openai-finetune/checker-false-positive-tool-calls.jsonl', [], []],
  [
    'openai-finetune/checker-message-missing-key.jsonl',
    ['2:15 openai/content-shape /messages/0'],
    ['openai/content-shape'],
  ],
  ['openai-finetune/checker-message-unrecognized-key.jsonl', ['2:164 openai/message-keys /messages/1/timestamp'], []],
  [
    'openai-finetune/checker-missing-content.jsonl',
    ['2:102 openai/content-shape /messages/1/content'],
    ['openai/content-shape'],
  ],
  ['openai-finetune/checker-missing-messages-list.jsonl', ['2:13 openai/finetune-example-shape /message'], []],
  ['openai-finetune/checker-unrecognized-role.jsonl', ['2:24 openai/roles /messages/0/role'], ['openai/roles']],
  ['openai-finetune/dpo-preference.jsonl', [], []],
  ['openai-finetune/no-assistant.jsonl', ['2:14 openai/finetune-has-assistant /messages'], []],
  ['openai-finetune/valid.jsonl', [], []],
  [
    'openai-finetune/weight-not-0-or-1.jsonl',
    ['2:213 openai/finetune-weight /messages/2/weight'],
    ['openai/finetune-weight'],
  ],
  ['openai-finetune/weight-on-user-message.jsonl', ['2:170 openai/finetune-weight /messages/1/weight'], []],
];

describe.skipIf(!hasSamples)('the research samples', () => {
  it.each(EXPECTED)('%s', (name, reported, left) => {
    const data = readSample(name);
    const { result } = lintBytes(name, data);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column ?? ''} ${d.ruleId} ${d.pointer ?? ''}`)).toEqual(
      reported,
    );
    const fixed = fixBytes(name, data, { unsafe: true });
    expect(fixed.status).not.toBe('worse');
    expect(fixed.final.result.diagnostics.map((d) => d.ruleId)).toEqual(left);
    // A fixed file is fixed for good: a second run changes nothing.
    expect(fixBytes(name, fixed.output, { unsafe: true }).changed).toBe(false);
  });
});
