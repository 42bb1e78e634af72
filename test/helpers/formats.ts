// The format plug-ins as the tests reach them: detection and loading through the default linter.
import { linter } from '../../src/composition.js';
import type { Format, FormatModel } from '../../src/formats/types.js';
import type { TranscriptModel } from '../../src/model/index.js';

const bytesOf = (data: string | Uint8Array): Uint8Array =>
  typeof data === 'string' ? new TextEncoder().encode(data) : data;

/** The id of the format the default linter reads these bytes as. */
export function detectFormat(data: string | Uint8Array): string {
  return linter.detect('test', bytesOf(data)).id;
}

/** The bytes loaded by their format (detected unless given): the format and its model. */
export function loadInput(
  filePath: string,
  data: string | Uint8Array,
  options: { inputFormat?: string } = {},
): { format: Format; model: FormatModel } {
  const bytes = bytesOf(data);
  const format =
    options.inputFormat !== undefined ? linter.format(options.inputFormat)! : linter.detect(filePath, bytes);
  return { format, model: format.load(filePath, bytes, {}) };
}

/** The same, for the Anthropic-dialect formats, whose model is a TranscriptModel. */
export function loadTranscript(
  filePath: string,
  data: string | Uint8Array,
  options: { inputFormat?: string } = {},
): TranscriptModel {
  return loadInput(filePath, data, options).model as TranscriptModel;
}
