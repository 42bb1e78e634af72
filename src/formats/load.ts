// The model of a loaded input, by its format.
import type { LoadedInput } from '../loader/input.js';
import type { TranscriptModel } from '../model/index.js';
import { claudeCodeModel } from './claude-code/model.js';
import { plainModel } from './plain/model.js';

export function modelOf(input: LoadedInput): TranscriptModel {
  return input.plain ? plainModel({ ...input, plain: input.plain }) : claudeCodeModel(input.file);
}
