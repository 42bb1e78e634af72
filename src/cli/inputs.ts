// One transcript to lint, as the lint and fix commands pass it around.
import type { EffectiveConfig } from '../engine/config-core.js';

export interface Input {
  filePath: string;
  /** How the file is named in messages. */
  shown: string;
  /** Already read (stdin). */
  data?: Uint8Array;
  /** The config that applies to it (see config-scope.ts). */
  config: EffectiveConfig;
  /** Linted but not fixed: a session --fix found written in the last minute (an agent may still be writing it). */
  lintOnly?: boolean;
}
