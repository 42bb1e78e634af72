// The ids Gemini CLI 0.61.0 gives calls and responses stored without one when it resumes a session
// (ensureStableToolIds in packages/core/src/utils/sessionUtils.ts, deriveStableId in utils/cryptoUtils.ts), on the
// history it rebuilds before any turn is merged or left out: its fresh environment context at index 0, then one
// entry per record or result list (compile.ts clientHistory), each with the record's id (`<id>_response` for the
// results of a model record's toolCalls). A call without an id gets `synth_<name>_<hash>`, and so does the first
// response of its name without an id in the next user entry; any other response without an id gets
// `synth_orph_<name>_<hash>`. The hash is the first 32 hex digits of the SHA-256 of the entry's id, its index and
// the part's index, sorted as strings and joined by `|`. Recorded: the one-call session with its ids taken out sent
// `synth_run_shell_command_d23c2673…` for the call and its result, and `synth_orph_run_shell_command_2e5e4c3c…` for
// the separate user record repeating the result.
import { createHash } from 'node:crypto';
import { isObj, type Obj } from './records.js';

/** A turn of the rebuilt history (compile.ts SentTurn). */
interface Turn {
  role: string;
  id?: string;
  parts: { part: Obj }[];
}

/** The CLI's deriveStableId. */
const stableId = (...ids: string[]): string =>
  createHash('sha256')
    .update([...ids].sort().join('|'))
    .digest('hex')
    .slice(0, 32);

/** The history entries before the first record's: the environment context the CLI makes afresh. */
const OFFSET = 1;

const member = (part: Obj, key: 'functionCall' | 'functionResponse'): Obj | undefined =>
  isObj(part[key]) ? (part[key] as Obj) : undefined;

/** The turns with every call and response that has no id given the id the CLI gives it (parts copied, not changed). */
export function withStableIds<T extends Turn>(turns: readonly T[]): T[] {
  const missing = (part: Obj, key: 'functionCall' | 'functionResponse') => {
    const v = member(part, key);
    return v !== undefined && !v.id;
  };
  if (!turns.some((t) => t.parts.some((p) => missing(p.part, 'functionCall') || missing(p.part, 'functionResponse'))))
    return [...turns];
  // Copies whose calls and responses can take an id.
  const out: T[] = turns.map((t) => ({
    ...t,
    parts: t.parts.map((p) => {
      const part: Obj = { ...p.part };
      for (const key of ['functionCall', 'functionResponse'] as const) {
        const v = member(part, key);
        if (v) part[key] = { ...v };
      }
      return { ...p, part };
    }),
  }));
  out.forEach((turn, i) => {
    const at = String(i + OFFSET);
    turn.parts.forEach(({ part }, k) => {
      const call = member(part, 'functionCall');
      if (call && !call.id) {
        const id = `synth_${call.name}_${stableId(turn.id ?? '', at, String(k))}`;
        const next = out[i + 1];
        if (next?.role === 'user') {
          const response = next.parts
            .map((p) => member(p.part, 'functionResponse'))
            .find((r) => r !== undefined && r.name === call.name && !r.id);
          if (response) response.id = id;
        }
        call.id = id;
      }
      const response = member(part, 'functionResponse');
      if (response && !response.id) {
        const prev = out[i - 1];
        const match =
          prev?.role === 'model'
            ? prev.parts
                .map((p) => member(p.part, 'functionCall'))
                .find((c) => c !== undefined && c.name === response.name && !c.id)
            : undefined;
        if (match) {
          match.id =
            response.id = `synth_${response.name}_${stableId(prev!.id ?? '', String(i - 1 + OFFSET), String(k))}`;
        } else response.id = `synth_orph_${response.name}_${stableId(turn.id ?? '', at, String(k))}`;
      }
    });
  });
  return out;
}
