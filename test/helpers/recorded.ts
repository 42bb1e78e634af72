// The issue-14 experiments with the real Claude Code 2.1.332 (fixtures/sessions/claude-code/recorded): each item is one
// mutation of a session the real CLI recorded, kept as a line patch, with what Claude Code sent when it resumed the
// mutated file. This module rebuilds an item's file and prints skeletons the way the research's skel.py does, so a
// test can compare our export with Claude Code's request.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const RECORDED = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'fixtures',
  'sessions',
  'claude-code',
  'recorded',
);

export interface ClaudeRun {
  rc: number | string | null;
  /** Requests with a message history sent (count_tokens and compaction-side calls below 1000 max_tokens left out). */
  requests: number;
  rejected: number;
  firstReject: string | null;
  stderr: string | null;
  /** The first request's messages (normal run only), as skel.py prints them. */
  skeleton?: string[] | null;
  /** The same without role "system" messages, the resume prompt and the "No response requested." before it. */
  history?: string[] | null;
}

export interface RecordedItem {
  name: string;
  /** The item: A1..A16, B1..B9. */
  item: string;
  recording: string;
  mutation: string;
  patch?: [number, number, string[]][];
  replace?: [string, string][];
  generator?: string;
  finalNewline?: boolean;
  env?: Record<string, string>;
  subagents?: boolean;
  claude: { normal: ClaudeRun | null; strict: ClaudeRun | null };
  researchFix: string | null;
}

let cache: RecordedItem[] | undefined;

export function recordedItems(): RecordedItem[] {
  cache ??= (JSON.parse(readFileSync(path.join(RECORDED, 'items.json'), 'utf8')) as { items: RecordedItem[] }).items;
  return cache;
}

export function recordedItem(name: string): RecordedItem {
  const found = recordedItems().find((i) => i.name === name || i.name.startsWith(`${name}-`));
  if (!found) throw new Error(`no recorded item ${name}`);
  return found;
}

const linesOf = (text: string): string[] => {
  const lines = text.split('\n');
  return text.endsWith('\n') ? lines.slice(0, -1) : lines;
};

/** The lines of a recording's session file. */
export function recordingLines(recording: string): string[] {
  return linesOf(readFileSync(path.join(RECORDED, 'recordings', recording, 'session.jsonl'), 'utf8'));
}

export function recordingSid(recording: string): string {
  return readFileSync(path.join(RECORDED, 'recordings', recording, 'SID'), 'utf8').trim();
}

/** The lines of the recording's subagent transcript (the agent recording has one). */
export function subagentLines(recording: string): string[] {
  const dir = path.join(RECORDED, 'recordings', recording, recordingSid(recording), 'subagents');
  const file = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
  return linesOf(readFileSync(path.join(dir, file), 'utf8'));
}

