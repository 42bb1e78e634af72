// Compound damage from a seed, as it happens to append-only JSONL sessions in the field (issue 35). Byte-level and
// format-blind: each agent's harness (`<agent>/run.mjs`) picks baselines its real CLI recorded and may add operators of
// its own through `extraOps`. Not part of `npm test`; the same seed always gives the same bytes.
//
// usage (CLI): node damage.mjs --seed N --base FILE [--other FILE]... [--ops a,b] [--steps K] > damaged.jsonl
//              (the applied steps go to stderr as one JSON line)

import { readFileSync } from 'node:fs';

/** mulberry32: a small PRNG, so a seed reproduces a case on any machine. */
export function rngFrom(seed) {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** Byte ranges [start, end) of each line, its "\n" included; a last line without one ends at the buffer's end. */
export function lineRanges(buf) {
  const ranges = [];
  let start = 0;
  while (start < buf.length) {
    const nl = buf.indexOf(10, start);
    const end = nl < 0 ? buf.length : nl + 1;
    ranges.push([start, end]);
    start = end;
  }
  return ranges;
}

const cat = (...parts) => Buffer.concat(parts);

/** Offsets of the lead byte of every multi-byte UTF-8 character. */
function multiByteLeads(buf) {
  const leads = [];
  for (let i = 0; i < buf.length; i++) if (buf[i] >= 0xc2 && buf[i] <= 0xf4) leads.push(i);
  return leads;
}

// Each operator takes (bytes, rng, ctx) and returns { bytes, step } or null when it cannot apply to these bytes.
// ctx.others holds other sessions' bytes (a second session, for concatenation and a second writer).
export const OPS = {
  /** A crash at any byte of any write: the file ends inside (or right after) a line. */
  crash(buf, rng) {
    if (buf.length < 2) return null;
    const at = rng.int(1, buf.length - 1);
    return { bytes: buf.subarray(0, at), step: `crash at byte ${at}` };
  },
  /** A crash, then the agent resumed and appended again: a torn line in the middle of the file. */
  crashThenResume(buf, rng) {
    const lines = lineRanges(buf);
    if (lines.length < 3) return null;
    const k = rng.int(1, lines.length - 2);
    const [s, e] = lines[k];
    if (e - s < 3) return null;
    const cut = rng.int(s + 1, e - 2);
    return {
      bytes: cat(buf.subarray(0, cut), buf.subarray(e)),
      step: `line ${k + 1} torn at byte ${cut - s}, later lines kept`,
    };
  },
  /** A crash right at a line end: the writes after line k never happened (e.g. between a compaction's two writes). */
  crashAtLineEnd(buf, rng) {
    const lines = lineRanges(buf);
    if (lines.length < 2) return null;
    const k = rng.int(0, lines.length - 2);
    return { bytes: buf.subarray(0, lines[k][1]), step: `crash after line ${k + 1}` };
  },
  /** Two writers appending at once: the other writer's lines land between this one's, from line k on. */
  interleaveLines(buf, rng, ctx) {
    const other = ctx.others.length ? rng.pick(ctx.others) : null;
    const mine = lineRanges(buf);
    if (!other || mine.length < 2) return null;
    const theirs = lineRanges(other);
    const k = rng.int(1, mine.length - 1);
    const from = rng.int(0, Math.max(0, theirs.length - 1));
    const out = [buf.subarray(0, mine[k][0])];
    let i = k;
    let j = from;
    while (i < mine.length || j < theirs.length) {
      const takeMine = j >= theirs.length || (i < mine.length && rng.next() < 0.5);
      const [s, e] = takeMine ? mine[i++] : theirs[j++];
      out.push((takeMine ? buf : other).subarray(s, e));
    }
    return { bytes: cat(...out), step: `another writer's lines ${from + 1}.. interleaved from line ${k + 1}` };
  },
  /** Two writers, unsynchronised: one line written inside another (a torn write resumed after the other's line). */
  interleaveBytes(buf, rng, ctx) {
    const lines = lineRanges(buf);
    if (lines.length < 2) return null;
    const k = rng.int(0, lines.length - 1);
    const [s, e] = lines[k];
    if (e - s < 3) return null;
    const source = ctx.others.length && rng.next() < 0.5 ? rng.pick(ctx.others) : buf;
    const theirs = lineRanges(source);
    const [ts, te] = rng.pick(theirs);
    const at = rng.int(s + 1, e - 2);
    return {
      bytes: cat(buf.subarray(0, at), source.subarray(ts, te), buf.subarray(at)),
      step: `a line written inside line ${k + 1} at byte ${at - s}`,
    };
  },
  /** Whole-file concatenation: another session appended. */
  concatOther(buf, rng, ctx) {
    if (!ctx.others.length) return null;
    const other = rng.pick(ctx.others);
    const glue = buf.length && buf[buf.length - 1] !== 10 && rng.next() < 0.5 ? Buffer.from('\n') : Buffer.alloc(0);
    return { bytes: cat(buf, glue, other), step: `another session appended (${other.length} bytes)` };
  },
  /** A restored backup: an older copy (a prefix of the file) appended to it. */
  concatBackup(buf, rng) {
    const lines = lineRanges(buf);
    if (lines.length < 2) return null;
    const k = rng.int(1, lines.length - 1);
    return { bytes: cat(buf, buf.subarray(0, lines[k - 1][1])), step: `its own first ${k} lines appended again` };
  },
  /** The file restored from an older copy and then resumed: an older prefix, then this file's later lines. */
  restoreOlder(buf, rng) {
    const lines = lineRanges(buf);
    if (lines.length < 4) return null;
    const a = rng.int(1, lines.length - 2);
    const b = rng.int(a, lines.length - 1);
    return {
      bytes: cat(buf.subarray(0, lines[b][1]), buf.subarray(0, lines[a][1])),
      step: `lines 1-${b + 1}, then lines 1-${a + 1} again`,
    };
  },
  /** A block of lines deleted by hand. */
  deleteLines(buf, rng) {
    const lines = lineRanges(buf);
    if (lines.length < 3) return null;
    const a = rng.int(1, lines.length - 1);
    const b = Math.min(lines.length - 1, a + rng.int(0, 5));
    return {
      bytes: cat(buf.subarray(0, lines[a][0]), buf.subarray(lines[b][1])),
      step: `lines ${a + 1}-${b + 1} deleted`,
    };
  },
  /** A block of bytes zeroed (a crash before the data of an extended file reached the disk), length kept. */
  nulBlock(buf, rng) {
    if (buf.length < 16) return null;
    const tail = rng.next() < 0.6;
    const len = rng.int(1, Math.min(4096, buf.length));
    const at = tail ? buf.length - len : rng.int(0, buf.length - len);
    const out = Buffer.from(buf);
    out.fill(0, at, at + len);
    return { bytes: out, step: `${len} bytes zeroed at byte ${at}${tail ? ' (the tail)' : ''}` };
  },
  /** A torn multi-byte character: the file cut inside one, or one of its continuation bytes lost mid-file. */
  tornChar(buf, rng) {
    const leads = multiByteLeads(buf);
    if (!leads.length) return null;
    const lead = rng.pick(leads);
    const width = buf[lead] >= 0xf0 ? 4 : buf[lead] >= 0xe0 ? 3 : 2;
    const keep = rng.int(1, width - 1);
    if (rng.next() < 0.5)
      return { bytes: buf.subarray(0, lead + keep), step: `cut inside the character at byte ${lead}` };
    return {
      bytes: cat(buf.subarray(0, lead + keep), buf.subarray(lead + width)),
      step: `${width - keep} bytes of the character at byte ${lead} lost`,
    };
  },
};

/**
 * Damage `base` with 1..maxSteps operators chosen by `seed`. Returns { bytes, steps } (steps name each operator and
 * where it struck), or null when no operator applied. `ops` restricts the choice; `extraOps` adds an agent's own.
 */
export function damage(base, seed, { others = [], ops, extraOps = {}, maxSteps = 3 } = {}) {
  const rng = rngFrom(seed);
  const table = { ...OPS, ...extraOps };
  const names = ops ?? Object.keys(table);
  let bytes = base;
  const steps = [];
  const count = rng.int(1, maxSteps);
  for (let tries = 0; steps.length < count && tries < count * 8; tries++) {
    const name = rng.pick(names);
    const result = table[name](bytes, rng, { others });
    if (!result) continue;
    bytes = result.bytes;
    steps.push(`${name}: ${result.step}`);
  }
  return steps.length ? { bytes: Buffer.from(bytes), steps } : null;
}

function main(argv) {
  const args = { others: [] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (flag === '--seed') args.seed = Number(value);
    else if (flag === '--base') args.base = value;
    else if (flag === '--other') args.others.push(value);
    else if (flag === '--ops') args.ops = value.split(',');
    else if (flag === '--steps') args.maxSteps = Number(value);
    else throw new Error(`unknown flag ${flag}`);
  }
  if (!args.base || !Number.isInteger(args.seed))
    throw new Error('usage: damage.mjs --seed N --base FILE [--other FILE]...');
  const result = damage(readFileSync(args.base), args.seed, {
    others: args.others.map((f) => readFileSync(f)),
    ops: args.ops,
    maxSteps: args.maxSteps,
  });
  if (!result) process.exit(3);
  process.stdout.write(result.bytes);
  process.stderr.write(`${JSON.stringify({ seed: args.seed, steps: result.steps })}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
