// known-format: a file that no supported format recognises is said to be so, once, instead of being linted as
// something it is not (a Codex rollout taken for a Claude Code session would be "clean"; a binary file would get a
// finding per line). The message says what the file looks like and which formats are supported.
import { defineRule, Unknown } from '../src/sdk/index.js';

// Kept in step with the registered formats by test/meta.test.ts.
const SUPPORTED =
  'the sessions of Claude Code, Codex CLI, GitHub Copilot CLI, Gemini CLI, Qwen Code, Cline and Roo Code; Messages API requests and message lists; Anthropic Message Batches; OpenAI Chat Completions requests, fine-tuning data and Batch files';

export default defineRule({
  meta: {
    id: 'known-format',
    type: 'problem',
    view: 'file',
    description:
      'The file is of a format transcript-lint reads (a file it does not understand is never reported clean).',
    docs: {
      detects: "a file of no supported format: binary, compressed, UTF-16/32, another tool's JSON or JSONL, text",
    },
    severity: { default: 'error' },
    formats: ['unknown'],
    messages: {
      binary: `File is binary data, not a transcript; transcript-lint reads ${SUPPORTED}.`,
      compressed:
        'File is {{compression}}-compressed: decompress it (for example {{decompress}} FILE) and lint what it holds.',
      encoding: `File is {{encoding}} text, not UTF-8; convert it (for example iconv -f {{encoding}} -t UTF-8) and lint it again. transcript-lint reads ${SUPPORTED}.`,
      json: `File is {{what}}: not a transcript transcript-lint knows. It reads ${SUPPORTED}.`,
      jsonGuess: `File is {{what}}; it looks like {{guess}}, which transcript-lint does not read. It reads ${SUPPORTED}.`,
      jsonl: `File is JSONL whose records have {{keys}}: not a file of a format transcript-lint knows. It reads ${SUPPORTED}.`,
      jsonlMixed: `File is JSONL whose records share no key: not a file of a format transcript-lint knows. It reads ${SUPPORTED}.`,
      jsonlGuess: `File is JSONL whose records have {{keys}}; it looks like {{guess}}, which transcript-lint does not read. It reads ${SUPPORTED}.`,
      readableGuess:
        'File is JSONL whose records have {{keys}}; it looks like {{guess}}, but too few of its lines read as one to be sure. If it is one, lint it with --input-format {{format}}.',
      text: `File is text that is not JSON: not a transcript. transcript-lint reads ${SUPPORTED}.`,
    },
  },
  check(ctx) {
    const d = ctx.model.description;
    const at = { line: 1 };
    switch (d.kind) {
      case 'binary':
      case 'text':
        ctx.report({ messageId: d.kind, at });
        break;
      case 'compressed':
        ctx.report({ messageId: 'compressed', at, data: { compression: d.compression, decompress: d.decompress } });
        break;
      case 'encoding':
        ctx.report({ messageId: 'encoding', at, data: { encoding: d.encoding } });
        break;
      case 'json':
        if (d.guess) ctx.report({ messageId: 'jsonGuess', at, data: { what: d.what, guess: d.guess.tool } });
        else ctx.report({ messageId: 'json', at, data: { what: d.what } });
        break;
      case 'jsonl': {
        const keys = Unknown.listKeys(d.keys);
        if (d.guess?.format !== undefined)
          ctx.report({ messageId: 'readableGuess', at, data: { keys, guess: d.guess.tool, format: d.guess.format } });
        else if (d.guess) ctx.report({ messageId: 'jsonlGuess', at, data: { keys, guess: d.guess.tool } });
        else if (d.keys.length === 0) ctx.report({ messageId: 'jsonlMixed', at });
        else ctx.report({ messageId: 'jsonl', at, data: { keys } });
        break;
      }
      case 'empty':
        break;
    }
  },
});
