// copilot/session-size: events.jsonl within what Copilot CLI 1.0.102 resumes. Measured: a line of more than one
// JavaScript string holds (~512 MiB; 600 MiB failed, 500 MiB loaded) makes resume fail ("Failed to convert rust
// `String` into napi `string`"); an event of a megabyte or more overflows the model's context on its own (a 1 MiB tool
// result counted as ~360k tokens against the 168k limit), so Copilot truncates it away and compacts the session;
// files of hundreds of megabytes load, slowly (615 MB in 28 s; under load one run hit the 120 s timeout). Older
// versions failed on files of 18-20 MB (github/copilot-cli #2209, #2490). Nothing here can be fixed without losing
// what the event holds.
import { constants } from 'node:buffer';
import { defineRule } from '../../src/sdk/index.js';

/** An event this large overflows a 168k-token context by itself. */
const LARGE_EVENT_BYTES = 1024 * 1024;
/** A file this large takes Copilot tens of seconds to load. */
const LARGE_FILE_BYTES = 256 * 1024 * 1024;

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

export default defineRule({
  meta: {
    id: 'copilot/session-size',
    type: 'problem',
    view: 'copilot',
    description: 'events.jsonl and each of its events are of a size Copilot CLI resumes whole.',
    docs: {
      detects: 'a line over the ~512 MiB Copilot can load; an event of 1 MiB or more; a file of 256 MiB or more',
      severity: { copilot: 'error (a line Copilot cannot load) / warn (truncated, slow)' },
    },
    severity: { copilot: 'error' },
    formats: ['copilot-events'],
    messages: {
      tooLongToLoad:
        'Line is {{size}}, more than one JavaScript string holds (~512 MiB): Copilot cannot load the session ("Failed to convert rust `String` into napi `string`").',
      largeEvent:
        'This {{type}} event is {{size}}, more than fits in the model\'s context by itself; on resume Copilot truncates it away ("session.truncation") and compacts the session.',
      unread:
        'Line is {{size}}, over the {{limit}} transcript-lint reads (--max-line-bytes), so it was not checked; Copilot loads lines up to ~512 MiB, and one this large overflows the context by itself.',
      largeFile:
        'events.jsonl is {{size}}; Copilot 1.0.102 loads it slowly (615 MB took 28 s), and versions before it failed on files of 18-20 MB (github/copilot-cli #2209, #2490).',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const line of model.file.lines) {
      const n = line.bytes.length;
      if (n < LARGE_EVENT_BYTES) continue;
      const at = { line: line.lineNo };
      if (n > constants.MAX_STRING_LENGTH) {
        ctx.report({ messageId: 'tooLongToLoad', at, data: { size: size(n) } });
        continue;
      }
      const tooLong = line.problems.find((p) => p.kind === 'too-long');
      if (tooLong) {
        ctx.report({
          messageId: 'unread',
          at,
          severity: 'warn',
          data: { size: size(n), limit: size(tooLong.limit?.bytes ?? 0) },
        });
        continue;
      }
      const event = model.eventAtLine(line.lineNo);
      if (event)
        ctx.report({
          messageId: 'largeEvent',
          at,
          severity: 'warn',
          data: { type: event.type || 'untyped', size: size(n) },
        });
    }
    if (model.file.byteLength >= LARGE_FILE_BYTES)
      ctx.report({
        messageId: 'largeFile',
        at: { line: 1 },
        severity: 'warn',
        data: { size: size(model.file.byteLength) },
      });
  },
});
