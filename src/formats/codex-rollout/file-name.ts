// Codex's file names: `rollout-<YYYY-MM-DDThh-mm-ss>-<uuid>.jsonl`. Resume finds a session by the uuid at the end of
// that name (or by the id inside), and refuses a name that is not canonical.
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const CANONICAL = new RegExp(`^rollout-(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2})-(\\d{2})-(\\d{2})-(${UUID})\\.jsonl$`);
const ANY_ROLLOUT = new RegExp(`^rollout-.*?(${UUID})?\\.jsonl$`);

export interface RolloutName {
  /** The uuid at the end of the name (lower case). */
  uuid?: string;
  /** The name's timestamp as ISO 8601 (UTC), for a canonical name. */
  timestamp?: string;
  canonical: boolean;
}

/** What a file's name says, when it is a rollout's (`rollout-*.jsonl`); undefined for any other name. */
export function rolloutName(filePath: string): RolloutName | undefined {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  const m = CANONICAL.exec(name);
  if (m) {
    const [, y, mo, d, h, mi, s, uuid] = m;
    return { uuid: uuid!.toLowerCase(), timestamp: `${y}-${mo}-${d}T${h}:${mi}:${s}.000Z`, canonical: true };
  }
  const any = ANY_ROLLOUT.exec(name);
  if (!any) return undefined;
  return any[1] ? { uuid: any[1].toLowerCase(), canonical: false } : { canonical: false };
}
