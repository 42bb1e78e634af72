// codex/session-meta: the rollout starts with one session_meta that Codex can read, whose id is the file name's uuid.
// Without a readable session_meta first, resume fails before any request; a second one mid-file makes Codex throw
// away everything before it (a concatenated or re-headed file); an old-format rollout is not read at all.
import { Codex, defineRule, type FixDescriptor } from '../../src/sdk/index.js';

const RULE_ID = 'codex/session-meta';
type Obj = Record<string, unknown>;

/** A string field of the first record of `type` whose payload has it. */
function firstField(model: Codex.CodexModel, type: string, pick: (p: Obj) => unknown): string | undefined {
  for (const r of model.records) {
    if (r.type !== type || !Codex.isObj(r.payload)) continue;
    const v = pick(r.payload);
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

const settingsOf = (p: Obj): Obj | undefined =>
  p.type === 'thread_settings_applied' && Codex.isObj(p.thread_settings) ? p.thread_settings : undefined;

/**
 * A session_meta rebuilt from what the file still says: the id from its name (or the thread id its records carry),
 * the working folder from its turn_context, the provider from its settings events. Its base instructions are lost:
 * Codex then sends the model's default ones.
 */
function rebuiltMeta(model: Codex.CodexModel): FixDescriptor | undefined {
  const id =
    model.name?.uuid ??
    firstField(model, 'event_msg', (p) => (p.type === 'thread_settings_applied' ? p.thread_id : undefined)) ??
    firstField(model, 'token_usage_record', (p) => p.thread_id);
  const cwd =
    firstField(model, 'turn_context', (p) => p.cwd) ?? firstField(model, 'event_msg', (p) => settingsOf(p)?.cwd);
  const first = model.records[0];
  const timestamp =
    model.name?.timestamp ?? (first && typeof first.raw.timestamp === 'string' ? first.raw.timestamp : undefined);
  if (!id || !cwd || !timestamp) return undefined;
  const provider = firstField(model, 'event_msg', (p) => settingsOf(p)?.model_provider_id);
  const payload: Obj = {
    session_id: id,
    id,
    timestamp,
    cwd,
    originator: 'codex_exec',
    cli_version: '0.169.0',
    source: 'exec',
    ...(provider ? { model_provider: provider } : {}),
    ...(model.ordinals ? { history_mode: 'paginated' } : {}),
  };
  return new Codex.CodexFix(model, RULE_ID)
    .insertRecord(0, first, 'session_meta', payload, timestamp)
    .fix(
      'unsafe',
      'write a session_meta rebuilt from the file name and the turn context (its base instructions are lost)',
    );
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'The rollout starts with one session_meta Codex can read, whose id is the uuid of the file name; no second one follows.',
    docs: {
      detects:
        'no session_meta, one that is not first or does not decode (resume fails), a second one mid-file (history lost; a warning when the lines after it hold that history again), an id other than the file name’s, an old-format rollout',
      fix: 'safe (move it first, drop a repeated one or the restored copy of the file’s first lines it starts, wrap string base_instructions); unsafe (drop a repeated one whose hidden history reuses a call or item id, rebuild a lost one, fill cwd, take the file name’s id)',
      severity: {
        codex: 'error / warn (an id other than the file name’s, a second one whose history comes back after it)',
      },
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      missing: 'The rollout has no session_meta record: resume fails before any request ("{{message}}").',
      notFirst:
        'The session_meta is on line {{line}}, after {{count}} other record(s): resume fails before any request ("{{message}}").',
      badShape: 'The session_meta does not decode ({{error}}): resume fails before any request ("{{message}}").',
      second:
        'A second session_meta with the session’s own id: Codex throws away the history before it (lines {{from}}–{{to}}) on resume and re-sends the context.',
      secondNothingLost:
        'A second session_meta with the session’s own id: Codex throws away the history before it (lines {{from}}–{{to}}) on resume, but the lines after it hold every item of that history again, so nothing is lost.',
      concatenated:
        'A session_meta of another session ({{id}}) starts here, as in two rollouts joined into one file: Codex resumes only the history from here on, under the first session’s id, and the history above is lost. `transcript-lint split FILE` moves the other session to a rollout of its own (--fix does not).',
      concatenatedRestored:
        'A session_meta of another session ({{id}}) starts here, as in two rollouts joined into one file, but the session_meta on line {{restart}} starts this session’s history again and the lines after it hold all of it: Codex sends none of the other session’s items, and nothing is lost. `transcript-lint split FILE` moves the other session to a rollout of its own.',
      concatenatedNoTurn:
        'A session_meta of another session ({{id}}) starts here, as in two rollouts joined into one file; neither session holds a turn yet (only the context Codex writes itself), so resume loses nothing. `transcript-lint split FILE` moves the other session to a rollout of its own.',
      mixedIn:
        '{{lines}} of another session ({{id}}, named by their thread and turn ids and ordinals), without its session_meta: two writers at once. Codex sends {{sent}} of them as this session’s history. `transcript-lint split FILE` moves these lines to {{to}} beside it (--fix does not).',
      mixedInUnsent:
        '{{lines}} of another session ({{id}}, named by their thread and turn ids and ordinals), without its session_meta: two writers at once. Codex sends none of them. `transcript-lint split FILE` moves these lines to {{to}} beside it.',
      mixedInUnreadMeta:
        '{{lines}} of another session ({{id}}), with its session_meta on line {{meta}}, a line Codex cannot read ({{why}}): two rollouts joined into one file, or two writers at once. Codex does not start that session’s history there, and sends {{sent}} of them as this session’s history. `transcript-lint split FILE` moves these lines, that session_meta with them, to {{to}} beside it (--fix does not).',
      mixedInUnreadMetaUnsent:
        '{{lines}} of another session ({{id}}), with its session_meta on line {{meta}}, a line Codex cannot read ({{why}}): two rollouts joined into one file, or two writers at once. Codex sends none of them. `transcript-lint split FILE` moves these lines, that session_meta with them, to {{to}} beside it.',
      mixedInUnnamed:
        '{{lines}} of another session that the file never names: no session id, and turn {{turn}}, which no record of this session names (two writers at once). Codex sends {{sent}} of them as this session’s history. `transcript-lint split FILE` moves these lines to {{to}} beside it (--fix does not).',
      mixedInUnnamedUnsent:
        '{{lines}} of another session that the file never names: no session id, and turn {{turn}}, which no record of this session names (two writers at once). Codex sends none of them. `transcript-lint split FILE` moves these lines to {{to}} beside it.',
      idMismatch:
        'The session_meta id {{id}} is not the file name’s uuid {{uuid}}: Codex finds the file by either, but appends to thread {{id}} and keys its cache by it.',
      fileName:
        'The file name is not the canonical rollout-<YYYY-MM-DDThh-mm-ss>-<uuid>.jsonl: Codex refuses to resume it ("paginated rollout path … does not have a canonical rollout filename").',
      legacy:
        'Old-format rollout (a {id, timestamp} header, then bare items): Codex 0.169.0 reads none of its lines as records, and resume fails ("{{message}}").',
    },
  },
  check(ctx) {
    const { model } = ctx;
    if (model.generation === 'legacy') {
      ctx.report({
        messageId: 'legacy',
        at: { line: model.records[0]?.line ?? 1 },
        data: { message: Codex.fatalMessage('empty') },
      });
      return;
    }
    const metas = model.records.filter((r) => r.type === 'session_meta');
    const first = metas[0];
    if (!first) {
      if (model.records.length > 0)
        ctx.report({
          messageId: 'missing',
          at: { line: model.records[0]!.line },
          data: { message: Codex.fatalMessage('no-session-meta') },
          fix: rebuiltMeta(model),
        });
      return;
    }
    const before = model.records.filter((r) => r.line < first.line);
    if (before.length > 0) {
      const item = before.some((r) => r.type === 'response_item' || r.type === 'inter_agent_communication');
      ctx.report({
        messageId: 'notFirst',
        at: { line: first.line },
        data: {
          line: first.line,
          count: before.length,
          message: Codex.fatalMessage(item ? 'no-session-meta' : 'not-first'),
        },
        fix: new Codex.CodexFix(model, RULE_ID)
          .deleteLine(first.line)
          .insertRaw(0, first.raw, { moved_from_line: first.line })
          .fix('safe', 'move the session_meta to the top of the file'),
      });
    }
    if (first.error !== undefined) ctx.report(badShape(model, first));
    const p = Codex.isObj(first.payload) ? first.payload : {};
    const nothingLost = Codex.historyLostToRestarts(model).length === 0;
    const second = nothingLost
      ? { messageId: 'secondNothingLost' as const, severity: 'warn' as const }
      : { messageId: 'second' as const };
    for (const r of metas.slice(1)) {
      const q = Codex.isObj(r.payload) ? r.payload : {};
      if (q.id === p.id) {
        // The copies go whole: what they hold is not judged again.
        const copies = Codex.restoredCopies(model);
        const kept = model.records.filter((x) => !copies.some((c) => x.line >= c.start && x.line <= c.end));
        const clash = reusedId(kept, first.line, r.line);
        const copy = Codex.restoredCopyAt(model, r.line);
        if (copy) {
          ctx.report({
            ...second,
            at: { line: r.line },
            data: { from: first.line, to: r.line - 1 },
            fix: removeCopy(model, copy, clash),
          });
          continue;
        }
        ctx.report({
          ...second,
          at: { line: r.line },
          data: { from: first.line, to: r.line - 1 },
          fix: new Codex.CodexFix(model, RULE_ID)
            .deleteLine(r.line)
            .fix(
              clash ? 'unsafe' : 'safe',
              clash
                ? `drop the repeated session_meta (the history it brings back uses ${clash} again, and the API rejects a request with both)`
                : 'drop the repeated session_meta',
            ),
        });
      } else {
        const next = metas.find((m) => m.line > r.line)?.line ?? Number.POSITIVE_INFINITY;
        const previous = metas.filter((m) => m.line < r.line).at(-1)!.line;
        const turns = hasTurn(model.records, previous, r.line) || hasTurn(model.records, r.line, next);
        // A later session_meta of the file's own session starts the history again, and the lines after it hold all
        // of this session's history: Codex sends none of the other session's items and loses nothing (seed 574).
        const restart = model.resume().restartedAt;
        const ownAgain =
          restart !== undefined &&
          restart.line > r.line &&
          Codex.isObj(restart.payload) &&
          restart.payload.id === p.id &&
          Codex.historyLostBefore(model, r.line).length === 0;
        if (turns && ownAgain) {
          ctx.report({
            messageId: 'concatenatedRestored',
            at: { line: r.line },
            severity: 'warn',
            data: { id: String(q.id), restart: restart.line },
          });
          continue;
        }
        ctx.report({
          messageId: turns ? 'concatenated' : 'concatenatedNoTurn',
          at: { line: r.line },
          severity: turns ? 'error' : 'warn',
          data: { id: String(q.id) },
        });
      }
    }
    for (const report of mixedIn(model, metas)) ctx.report(report);
    const name = model.name;
    if (name && !name.canonical && model.resume().paginated)
      ctx.report({ messageId: 'fileName', at: { line: first.line } });
    if (name?.uuid && typeof p.id === 'string' && p.id.toLowerCase() !== name.uuid) {
      const fix = new Codex.CodexFix(model, RULE_ID).set(first, '/payload/id', name.uuid, { original_id: p.id });
      if (p.session_id === p.id) fix.set(first, '/payload/session_id', name.uuid);
      ctx.report({
        messageId: 'idMismatch',
        at: { line: first.line, pointer: '/payload/id' },
        severity: 'warn',
        data: { id: p.id, uuid: name.uuid },
        fix: fix.fix('unsafe', 'give the session_meta the file name’s uuid as its id'),
      });
    }
  },
});

