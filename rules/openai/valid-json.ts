// openai/valid-json: an OpenAI chat input or fine-tuning file reads as JSON: a document that parses, or JSONL whose
// every line is one JSON object (the cookbook checker's `data_type` for a fine-tuning line that is not an object).
// A request file that holds no `messages` is no conversation either. A torn last line is dropped (safe: the crash
// that tore it lost it); dropping another bad line is a guess (unsafe).
import { defineRule, dropLineFix, lineFindings } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'openai/valid-json',
    type: 'problem',
    view: 'openai-chat',
    description:
      'An OpenAI request or fine-tuning file is JSON: a document that parses, or one JSON object per line, holding messages.',
    docs: {
      detects:
        'a document that is not JSON, a line that is not one JSON object (torn, garbage, an array), no `messages`',
      fix: 'safe (drop a torn last line); unsafe (drop another line that is not an object)',
    },
    severity: { openai: 'error' },
    fixable: 'safe',
    formats: ['openai-chat', 'openai-finetune'],
    messages: {
      document: 'File is not valid JSON ({{detail}}); it cannot be sent as a request.',
      utf8: 'File is not valid UTF-8; its text cannot be sent as it is.',
      torn: 'Last line is cut off mid-record (a crash while writing); it cannot be read until it is removed.',
      parse: 'Line is not JSON ({{detail}}); the file cannot be sent or uploaded as it is.',
      notObject: 'Line is {{detail}} in JSON, not an object.',
      dataType:
        'Line is {{detail}} in JSON, not an example object (the cookbook checker\'s `data_type`); every line of a fine-tuning file is `{"messages": [...]}`.',
      lineUtf8: 'Line is not valid UTF-8; its text cannot be read back faithfully.',
      tooLong: 'Line is {{bytes}} bytes, over the {{limit}}-byte limit, and was not read.',
      noMessages: 'File holds no `messages`: it is neither a Chat Completions request nor a message list.',
      lineNoMessages: 'Line holds no `messages`: it is not a Chat Completions request.',
    },
  },
  check(ctx) {
    const model = ctx.model;
    const container = model.container;
    if (container.kind === 'document') {
      const line = model.file.lines[0];
      for (const p of line?.problems ?? []) {
        if (p.kind === 'parse') {
          const detail = (p.detail ?? '') + (p.column !== undefined ? ` at column ${p.column}` : '');
          ctx.report({ messageId: 'document', at: { line: 1 }, data: { detail } });
        } else if (p.kind === 'utf8') ctx.report({ messageId: 'utf8', at: { line: 1 } });
      }
      if (line && container.value(1) !== undefined && model.conversations.length === 0)
        ctx.report({ messageId: 'noMessages', at: { line: 1, pointer: '' } });
      return;
    }
    const finetune = model.kind === 'openai-finetune';
    const held = new Set(model.conversations.map((c) => c.line));
    const messageList = model.conversations.some((c) => c.kind === 'messages');
    for (const line of model.file.lines) {
      const at = { line: line.lineNo };
      for (const f of lineFindings(line)) {
        if (f.kind === 'torn')
          ctx.report({ messageId: 'torn', at, fix: dropLineFix(line.lineNo, 'safe', 'drop the torn last line') });
        else if (f.kind === 'parse' || f.kind === 'notObject')
          ctx.report({
            messageId: f.kind === 'parse' ? 'parse' : finetune ? 'dataType' : 'notObject',
            at,
            data: { detail: f.detail },
            fix: dropLineFix(line.lineNo, 'unsafe', 'drop the line'),
          });
        else if (f.kind === 'utf8') ctx.report({ messageId: 'lineUtf8', at });
        else ctx.report({ messageId: 'tooLong', at, data: { bytes: f.bytes, limit: f.limit } });
      }
      // A JSONL of requests: each object line is one (a fine-tuning line's shape is finetune-example-shape's).
      if (!finetune && !messageList && line.json && !held.has(line.lineNo))
        ctx.report({ messageId: 'lineNoMessages', at: { line: line.lineNo, pointer: '' } });
    }
  },
});
