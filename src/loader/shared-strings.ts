// One string for the values that every line of a session repeats. JSON.parse makes a new string for each value, so a
// session of 120,000 lines held its sessionId 114,000 times (6 MB) and its cwd 81,000 times (5 MB), all kept as long
// as the model is; and an entry's parentUuid is most often the uuid of the line before it, a second copy of that
// string. A parsed line's top-level values of SHARED_KEYS (and an assistant's message.model) are swapped for the
// first string of the same text, and a parentUuid equal to the previous line's uuid for that uuid. Runs of lines
// repeat more: the prompt a turn's entries name, the request and message id of a reply split over several entries,
// the tool call of a run of progress records, a timestamp; and a tool result's sourceToolAssistantUUID is most often
// its parentUuid. Each of those equal to the value before it is swapped for that value's string (on a 200 MB real-shaped
// session, 15,700 strings of 17,000 lines). The values read the same: only how many strings hold them changes.

/** Top-level fields whose values repeat on every line of a Claude Code session (or of a run of lines). */
const SHARED_KEYS = ['sessionId', 'cwd', 'version', 'gitBranch', 'slug', 'userType', 'entrypoint'] as const;

/** Top-level fields whose value is often the same as on the line before (compared with that line's value only). */
const RUN_KEYS = ['promptId', 'requestId', 'toolUseID', 'parentToolUseID', 'timestamp'] as const;

/** Values longer than this are not shared (a value that long is not one that repeats on every line). */
const MAX_SHARED_CHARS = 512;
/** At most this many distinct values are kept; later new ones stay as they were parsed. */
const MAX_SHARED_VALUES = 4096;

export class SharedStrings {
  readonly #values = new Map<string, string>();
  #lastUuid: string | undefined;
  /** The value of each RUN_KEYS field on the last line that had one, in RUN_KEYS' order. */
  readonly #lastRun: (string | undefined)[] = RUN_KEYS.map(() => undefined);
  #lastMessageId: string | undefined;
  /** How many values were swapped for an earlier string of the same text (the tests read it). */
  shared = 0;

  /** Swaps the repeated values of a line's parsed object, as JSON.parse made it (plain data properties only). */
  share(json: Record<string, unknown>): void {
    for (const key of SHARED_KEYS) {
      const value = json[key];
      if (typeof value === 'string') json[key] = this.#one(value);
    }
    const runs = this.#lastRun;
    for (let i = 0; i < RUN_KEYS.length; i++) {
      const key = RUN_KEYS[i]!;
      const value = json[key];
      if (typeof value !== 'string') continue;
      if (value === runs[i]) {
        json[key] = runs[i];
        this.shared++;
      } else runs[i] = value;
    }
    const message = json.message;
    if (message !== null && typeof message === 'object' && !Array.isArray(message)) {
      const m = message as Record<string, unknown>;
      if (typeof m.model === 'string') m.model = this.#one(m.model);
      const id = m.id;
      if (typeof id === 'string') {
        if (id === this.#lastMessageId) {
          m.id = this.#lastMessageId;
          this.shared++;
        } else this.#lastMessageId = id;
      }
    }
    const parent = json.parentUuid;
    if (typeof parent === 'string' && this.#lastUuid !== undefined && parent === this.#lastUuid) {
      json.parentUuid = this.#lastUuid;
      this.shared++;
    }
    const source = json.sourceToolAssistantUUID;
    if (typeof source === 'string' && typeof json.parentUuid === 'string' && source === json.parentUuid) {
      json.sourceToolAssistantUUID = json.parentUuid;
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