/**
 * A restored copy (the file's first lines appended again, byte for byte) goes whole: it holds nothing the file does
 * not hold, and without it Codex sends the history above it again.
 */
function removeCopy(model: Codex.CodexModel, copy: Codex.ReplayedBlock, clash: string | undefined): FixDescriptor {
  const fix = new Codex.CodexFix(model, RULE_ID);
  for (let n = copy.start; n <= copy.end; n++) fix.deleteLine(n);
  const what =
    copy.ofEnd === undefined
      ? `lines ${copy.start}–${copy.end}, an exact copy of lines ${copy.of}–${copy.of + copy.end - copy.start} (a restored backup)`
      : `lines ${copy.start}–${copy.end}, each an exact copy of a line of lines ${copy.of}–${copy.ofEnd} (a restored backup, ${copy.ofEnd - copy.of - (copy.end - copy.start)} of those lines missing from it)`;
  return clash
    ? fix.fix(
        'unsafe',
        `remove ${what} (the history it brings back uses ${clash} again, and the API rejects a request with both)`,
      )
    : fix.fix('safe', `remove ${what}: nothing is lost`);
}

/**
 * Dropping a repeated session_meta brings the records above it back into what Codex sends. When one of them has a
 * call_id (of a call) or an item id that another of them, or a record sent today, also has, the request would then
 * hold both, which the API rejects: the history that resume drops today is what keeps that request valid, so the fix
 * is not safe then. An exact copy with an item id is no clash: codex/unique-call-id drops it (safe). Returns the
 * first clashing id, named for the message.
 */
