// copilot/session-structure's view of damaged lines: a line another rule must repair, or too long to be read, may
// hold the event a finding would otherwise name as missing.
import { Copilot } from '../../../src/sdk/index.js';

type Model = Copilot.CopilotModel;

/** Whether an unreadable line (one of the other rules' to repair) mentions the text: a parent or start may be in it. */
export const inDamagedLine = (model: Model, text: string): boolean => Copilot.inDamagedLine(model, text);

/** Whether a line between two lines is one another rule must repair, or too long to be read (a blank line is none). */
export function damagedBetweenIn(model: Model, from: number, to: number): boolean {
  for (let line = from + 1; line < to; line++) {
    const framing = model.framing().get(line);
    if (framing && framing.kind !== 'blank') return true;
    if (model.file.lines[line - 1]?.problems.some((p) => p.kind === 'too-long')) return true;
  }
  return false;
}
