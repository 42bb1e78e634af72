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
  | { kind: 'insertAfter'; line: number; value: Record<string, unknown> };