function reusedId(records: readonly Codex.CodexRecord[], from: number, to: number): string | undefined {
  const seen = new Map<string, Record<string, unknown>>();
  const clash = (r: Codex.CodexRecord, add: boolean): string | undefined => {
    const item = r.type === 'response_item' && Codex.isObj(r.payload) ? r.payload : undefined;
    if (!item) return undefined;
    const keys: string[] = [];
    if (Codex.isCallType(item.type) && typeof item.call_id === 'string' && item.call_id !== '')
      keys.push(`call_id ${item.call_id}`);
    if (typeof item.id === 'string' && item.id !== '') keys.push(`item id ${item.id}`);
    for (const key of keys) {
      const earlier = seen.get(key);
      if (earlier) {
        if (!(typeof item.id === 'string' && JSON.stringify(earlier) === JSON.stringify(item))) return key;
      } else if (add) seen.set(key, item);
    }
    return undefined;
  };
  for (const r of records) {
    if (r.line <= from || r.line >= to) continue;
    const key = clash(r, true);
    if (key) return key;
  }
  if (seen.size === 0) return undefined;
  for (const r of records) {
    if (r.line <= to) continue;
    const key = clash(r, false);
    if (key) return key;
  }
  return undefined;
}

/** Whether a record strictly between two lines holds a turn: an item other than the context Codex writes itself. */
function hasTurn(records: readonly Codex.CodexRecord[], from: number, to: number): boolean {
  return records.some((r) => {
    if (r.line <= from || r.line >= to || r.error !== undefined) return false;
    if (r.type === 'compacted') return true;
    if (r.type !== 'response_item' || !Codex.isObj(r.payload)) return false;
    const item = r.payload;
    if (item.type !== 'message') return true;
    return item.role === 'assistant' || (item.role === 'user' && Codex.isUserTurnStart(item));
  });
}

