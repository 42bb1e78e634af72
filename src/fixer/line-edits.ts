// The base of the fix builders that edit a JSONL file line by line in the format's own shape (codex-rollout,
// qwen-code and copilot-events fixes.ts): a line dropped, a line written as other text, and the builder's other
// edits in the order it made them. A line is dropped once however often it is asked; a line written twice keeps the
// last text. When a fix drops a line or writes it as text, its other edits on that line do nothing (apply.ts).
import type { Edit } from './edits.js';

export class LineEdits {
  /** The builder's edits inside lines and between them (set, remove, insertAfter), in the order it made them. */
  protected readonly edits: Edit[] = [];
  /** Lines dropped, in the order first asked for. */
  protected readonly deleted = new Set<number>();
  /** Lines written as other text. */
  protected readonly texts = new Map<number, string>();

  /** Drop a line of the file. */
  deleteLine(line: number): this {
    this.deleted.add(line);
    return this;
  }

  /** Write a line as other text (a repaired line, or several records written as the lines they should be). */
  replaceText(line: number, text: string): this {
    this.texts.set(line, text);
    return this;
  }

  protected add(edit: Edit): this {
    this.edits.push(edit);
    return this;
  }

  /** The dropped lines, then the lines written as text. */
  protected lineEdits(): Edit[] {
    const out: Edit[] = [];
    for (const line of this.deleted) out.push({ kind: 'delete', line });
    for (const [line, text] of this.texts) out.push({ kind: 'replaceText', line, text });
    return out;
  }
}
