// What Claude Code sent, as our export is compared with it: the messages of a recorded request, without the
// cache_control marks Claude Code adds per request (they are not part of what a session stores).

export interface Message {
  role: string;
  content: unknown;
}

export const stripCacheControl = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(stripCacheControl)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== 'cache_control')
            .map(([k, x]) => [k, stripCacheControl(x)]),
        )
      : v;
