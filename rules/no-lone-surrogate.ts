// no-lone-surrogate: no sent string holds half of a UTF-16 surrogate pair. A string cut between the two halves of an
// emoji or another character outside the Basic Multilingual Plane (a tool's output truncated by length, a paste) is
// stored by JSON.stringify as an escape such as "\ud83d", which parses back to the same lone half. A request that
// carries it that way is refused whole, on every retry: "The request body is not valid JSON: no low surrogate in
// string: line 1 column 217026 (char 217025)" (anthropics/claude-code#3277, #2108, #6273, #65155 and many more, from
// Claude Code 1.0.x to 2.1.161). Claude Code 2.1.332 resumes such a session: measured against the local stand-in of
// the API, the request it sent held U+FFFD in place of the lone half. So the finding is a warning for the
// claude-code target (an older version fails on it) and an error for a request or message list sent as it is. The
// safe fix replaces each lone half with U+FFFD, as 2.1.332 sends it: the half was never a character on its own. The
// new string has as many UTF-16 units as the old, so the fixer writes only the lone escapes again, each as "\ufffd",
// and every other byte of the line stays (fixer/string-patch.ts).
import { defineRule, type Entry, FixPlan, isObject, Lines, PlannedReports, storedSite } from '../src/sdk/index.js';

/** String.prototype.isWellFormed and toWellFormed (ES2024; in Node since 20). */
interface WellFormed {
  isWellFormed(): boolean;
  toWellFormed(): string;
}
const wellFormed = (s: string): boolean => (s as unknown as WellFormed).isWellFormed();
const toWellFormed = (s: string): string => (s as unknown as WellFormed).toWellFormed();

/** A string with a lone surrogate, where it is stored (a JSON pointer into the entry). */
interface Found {
  pointer: string;
  value: string;
}

export default defineRule({
  meta: {
    id: 'no-lone-surrogate',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'No string sent holds half of a surrogate pair (a character cut in two).',
    docs: {
      detects: 'a string holding a lone UTF-16 surrogate (an emoji or other character cut in half)',
      fix: 'safe (replace each lone half with U+FFFD)',
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      lone: 'This {{what}} holds a lone UTF-16 surrogate ({{code}}, half of a character cut in two); the API refuses the whole request body, on every retry: "The request body is not valid JSON: no low surrogate in string".',
      loneResume:
        'This {{what}} holds a lone UTF-16 surrogate ({{code}}, half of a character cut in two); Claude Code 2.1.332 sends U+FFFD in its place, but earlier versions sent it as it is and every request failed: "The request body is not valid JSON: no low surrogate in string".',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const { merged } = model.apiView();
    const reports = new PlannedReports(ctx);
    const messageId = ctx.target === 'claude-code' ? 'loneResume' : 'lone';
    for (const m of merged) {
      if (m.role === 'system') continue;
      for (const b of m.blocks) {
        const site = storedSite(model, b);
        if (!site) continue;
        if (site.kind !== 'element') {
          // Text stored as the message's whole content (a prompt typed as a string).
          const content = stringContent(site.entry);
          if (content !== undefined && !wellFormed(content))
            report(site.entry, [{ pointer: '/message/content', value: content }], `${m.role} message`);
          continue;
        }
        const stored = elementOf(site.entry, site.array, site.index);
        // Nearly every block has none: it is walked once without writing a pointer for each value.
        if (!holdsLoneSurrogate(stored)) continue;
        const found: Found[] = [];
        collect(stored, `${site.array}/${site.index}`, found);
        if (found.length > 0) report(site.entry, found, blockName(b.block.type), site.index);
      }
    }
    reports.send();

    // A request's own fields are sent too: its system prompt and its tools' definitions.
    const request = model.plain?.request;
    for (const key of ['system', 'tools'] as const) {
      if (request?.[key] === undefined) continue;
      const found: Found[] = [];
      collect(request[key], `/${key}`, found);
      if (found.length === 0) continue;
      const plan = new FixPlan(model);
      for (const f of found) plan.setRequestField(f.pointer, toWellFormed(f.value));
      ctx.report({
        messageId,
        data: { what: key === 'system' ? 'system prompt' : 'tool definition', code: loneCode(found[0]!.value) },
        at: { requestField: found[0]!.pointer },
        fix: plan.fix('safe', fixDescription(found)),
      });
    }

    function report(entry: Entry, found: Found[], what: string, block?: number): void {
      const plan = reports.plan(entry);
      for (const f of found) plan.set(entry, f.pointer, toWellFormed(f.value));
      const at = { entry, pointer: found[0]!.pointer, block };
      reports.add(
        { messageId, data: { what, code: loneCode(found[0]!.value) }, at },
        { plan, description: fixDescription(found) },
      );
    }
  },
});

function fixDescription(found: readonly Found[]): string {
  return `replace the lone surrogate${found.length > 1 ? 's' : ''} with U+FFFD (the replacement character)`;
}

function stringContent(entry: Entry): string | undefined {
  const message = entry.raw.message;
  return isObject(message) && typeof message.content === 'string' ? message.content : undefined;
}

/** The stored value at `array`/`index` of the entry ("/message/content" or "/rendered"). */
function elementOf(entry: Entry, array: string, index: number): unknown {
  let value: unknown = entry.raw;
  const keys = keysOf(array);
  for (let i = 0; i < keys.length; i++) value = isObject(value) ? value[keys[i]!] : undefined;
  return Array.isArray(value) ? value[index] : undefined;
}

/** The keys of an array's pointer ('/message/content'), split once per pointer (there are a few). */
const splitPointers = new Map<string, readonly string[]>();
function keysOf(pointer: string): readonly string[] {
  let keys = splitPointers.get(pointer);
  if (!keys) splitPointers.set(pointer, (keys = pointer.split('/').slice(1)));
  return keys;
}

/**
 * A long string kept as bytes without an escape in its literal: it cannot hold a lone surrogate (valid UTF-8 encodes
 * none), so neither walk decodes it.
 */
function unescapedBytes(value: Record<string, unknown>, key: string): boolean {
  return Lines.isLazyString(value, key) && Lines.lazyJsonBytes(value, key) !== undefined;
}

/** Whether any string below `root` has a lone surrogate: collect's walk, making nothing but its stack. */
function holdsLoneSurrogate(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!wellFormed(value)) return true;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
    } else if (isObject(value)) {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        if (!unescapedBytes(value, key)) stack.push(value[key]);
      }
    }
  }
  return false;
}

/**
 * Every string below `value` with a lone surrogate, in document order. A long string kept as bytes without an escape
 * cannot hold one (valid UTF-8 encodes no surrogate), so it is not decoded to be checked. The walk keeps its own stack:
 * a tool input may be nested deeper than the call stack goes.
 */
function collect(root: unknown, rootPointer: string, found: Found[]): void {
  const stack: [unknown, string][] = [[root, rootPointer]];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop()!;
    if (typeof value === 'string') {
      if (!wellFormed(value)) found.push({ pointer, value });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${pointer}/${i}`]);
    } else if (isObject(value)) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (unescapedBytes(value, key)) continue;
        stack.push([value[key], `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`]);
      }
    }
  }
}

function blockName(type: unknown): string {
  return typeof type === 'string' ? `${type.replaceAll('_', ' ')} block` : 'block';
}

/** The first lone surrogate, as U+XXXX. */
function loneCode(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const next = s.charCodeAt(i + 1);
    if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    return `U+${c.toString(16).toUpperCase()}`;
  }
  return 'U+FFFD';
}