/** `Line 4 holds` / `Lines 4–9 (5 lines) hold`. */
function linesPhrase(lines: readonly number[]): string {
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  return lines.length === 1
    ? `Line ${first} holds records`
    : `Lines ${first}–${last} (${lines.length} lines) hold records`;
}

/**
 * Another session's lines with no session_meta of it in the file (formats/codex-rollout/joined-sessions.ts says
 * whose each line is): an error when resume sends any of its items, a warning otherwise.
 */
function mixedIn(model: Codex.CodexModel, metas: readonly Codex.CodexRecord[]) {
  const joined = Codex.otherSessionsOf(model.file.path, model);
  if (!joined) return [];
  const metaIds = new Set(
    metas.flatMap((m) =>
      Codex.isObj(m.payload) && typeof m.payload.id === 'string' ? [m.payload.id.toLowerCase()] : [],
    ),
  );
  const sentLines = model.resume().history.flatMap((h) => (h.record ? [h.record.line] : []));
  return joined.others
    .filter((other) => !metaIds.has(other.sessionId.toLowerCase()))
    .map((other) => {
      const mine = new Set(other.lines);
      const sent = sentLines.filter((l) => mine.has(l)).length;
      const turn = Codex.unnamedSessionTurn(other.sessionId);
      const unread = unreadMeta(model, other.sessionId, other.lines);
      const messageId =
        unread !== undefined
          ? sent > 0
            ? ('mixedInUnreadMeta' as const)
            : ('mixedInUnreadMetaUnsent' as const)
          : turn === undefined
            ? sent > 0
              ? ('mixedIn' as const)
              : ('mixedInUnsent' as const)
            : sent > 0
              ? ('mixedInUnnamed' as const)
              : ('mixedInUnnamedUnsent' as const);
      return {
        messageId,
        at: { line: other.lines[0]! },
        severity: sent > 0 ? ('error' as const) : ('warn' as const),
        data: {
          lines: linesPhrase(other.lines),
          id: other.sessionId,
          turn: turn ?? '',
          sent: sent === 1 ? '1 item' : `${sent} items`,
          to: other.to.split(/[\\/]/).at(-1)!,
          meta: unread?.line ?? '',
          why: unread?.why ?? '',
        },
      };
    });
}

