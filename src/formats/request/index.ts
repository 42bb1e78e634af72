// A Messages API request body: one JSON document `{model, messages, ...}`, judged as the request it is (no client
// repairs): every rule the API would reject is an error.
import { joinBytes } from '../../loader/bytes.js';
import type { TranscriptModel } from '../../model/index.js';
import { exportMessages } from '../../model/export.js';
import { anthropicShape } from '../anthropic-shapes.js';
import { locatePlain, locatePlainLine } from '../plain/locate.js';
import { plainModel } from '../plain/model.js';
import { PlainSource } from '../plain/source.js';
import { writeBackPlain } from '../plain/write-back.js';
import { API, BEDROCK } from '../targets.js';
import type { Format } from '../types.js';

export const request: Format<TranscriptModel> = {
  id: 'request',
  title: 'Messages API request',
  detect: (sample) => (anthropicShape(sample) === 'request' ? 1 : 0),
  load: (filePath, data) => {
    const plain = PlainSource.document(filePath, joinBytes(data), 'request');
    return plainModel({ file: plain.virtualFile!, plain });
  },
  targets: [API, BEDROCK],
  dialect: 'anthropic-messages',
  locate: locatePlain,
  locateLine: locatePlainLine,
  writeBack: writeBackPlain,
  folderPatterns: ['**/*.json', '**/*.jsonl'],
  exportRequest: (model) => exportMessages(model.apiView().messages),
};
