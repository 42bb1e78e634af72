// One chain entry on its way to the wire: what compile.ts makes of each entry of the walk, and interrupted-tail.ts
// reads (kept apart so that neither imports the other).
import type { ApiBlock, ApiRole, Entry } from '../../model/types.js';

/** One chain entry on its way to the wire. */
export interface Item {
  role: ApiRole;
  entry: Entry;
  blocks: ApiBlock[];
  stringContent: boolean;
  attachment: boolean;
  /** An attachment Claude Code folds into the preceding tool_result (`renderedBesideToolResult`). */
  besideToolResult?: boolean;
  messageId?: string;
}