/**
 * The line among another session's lines that holds its session_meta, but not as a record Codex reads: written inside
 * another record, or cut off before it, or another record written inside it (differential seed 376: `split` moved
 * that line with the session's other lines, and the moved rollout starts with it). Codex reads no second session_meta
 * there, so it does not start the history again: it sends that session's items as this session's.
 */
function unreadMeta(
  model: Codex.CodexModel,
  sessionId: string,
  lines: readonly number[],
): { line: number; why: string } | undefined {
  const all = model.file.lines;
  const isMeta = (r: Record<string, unknown>) =>
    r.type === 'session_meta' &&
    Codex.isObj(r.payload) &&
    typeof r.payload.id === 'string' &&
    r.payload.id.toLowerCase() === sessionId.toLowerCase();
  for (const lineNo of lines) {
    if (model.recordAt(lineNo)) continue;
    const i = all.findIndex((l) => l.lineNo === lineNo);
    const line = all[i];
    if (!line) continue;
    const split = Codex.recoverSplit(line, all[i + 1]);
    if (split?.kind === 'split') {
      if (isMeta(split.outer.record)) return { line: lineNo, why: 'another record written inside it' };
      if (isMeta(split.inner.record)) return { line: lineNo, why: 'written inside another record' };
      continue;
    }
    const recovery = Codex.recoverLine(line);
    if (recovery?.kind === 'after-torn' && isMeta(recovery.record))
      return { line: lineNo, why: 'a torn write before it on the line' };
    if (recovery?.kind === 'interleaved' && (isMeta(recovery.outer.record) || isMeta(recovery.inner.record)))
      return { line: lineNo, why: 'two records written into each other' };
  }
  return undefined;
}

function badShape(model: Codex.CodexModel, meta: Codex.CodexRecord) {
  const p = Codex.isObj(meta.payload) ? meta.payload : undefined;
  const error = meta.error ?? '';
  const data = { error, message: Codex.fatalMessage('no-session-meta') };
  const at = { line: meta.line };
  let fix: FixDescriptor | undefined;
  if (p && typeof p.base_instructions === 'string') {
    fix = new Codex.CodexFix(model, RULE_ID)
      .set(meta, '/payload/base_instructions', { text: p.base_instructions })
      .fix('safe', 'write base_instructions as the {"text": …} object Codex reads');
  } else if (p && !Object.hasOwn(p, 'cwd')) {
    const cwd = model.records.find(
      (r) => r.type === 'turn_context' && Codex.isObj(r.payload) && typeof r.payload.cwd === 'string',
    );
    if (cwd)
      fix = new Codex.CodexFix(model, RULE_ID)
        .set(meta, '/payload/cwd', (cwd.payload as Obj).cwd, { original_cwd: null })
        .fix('unsafe', 'take the working folder from the first turn_context');
  }
  return { messageId: 'badShape' as const, at, data, fix };
}
