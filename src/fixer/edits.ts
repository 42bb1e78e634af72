// Edits on entries (not on characters): the vocabulary a rule's fix is written in. The fix engine that applies
// them (conflicts, passes, byte-preserving write-back) is built on these shapes.

export type Edit =
  | { kind: 'delete'; line: number }
  | { kind: 'replace'; line: number; value: Record<string, unknown> }
  /** Set the value at an RFC 6901 pointer into the entry. */
  | { kind: 'set'; line: number; pointer: string; value: unknown }
  /** Remove the value at an RFC 6901 pointer (an object key, or an array element). */
  | { kind: 'remove'; line: number; pointer: string }
  /** Insert a new entry on its own line after `line` (0 inserts before the first line). */
  | { kind: 'insertAfter'; line: number; value: Record<string, unknown> }
  /** Replace a line that is not JSON with other text (e.g. the same line without its NUL bytes). */
  | { kind: 'replaceText'; line: number; text: string };

export type Fixability = 'safe' | 'unsafe';

/** The repair a report carries: edits applied all or nothing, with how safe they are and what they do. */
export interface FixDescriptor {
  applicability: Fixability;
  description: string;
  edits: Edit[];
}

/** A fix as the fix engine applies it: a rule's edits, all or nothing. */
export interface Fix {
  ruleId: string;
  applicability: 'safe' | 'unsafe';
  description: string;
  edits: Edit[];
  /** For a finding in a part of the file (Format.parts): which part; its edits are on that part's model. */
  part?: number;
}

/** The line (or the gap after a line, as n + 0.5) an edit needs to itself. */
export function claimOf(edit: Edit): number {
  return edit.kind === 'insertAfter' ? edit.line + 0.5 : edit.line;
}
