// The format of a file no other format recognises. It is never detected: the engine falls back to it, and its one
// rule (known-format) says what the file looks like instead of linting it as something it is not. Nothing in it is
// ever fixed.
import { UNKNOWN_FORMAT_ID } from '../catalog.js';
import { applyResult } from '../../fixer/apply.js';
import { joinBytes } from '../../loader/bytes.js';
import type { SourceFile } from '../../loader/read-jsonl.js';
import { placeOf } from '../place.js';
import { Sample } from '../sample.js';
import type { Format, FormatModel } from '../types.js';
import { type Description, describe } from './describe.js';

export interface UnknownModel extends FormatModel {
  readonly description: Description;
}

export const UNKNOWN = UNKNOWN_FORMAT_ID;

export const unknown: Format<UnknownModel> = {
  id: UNKNOWN,
  title: 'file of no supported format',
  detect: () => 0,
  load: (filePath, data) => {
    const bytes = joinBytes(data);
    const file: SourceFile = {
      path: filePath,
      bom: false,
      eol: '\n',
      finalNewline: true,
      lines: [],
      byteLength: bytes.length,
    };
    return { file, description: describe(new Sample(filePath, bytes)) };
  },
  // Whatever target the run names: known-format's severity is the same for all.
  targets: [{ id: 'any', description: 'every target: a file that was not understood is never clean' }],
  locate: (_model, site) => placeOf(site),
  locateLine: (_model, line) => line,
  writeBack: (model, fixes) =>
    applyResult(
      new Uint8Array(0),
      [],
      [],
      fixes.map((fix) => ({ fix, reason: `${model.file.path} is of no supported format` })),
    ),
  folderPatterns: [],
};
