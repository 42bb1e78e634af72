// One string for the values that every line of a session repeats. JSON.parse makes a new string for each value, so a
// session of 120,000 lines held its sessionId 114,000 times (6 MB) and its cwd 81,000 times (5 MB), all kept as long
// as the model is; and an entry's parentUuid is most often the uuid of the line before it, a second copy of that
// string. A parsed line's top-level values of SHARED_KEYS (and an assistant's message.model) are swapped for the
// first string of the same text, and a parentUuid equal to the previous line's uuid for that uuid. The values read
// the same: only how many strings hold them changes.

/** Top-level fields whose values repeat on every line of a Claude Code session (or of a run of lines). */
const SHARED_KEYS = ['sessionId', 'cwd', 'version', 'gitBranch', 'slug', 'userType', 'entrypoint'] as const;

/** Values longer than this are not shared (a value that long is not one that repeats on every line). */
const MAX_SHARED_CHARS = 512;
/** At most this many distinct values are kept; later new ones stay as they were parsed. */
const MAX_SHARED_VALUES = 4096;

export class SharedStrings {
  readonly #values = new Map<string, string>();
  #lastUuid: string | undefined;
  /** How many values were swapped for an earlier string of the same text (the tests read it). */
  shared = 0;

  /** Swaps the repeated values of a line's parsed object, as JSON.parse made it (plain data properties only). */
  share(json: Record<string, unknown>): void {
    for (const key of SHARED_KEYS) {
      const value = json[key];
      if (typeof value === 'string') json[key] = this.#one(value);
    }
    const message = json.message;
    if (message !== null && typeof message === 'object' && !Array.isArray(message)) {
      const m = message as Record<string, unknown>;
      if (typeof m.model === 'string') m.model = this.#one(m.model);
    }
    const parent = json.parentUuid;
    if (typeof parent === 'string' && this.#lastUuid !== undefined && parent === this.#lastUuid) {
      json.parentUuid = this.#lastUuid;
      this.shared++;
    }
    this.#lastUuid = typeof json.uuid === 'string' ? json.uuid : undefined;
  }

  #one(value: string): string {
    const known = this.#values.get(value);
    if (known !== undefined) {
      this.shared++;
      return known;
    }
    if (value.length <= MAX_SHARED_CHARS && this.#values.size < MAX_SHARED_VALUES) this.#values.set(value, value);
    return value;
  }
}
