// A site's place in a file whose lines are the model's lines (a JSONL input): the line it names, and the block, the
// entry's uuid and the pointer it carries. Formats with virtual lines map this place further.
import { SHELL_LINE } from '../model/lines.js';
import type { Location, Site } from './types.js';

export function placeOf(site: Site): Location {
  if ('line' in site)
    return site.pointer === undefined ? { line: site.line } : { line: site.line, pointer: site.pointer };
  const at: Location = { line: 0 };
  if ('entry' in site) {
    at.line = site.entry.line;
    if (site.block !== undefined) at.blockIndex = site.block;
    if (site.entry.uuid !== undefined) at.uuid = site.entry.uuid;
    if (site.pointer !== undefined) at.pointer = site.pointer;
  } else if ('request' in site) {
    at.line = site.request.origin.line;
    if (site.request.origin.blockIndex !== undefined) at.blockIndex = site.request.origin.blockIndex;
    if (site.pointer !== undefined) at.pointer = site.pointer;
  } else {
    at.line = SHELL_LINE;
    at.pointer = site.requestField;
  }
  return at;
}
