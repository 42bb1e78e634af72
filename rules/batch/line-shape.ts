// batch/line-shape: every record of a batch requests file is a request the API takes. Anthropic Message Batches:
// `{custom_id, params}` (both required, nothing else: the API validates requests strictly), 1 to 100,000 of them,
// at most 256 MB. OpenAI Batch API: `{custom_id, method: "POST", url, body}` with a url the Batch API runs, at most
// 50,000 lines and 200 MB. A line that is not JSON (or a create body that is not) is no request at all. Sources: the
// Messages API reference and guide (NOTES §1.1, §1.2), openai-openapi `BatchRequestInput` and `CreateBatchRequest`
// (NOTES §2.1, §2.2). A torn last line is dropped (safe: it is no request, and the crash that tore it lost it).
import { Batch, defineRule, dropLineFix, lineFindings, OpenAI } from '../../src/sdk/index.js';

const ANTHROPIC_FIELDS = ['custom_id', 'params'];
const OPENAI_FIELDS = ['custom_id', 'method', 'url', 'body'];
const MB = 1024 * 1024;
const LIMITS = {
  anthropic: { requests: 100_000, bytes: 256 * MB },
  openai: { requests: 50_000, bytes: 200 * MB },
};

export default defineRule({
  meta: {
    id: 'batch/line-shape',
    type: 'problem',
    view: 'batch',
    description:
      'Every line of a batch file is one request the Batch API takes: JSON, the request fields and nothing else, within the request-count and size limits.',
    docs: {
      detects:
        'a batch line that is not JSON or not a request (`{custom_id, params}`; OpenAI `{custom_id, method, url, body}`), a create body without `requests`, too many requests or bytes',
      fix: 'safe (drop a torn last line); unsafe (drop another line that is not JSON)',
    },
    severity: { api: 'error', openai: 'error' },
    fixable: 'safe',
    formats: ['anthropic-batch', 'openai-batch'],
    messages: {
      torn: 'Last line is cut off mid-request (a crash while writing); it is no request, and the file cannot be submitted until it is removed.',
      parse: 'Line is not JSON ({{detail}}), so it is no request of the batch; the file cannot be submitted as it is.',
      notObject: 'Line is {{detail}} in JSON, not a request object.',
      utf8: 'Line is not valid UTF-8; its text cannot be sent as it is.',
      tooLong: 'Line is {{bytes}} bytes, over the {{limit}}-byte limit, and was not read.',
      document: 'File is not valid JSON ({{detail}}); it cannot be read as a Message Batches create body.',
      noRequests:
        'The create body has no `requests` array; a Message Batches create call takes `{"requests": [...]}` with 1 to 100,000 requests.',
      requestNotObject: 'requests[{{index}}] is {{detail}}, not a `{custom_id, params}` object.',
      empty: 'The file holds no request; a batch needs at least one ("minItems: 1").',
      missing: 'Request has no `{{field}}`; every request of a Message Batch needs `custom_id` and `params`.',
      paramsType: '`params` is {{detail}}, not a Messages API request object.',
      extra:
        'Request has `{{field}}`, which is not a field of a batch request: the API takes only `custom_id` and `params`, and rejects other fields ("Extra inputs are not permitted").',
      tooMany:
        'The file holds {{count}} requests; a Message Batch holds at most 100,000 ("Batches may contain up to 100,000 requests and be up to 256 MB in total size.").',
      tooLarge:
        'The file is {{size}} MB; a Message Batch is at most 256 MB ("Batches may contain up to 100,000 requests and be up to 256 MB in total size.").',
      openaiMissing:
        'Line has no `{{field}}`; every line of a Batch API input file needs `custom_id`, `method`, `url` and `body` (BatchRequestInput).',
      openaiMethod: '`method` is {{value}}; the Batch API takes only "POST" ("Currently only `POST` is supported.").',
      openaiUrl: '`url` is {{value}}, which is no endpoint the Batch API runs ({{endpoints}}).',
      openaiBody: '`body` is {{detail}}, not the request object.',
      openaiTooMany:
        'The file holds {{count}} requests; a Batch API input file holds at most 50,000 ("The file can contain up to 50,000 requests, and can be up to 200 MB in size.").',
      openaiTooLarge:
        'The file is {{size}} MB; a Batch API input file is at most 200 MB ("The file can contain up to 50,000 requests, and can be up to 200 MB in size.").',
    },
  },
  check(ctx) {
    const model = ctx.model;
    const api = model.kind === 'openai-batch' ? 'openai' : 'anthropic';
    const container = model.container;
    if (container.kind === 'document') {
      for (const p of model.file.lines[0]?.problems ?? []) {
        if (p.kind === 'parse') {
          const detail = (p.detail ?? '') + (p.column !== undefined ? ` at column ${p.column}` : '');
          ctx.report({ messageId: 'document', at: { line: 1 }, data: { detail } });
        } else if (p.kind === 'utf8') ctx.report({ messageId: 'utf8', at: { line: 1 } });
      }
      const doc = container.value(1);
      if (doc === undefined) return;
      const requests = OpenAI.isJsonObject(doc) ? doc.requests : undefined;
      if (!Array.isArray(requests)) {
        ctx.report({ messageId: 'noRequests', at: { line: 1, pointer: '' } });
        return;
      }
      requests.forEach((r, index) => {
        if (!OpenAI.isJsonObject(r))
          ctx.report({
            messageId: 'requestNotObject',
            at: { line: 1, pointer: `/requests/${index}` },
            data: { index, detail: OpenAI.describeJson(r) },
          });
      });
    } else {
      for (const line of model.file.lines) {
        const at = { line: line.lineNo };
        for (const f of lineFindings(line)) {
          if (f.kind === 'torn')
            ctx.report({ messageId: 'torn', at, fix: dropLineFix(line.lineNo, 'safe', 'drop the torn last line') });
          else if (f.kind === 'parse' || f.kind === 'notObject')
            ctx.report({
              messageId: f.kind,
              at,
              data: { detail: f.detail },
              fix: dropLineFix(line.lineNo, 'unsafe', 'drop the line'),
            });
          else if (f.kind === 'utf8') ctx.report({ messageId: 'utf8', at });
          else ctx.report({ messageId: 'tooLong', at, data: { bytes: f.bytes, limit: f.limit } });
        }
      }
    }
    const count = model.records.length;
    // A file whose lines are all unreadable was reported line by line.
    if (count === 0 && !model.file.lines.some((l) => l.problems.length > 0))
      ctx.report({ messageId: 'empty', at: { line: 1 } });
    const limits = LIMITS[api];
    if (count > limits.requests)
      ctx.report({ messageId: api === 'openai' ? 'openaiTooMany' : 'tooMany', at: { line: 1 }, data: { count } });
    if (model.file.byteLength > limits.bytes) {
      const size = (model.file.byteLength / MB).toFixed(1);
      ctx.report({ messageId: api === 'openai' ? 'openaiTooLarge' : 'tooLarge', at: { line: 1 }, data: { size } });
    }
    for (const r of model.records) {
      if (api === 'anthropic') checkAnthropic(r);
      else checkOpenAI(r);
    }

    function checkAnthropic(r: Batch.BatchRecord): void {
      for (const field of ANTHROPIC_FIELDS)
        if (!Object.hasOwn(r.value, field))
          ctx.report({ messageId: 'missing', at: Batch.recordSite(r), data: { field } });
      if (Object.hasOwn(r.value, 'params') && !OpenAI.isJsonObject(r.value.params))
        ctx.report({
          messageId: 'paramsType',
          at: Batch.recordSite(r, '/params'),
          data: { detail: OpenAI.describeJson(r.value.params) },
        });
      for (const field of Object.keys(r.value))
        if (!ANTHROPIC_FIELDS.includes(field))
          ctx.report({
            messageId: 'extra',
            at: Batch.recordSite(r, `/${OpenAI.pointerToken(field)}`),
            data: { field },
          });
    }

    function checkOpenAI(r: Batch.BatchRecord): void {
      for (const field of OPENAI_FIELDS)
        if (!Object.hasOwn(r.value, field))
          ctx.report({ messageId: 'openaiMissing', at: Batch.recordSite(r), data: { field } });
      const { method, url, body } = r.value;
      if (Object.hasOwn(r.value, 'method') && method !== 'POST')
        ctx.report({
          messageId: 'openaiMethod',
          at: Batch.recordSite(r, '/method'),
          data: { value: JSON.stringify(method) },
        });
      if (Object.hasOwn(r.value, 'url') && !(typeof url === 'string' && Batch.OPENAI_BATCH_ENDPOINTS.includes(url)))
        ctx.report({
          messageId: 'openaiUrl',
          at: Batch.recordSite(r, '/url'),
          data: { value: JSON.stringify(url), endpoints: Batch.OPENAI_BATCH_ENDPOINTS.join(', ') },
        });
      if (Object.hasOwn(r.value, 'body') && !OpenAI.isJsonObject(body))
        ctx.report({
          messageId: 'openaiBody',
          at: Batch.recordSite(r, '/body'),
          data: { detail: OpenAI.describeJson(body) },
        });
    }
  },
});
