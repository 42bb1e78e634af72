// Positions in a task history. The file is usually one line (both tools write JSON.stringify's compact form), so a
// line alone says nothing: every finding also gets the column where its value starts (1-based, UTF-16 code units,
// as the JSON parser records it: the message's `{`, or its block's). Lines and pointers are the plain message
// list's (plain/locate.ts).
import { SHELL_LINE } from '../../model/lines.js';
import { placeOf } from '../place.js';
import { locatePlain } from '../plain/locate.js';
import type { Location, Site } from '../types.js';
import type { TaskHistoryModel } from './model.js';

export function locateHistory(model: TaskHistoryModel, site: Site): Location {
  const located = locatePlain(model, site);
  const column = columnOf(model, site);
  if (column !== undefined) located.column = column;
  return located;
}

/** The column of the value whose line locatePlain reports: the message or its block, else the value pointed at. */
function columnOf(model: TaskHistoryModel, site: Site): number | undefined {
  const plain = model.source;
  const doc = plain.document;
  if (!doc) return undefined;
  const at = placeOf(site);
  const blockPointer = at.blockIndex !== undefined ? `/message/content/${at.blockIndex}` : undefined;
  const isMessage = plain.messageIndex(at.line) !== undefined;
  const found = plain.locate(at.line, isMessage ? blockPointer : (at.pointer ?? blockPointer));
  if (found.pointer === undefined) {
    // The document itself, when it does not parse: where the parser stopped.
    return at.line === SHELL_LINE && doc.error ? doc.error.column : undefined;
  }
  let p = found.pointer;
  while (true) {
    const position = doc.positions.get(p);
    if (position) return position.column;
    if (p === '') return doc.error?.column;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
