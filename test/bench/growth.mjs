// Growth with the input's size, for every agent's format (the 1 GB row covers Claude Code sessions only): a recording
// of the real CLI (Codex CLI 0.169.0, Copilot CLI 1.0.102; Claude Code: the real long set) is replicated, with fresh
// ids and ordinals, to two sizes 4x apart, and lint's CPU per MB at the larger is compared with the smaller. A rule
// or model step that is quadratic in the turns or calls shows as a ratio far over 1: codex/output-has-call scanned
// the whole history per output, and a rollout of 20,000 calls took 143 s.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './report.mjs';

/** Ids that must stay unique across copies (a copy of a turn is another turn); session-wide ids stay as they are. */
const FRESH_KEYS = new Set([
  'call_id',
  'id',
  'turn_id',
  'root_turn_id',
  'item_id',
  'parentId',
  'toolCallId',
  'interactionId',
  'messageId',
  'turnId',
  'parentToolCallId',
  'uuid',
  'parentUuid',
]);

/** A copy of a parsed value with every id under FRESH_KEYS made new (copy 0 keeps the recording's own). */
function withFreshIds(value, copy) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withFreshIds(v, copy));
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      FRESH_KEYS.has(k) && typeof v === 'string' && v !== '' && copy > 0 ? freshId(v, copy) : withFreshIds(v, copy);
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another id of the same shape: a uuid stays a uuid (its last group holds the copy), any other id gets a suffix. */
function freshId(id, copy) {
  if (!UUID.test(id)) return `${id}-r${copy}`;
  const tail = ((Number.parseInt(id.slice(-8), 16) ^ Math.imul(copy, 0x9e3779b1)) >>> 0).toString(16).padStart(8, '0');
  return `${id.slice(0, -8)}${tail}`;
}

const parse = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));

/**
 * The recording's header lines once, then its other lines `copies` times, ordinals running on. `link` hangs each line
 * off the one written before it (Copilot chains every event so), so the copies are one long session, not many.
 */
function replicate(records, isHeader, copies, link, isSeam = () => false) {
  const head = records.filter(isHeader);
  // A record the recording has between its parts (Copilot's session.resume after a shutdown) starts each copy after
  // the first, as where the recording resumed.
  const seam = records.find(isSeam);
  const body = records.filter((r) => !isHeader(r));
  const out = head.map((r) => JSON.stringify(r));
  let ordinal = 0;
  for (const r of head) if (Number.isSafeInteger(r.ordinal)) ordinal = Math.max(ordinal, r.ordinal + 1);
  let last = head[head.length - 1];
  for (let copy = 0; copy < copies; copy++) {
    // The seam's ids are those of a copy number no body copy has.
    const part = (copy > 0 && seam ? [[seam, copies + copy]] : []).concat(body.map((r) => [r, copy]));
    for (const [r, k] of part) {
      const c = withFreshIds(r, k);
      if (Number.isSafeInteger(c.ordinal)) c.ordinal = ordinal++;
      if (last !== undefined) link(c, last);
      out.push(JSON.stringify(c));
      last = c;
    }
  }
  return `${out.join('\n')}\n`;
}

/** The formats grown, each from a recording in the repository, with how many copies make about 1 MB. */
export function growthSources(root) {
  return [
    {
      key: 'codex',
      name: 'Codex CLI rollout (recording fixtures/sessions/codex/recordings/multi)',
      file: 'rollout.jsonl',
      make: (copies) =>
        replicate(
          parse(path.join(root, 'fixtures/sessions/codex/recordings/multi/rollout.jsonl')),
          (r) => r.type === 'session_meta',
          copies,
          () => undefined,
        ),
    },
    {
      key: 'copilot',
      name: 'Copilot CLI events (recording fixtures/sessions/copilot/multi-turn)',
      // Copilot's own layout: the session folder is named by its id.
      file: '4dd09504-9224-4ffc-b842-5a3a28061ae8/events.jsonl',
      make: (copies) =>
        replicate(
          parse(
            path.join(root, 'fixtures/sessions/copilot/multi-turn/4dd09504-9224-4ffc-b842-5a3a28061ae8/events.jsonl'),
          ),
          (r) => r.type === 'session.start',
          copies,
          (c, last) => {
            c.parentId = last.id;
          },
          (r) => r.type === 'session.resume',
        ),
    },
  ];
}

/** Writes a source grown to about `mb` MB into `dir`; returns the file and its size. */
export function writeGrown(dir, source, mb) {
  const perCopy = Buffer.byteLength(source.make(2)) - Buffer.byteLength(source.make(1));
  const copies = Math.max(1, Math.round((mb * 2 ** 20) / perCopy));
  const file = path.join(dir, `${source.key}-${mb}mb`, source.file);
  mkdirSync(path.dirname(file), { recursive: true });
  const text = source.make(copies);
  writeFileSync(file, text);
  return { file, bytes: Buffer.byteLength(text), copies };
}

/**
 * Lint's CPU (`--jobs 1`) on each source grown to `mb` and 4 x `mb` MB, rows alternating within each of `rounds`;
 * `measure` times one command. Returns one row per source: sizes, median CPUs and the per-MB ratio of the larger.
 */
export function measureGrowth({ root, dir, mb, rounds, measure, lintArgs }) {
  const rows = [];
  for (const source of growthSources(root)) {
    const small = writeGrown(dir, source, mb);
    const large = writeGrown(dir, source, 4 * mb);
    const cpu = { small: [], large: [] };
    for (let r = 0; r < rounds; r++)
      for (const [key, grown] of Object.entries({ small, large })) {
        const run = measure(process.execPath, [...lintArgs, '--jobs', '1', grown.file], { cwd: root, okCodes: [0, 1] });
        cpu[key].push(run.cpuMs / 1000);
      }
    const perMb = (s, g) => s / (g.bytes / 2 ** 20);
    const row = { name: source.name, small, large, cpuSmall: median(cpu.small), cpuLarge: median(cpu.large) };
    row.ratio = perMb(row.cpuLarge, large) / perMb(row.cpuSmall, small);
    rows.push(row);
  }
  return rows;
}
