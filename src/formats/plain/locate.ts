// Positions in a plain input. Rules report on the model's lines, which for a JSON document are keys (one per
// message, see source.ts): a site is placed on the line of the file where its message, block or field starts, its
// pointer made a pointer into the file's JSON, and the stand-in uuid of the message dropped.
import type { TranscriptModel } from '../../model/index.js';
import { placeOf } from '../place.js';
import type { Location, Site } from '../types.js';

export function locatePlain(model: TranscriptModel, site: Site): Location {
  const at = placeOf(site);
  const plain = model.plain!;
  // The line is where the block (or, without one, the message) starts; the pointer names the value exactly.
  const blockPointer = at.blockIndex !== undefined ? `/message/content/${at.blockIndex}` : undefined;
  const found = plain.locate(at.line, at.pointer ?? blockPointer);
  const isMessage =
    plain.container === 'jsonl' ? model.entryAtLine(at.line) !== undefined : plain.messageIndex(at.line) !== undefined;
  const located: Location = { line: isMessage ? plain.locate(at.line, blockPointer).line : found.line };
  if (at.blockIndex !== undefined) located.blockIndex = at.blockIndex;
  if (found.pointer !== undefined) located.pointer = found.pointer;
  return located;
}

/** The file line of a model line (messages naming another line: "already used on line N"). */
export function locatePlainLine(model: TranscriptModel, line: number): number {
  return model.plain!.locate(line).line;
}
