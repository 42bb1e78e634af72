// A Messages API message list: a JSON array of `{role, content}`, or JSONL with one message a line. Judged as a
// request's messages, with no client repairs.
import { joinBytes } from '../../loader/bytes.js';
import { loadBytes } from '../../loader/read-jsonl.js';
import type { TranscriptModel } from '../../model/index.js';
import { exportMessages } from '../../model/export.js';
import { anthropicShape } from '../anthropic-shapes.js';
import { locatePlain, locatePlainLine } from '../plain/locate.js';
import { plainModel } from '../plain/model.js';
import { PlainSource } from '../plain/source.js';
import { writeBackPlain } from '../plain/write-back.js';
import { Sample } from '../sample.js';
import { API, BEDROCK } from '../targets.js';
import type { Format } from '../types.js';

/** A message list held as one JSON document: the first non-blank line opens an array, or is a lone `{`. */
function isDocument(sample: Sample): boolean {
  const first = sample.line(0);
  if (first === undefined) return false;
  if (first.startsWith('[') || first === '{') return true;
  const parsed = sample.parsedLine(0)!;
  return (
    parsed.ok && parsed.value !== null && typeof parsed.value === 'object' && Object.hasOwn(parsed.value, 'messages')
  );
}

export const messages: Format<TranscriptModel> = {
  id: 'messages',
  title: 'Messages API message list',
  detect: (sample) => (anthropicShape(sample) === 'messages' ? 1 : 0),
  load: (filePath, data, options) => {
    const bytes = joinBytes(data);
    if (isDocument(new Sample(filePath, bytes))) {
      const plain = PlainSource.document(filePath, bytes, 'messages');
      return plainModel({ file: plain.virtualFile!, plain });
    }
    const file = loadBytes(filePath, bytes, options);
    return plainModel({ file, plain: PlainSource.jsonl(file) });
  },
  targets: [API, BEDROCK],
  dialect: 'anthropic-messages',
  locate: locatePlain,
  locateLine: locatePlainLine,
  writeBack: writeBackPlain,
  folderPatterns: ['**/*.json', '**/*.jsonl'],
  exportRequest: (model) => exportMessages(model.apiView().messages),
};