/** The three mutations too big to keep as patches, made the way the research's mutate.py made them. */
function generated(kind: string, lines: string[]): string[] {
  const entry = (n: number) => JSON.parse(lines[n - 1]!) as Record<string, any>;
  if (kind === 'progress-60mb') {
    const pad = 'x'.repeat(1024 * 1024);
    const rows = Array.from({ length: 60 }, (_, k) =>
      JSON.stringify({
        parentUuid: entry(3).uuid,
        isSidechain: false,
        type: 'progress',
        data: { type: 'hook_progress', pad },
        uuid: `ab000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
        timestamp: '2026-12-01T09:27:33.250Z',
        sessionId: entry(3).sessionId,
      }),
    );
    return [...lines.slice(0, 43), ...rows, ...lines.slice(43)];
  }
  const e = entry(186);
  const [size, ch] = kind === 'result-10mb' ? [10 * 1024 * 1024, 'y'] : [33 * 1024 * 1024, 'z'];
  e.message.content[0].content = `e1 ${ch.repeat(size)}`;
  return [...lines.slice(0, 185), JSON.stringify(e), ...lines.slice(186)];
}

/** The item's file, byte for byte as the research resumed it. */
export function itemText(item: RecordedItem): string {
  let lines = recordingLines(item.recording);
  if (item.generator) return `${generated(item.generator, lines).join('\n')}\n`;
  for (const [from, to] of item.replace ?? []) lines = lines.map((l) => l.split(from).join(to));
  const ops = [...(item.patch ?? [])].sort((a, b) => b[0] - a[0]);
  for (const [at, del, ins] of ops) {
    const expanded = ins.flatMap((l) => (l === '@subagent' ? subagentLines(item.recording) : [l]));
    lines.splice(at, del, ...expanded);
  }
  return lines.join('\n') + (item.finalNewline === false ? '' : '\n');
}

// ---- skeletons, as the research's skel.py prints them (text heads of 40 characters) --------------------------------

type Block = Record<string, unknown>;

const head = (s: string): string => Array.from(s).slice(0, 40).join('').replace(/\n/g, '⏎');

function blockSkeleton(x: Block): string {
  const t = x.type;
  if (t === 'tool_use') return `tool_use:${String(x.id)}`;
  if (t === 'tool_result') {
    const c = x.content;
    let inner = '';
    if (Array.isArray(c)) inner = `[${c.map((b) => String((b as Block | null)?.type)).join(',')}]`;
    else if (c !== null && typeof c === 'object') inner = '{obj}';
    return `tool_result:${String(x.tool_use_id)}${x.is_error ? '!err' : ''}${inner}`;
  }
  if (t === 'text') {
    const text = typeof x.text === 'string' ? x.text : '';
    return `text${text === '' ? '(empty)' : text.trim() === '' ? '(ws)' : ''}«${head(text)}»`;
  }
  if (t === 'thinking') return `thinking${x.signature ? '' : '(nosig)'}`;
  return String(t);
}

/** One line per message: `role:str«head»` or `role:block block ...`. */
export function skeletonOf(messages: readonly { role: string; content: unknown }[]): string[] {
  return messages.map((m) => {
    const c = m.content;
    const body =
      typeof c === 'string' ? `str«${head(c)}»` : Array.isArray(c) ? c.map(blockSkeleton).join(' ') : String(c);
    return `${m.role}:${body}`;
  });
}

// ---- "every main-chain tool call sent with its result" (the research's sent.py, on our own compiled request) -------

type Entry = Record<string, any>;

/**
 * The tool calls resume should send (sent.py): walk from the leaf (the last `last-prompt`'s, when it names a main
 * entry, else the last main user/assistant entry), following parents, a preserved segment's head hung off its anchor,
 * stopping at a compact boundary or a missing parent; every tool_use of a main entry that shares a message.id with a
 * walked assistant entry. Returns those that `messages` does not send with a real (not made-up) result.
 */
export function callsNotSent(text: string, messages: readonly { role: string; content: unknown }[]): string[] {
  const es: Entry[] = [];
  for (const l of text.replace(/^\uFEFF/, '').split('\n')) {
    try {
      es.push(JSON.parse(l) as Entry);
    } catch {}
  }
  const main = es.filter((e) => typeof e.uuid === 'string' && !e.isSidechain);
  const by = new Map(main.map((e) => [e.uuid as string, e]));
  let seg: Entry | undefined;
  for (const e of es) if (e.subtype === 'compact_boundary') seg = e.compactMetadata?.preservedSegment ?? undefined;
  const lastPrompt = es.filter((e) => e.type === 'last-prompt').pop();
  let leaf = lastPrompt && by.get(lastPrompt.leafUuid);
  leaf ??= [...main].reverse().find((e) => e.type === 'user' || e.type === 'assistant');
  const ids = new Set<string>();
  const seen = new Set<string>();
  for (let cur = leaf; cur && !seen.has(cur.uuid); ) {
    seen.add(cur.uuid);
    if (cur.subtype === 'compact_boundary') break;
    if (cur.type === 'assistant' && cur.message?.id) ids.add(cur.message.id);
    let p = seg && cur.uuid === seg.headUuid ? seg.anchorUuid : cur.parentUuid;
    if (seg && p === seg.anchorUuid && cur.uuid !== seg.headUuid) p = seg.tailUuid;
    cur = p ? by.get(p) : undefined;
  }
  const calls = main.flatMap((e) =>
    e.type === 'assistant' && ids.has(e.message?.id) && Array.isArray(e.message?.content)
      ? (e.message.content as Entry[]).filter((b) => b?.type === 'tool_use').map((b) => b.id as string)
      : [],
  );
  const sent = new Set<string>();
  const answered = new Set<string>();
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content as Entry[]) {
      if (b.type === 'tool_use') sent.add(b.id);
      if (b.type === 'tool_result' && !String(b.content).includes('missing due to internal error'))
        answered.add(b.tool_use_id);
    }
  }
  return calls.filter((id) => !sent.has(id) || !answered.has(id));
}
