// The benchmark's data sets. The real-shaped ones are built from the real sessions of ../shared/corpus
// (claude-code-trace, claude-code-2.1.332) by replicate.mjs: one long session (every copy hangs off the previous
// copy's leaf, as a long conversation does) and a folder of sessions whose sizes follow a log-normal around a 2 MB
// median, as real project folders do. A third set is every real transcript of the corpus as it is; the old synthetic
// generator stays as extra rows. Built sets are cached under $TMPDIR, keyed on the generator version, the
// parameters and the sources' bytes, and never committed.
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCorpus } from './generate.mjs';
import { makeTemplate, renderCopy, rng, uuidFromSeed } from './replicate.mjs';
import { measureShape } from './shape.mjs';

/** Bump when what the builders write changes, so cached sets are remade. */
export const GENERATOR_VERSION = 2;
const MB = 1024 * 1024;
const START = Date.UTC(2026, 5, 1, 8, 0, 0);

export const benchDir = () => path.join(process.env.TMPDIR || os.tmpdir(), 'transcript-lint-bench');

/** Every *.jsonl below `dir`, sorted. */
function jsonlFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.jsonl'))
    .map((d) => path.join(d.parentPath ?? d.path, d.name))
    .sort();
}

/** The sessions to replicate: the main files of the two folders whose sessions are complete and clean. */
export function replicationSources(corpus) {
  return ['claude-code-trace', 'claude-code-2.1.332'].flatMap((d) =>
    readdirSync(path.join(corpus, d))
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .map((f) => path.join(corpus, d, f)),
  );
}

function digest(value) {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
}

const contentKey = (files) => digest(files.map((f) => [path.basename(f), digest(readFileSync(f, 'latin1'))]));

/** A folder `name-<key>` under the bench dir, built once by `build(dir)`; other keys of the same name are removed. */
async function cached(name, params, build) {
  const base = benchDir();
  const key = digest({ v: GENERATOR_VERSION, params });
  const dir = path.join(base, `${name}-${key}`);
  const done = path.join(dir, 'done.json');
  if (!existsSync(done)) {
    mkdirSync(base, { recursive: true });
    for (const old of readdirSync(base))
      if (old.startsWith(`${name}-`) && /^[0-9a-f]{12}$/.test(old.slice(name.length + 1)))
        rmSync(path.join(base, old), { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`building ${name} in ${dir} ...\n`);
    await build(dir);
    writeFileSync(done, JSON.stringify(params));
  }
  return dir;
}

/**
 * Writes one session of at least `targetBytes` (at least one copy) by chaining copies of the templates that `pick`
 * returns, all under one session id and running forward in time. Returns the bytes written.
 */
function writeChain(file, { pick, targetBytes, seed, sessionId }) {
  const rand = rng(seed);
  const fd = openSync(file, 'w');
  let bytes = 0;
  let parent = null;
  let clock = START + Math.floor(rand() * 86_400_000);
  for (let k = 0; bytes === 0 || bytes < targetBytes; k++) {
    const t = pick(k, rand, targetBytes - bytes);
    if (!t) break;
    const copy = renderCopy(t, {
      seed: (Math.imul(seed, 2654435761) + k) >>> 0,
      sessionId,
      parent,
      shiftMs: clock - t.firstTs,
    });
    writeSync(fd, copy.text);
    bytes += t.bytes;
    parent = copy.leaf;
    // A pause between conversations of one session: one to ten minutes.
    clock += t.span + 60_000 + Math.floor(rand() * 540_000);
  }
  closeSync(fd);
  return bytes;
}

/** Cycles through the templates, each round in a new seeded order, as one long session. */
function cyclePick(templates) {
  let order = [];
  return (k, rand) => {
    if (k % templates.length === 0) order = shuffle(templates, rand);
    return order[k % templates.length];
  };
}

function shuffle(xs, rand) {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Picks templates at random, preferring one that fits what is left, so small sessions stay small. */
function randomPick(templates) {
  return (k, rand, left) => {
    const fits = templates.filter((t) => t.bytes <= left * 1.25);
    if (k > 0 && fits.length === 0) return null;
    const from = fits.length ? fits : templates;
    return from[Math.floor(rand() * from.length)];
  };
}

/**
 * Session sizes adding up to about `totalBytes`: the quantiles of a log-normal with a 2 MB median and sigma 1.2
 * (clamped to 40 KB..50 MB), as many as it takes, in a seeded order. Quantiles rather than draws, so even a few
 * dozen files have the median and the tail of the distribution, not of one sample.
 */
export function sessionSizes(totalBytes, seed) {
  const sizesFor = (n) =>
    Array.from({ length: n }, (_, i) =>
      Math.min(50 * MB, Math.max(40 * 1024, Math.round(2 * MB * Math.exp(1.2 * probit((i + 0.5) / n))))),
    );
  let n = 1;
  while (sizesFor(n).reduce((a, b) => a + b, 0) < totalBytes) n++;
  return shuffle(sizesFor(n), rng(seed));
}

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
function probit(p) {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q) =>
    (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

function saveShape(dir, files) {
  const shape = measureShape(files);
  writeFileSync(path.join(dir, 'shape.json'), JSON.stringify(shape));
}

const loadShape = (dir) => JSON.parse(readFileSync(path.join(dir, 'shape.json'), 'utf8'));

/** One long session of `mb` MB, replicated from the real sessions. */
export async function realLongSession(corpus, mb) {
  const sources = replicationSources(corpus);
  const params = { mb, sources: contentKey(sources) };
  // Named by size, so the sets of a quick look (BENCH_SCALE) and of the full run are cached side by side.
  const dir = await cached(`real-long-${mb.toFixed(0)}mb`, params, (d) => {
    const templates = sources.map(makeTemplate);
    const file = path.join(d, `${uuidFromSeed(1)}.jsonl`);
    writeChain(file, { pick: cyclePick(templates), targetBytes: mb * MB, seed: 1, sessionId: uuidFromSeed(1) });
    saveShape(d, [file]);
  });
  return { files: jsonlFiles(dir), shape: loadShape(dir), dir };
}

/** Sessions adding up to `mb` MB, sizes as sessionSizes gives them, each replicated from random real sessions. */
export async function realManySessions(corpus, mb) {
  const sources = replicationSources(corpus);
  const params = { mb, sources: contentKey(sources) };
  const dir = await cached(`real-many-${mb.toFixed(0)}mb`, params, (d) => {
    const templates = sources.map(makeTemplate);
    const files = sessionSizes(mb * MB, 2).map((size, i) => {
      const sessionId = uuidFromSeed(1000 + i);
      const file = path.join(d, 'sessions', `${sessionId}.jsonl`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeChain(file, { pick: randomPick(templates), targetBytes: size, seed: 1000 + i, sessionId });
      return file;
    });
    saveShape(d, files);
  });
  return { files: jsonlFiles(dir), shape: loadShape(dir), dir };
}

/**
 * Every Claude Code transcript of the corpus as it is, less the files with a line that is not JSON (a comment
 * header a publisher added), which the floor and jq would stop on, and less another agent's (Codex) rollouts.
 */
export function realPublic(corpus) {
  const all = jsonlFiles(corpus).filter((f) => !f.split(path.sep).includes('codex'));
  const first = measureShape(all);
  const files = all.filter((f) => !first.unparsable.includes(f));
  return { files, shape: measureShape(files), leftOut: first.unparsable.length, dir: null };
}

/** The old synthetic generator's sets: one large session and many equal small ones. */
export async function syntheticSets(scale) {
  // Its sessions never come out smaller than about 1 MB, so a smaller scale makes fewer of them.
  const params = {
    largeBytes: Math.round(200 * MB * scale),
    smallCount: Math.max(2, Math.round(200 * scale)),
    smallBytes: MB,
  };
  const dir = await cached(`synthetic-${scale}`, params, async (d) => {
    await generateCorpus(d, params);
    mkdirSync(path.join(d, 'one'));
    saveShape(path.join(d, 'one'), [path.join(d, 'large.jsonl')]);
    saveShape(path.join(d, 'many'), jsonlFiles(path.join(d, 'many')));
  });
  return {
    large: {
      files: [path.join(dir, 'large.jsonl')],
      shape: loadShape(path.join(dir, 'one')),
      dir: path.join(dir, 'one'),
    },
    many: {
      files: jsonlFiles(path.join(dir, 'many')),
      shape: loadShape(path.join(dir, 'many')),
      dir: path.join(dir, 'many'),
    },
  };
}

/** One stand-alone copy of each source, to check that a copy lints as its original does. */
export async function replicaCheckFiles(corpus) {
  const sources = replicationSources(corpus);
  const dir = await cached('replica-check', { sources: contentKey(sources) }, (d) => {
    sources.forEach((src, i) => {
      const { text } = renderCopy(makeTemplate(src), { seed: 77 + i, sessionId: uuidFromSeed(77 + i) });
      writeFileSync(path.join(d, `${i}-${path.basename(src)}`), text);
    });
  });
  return sources.map((src, i) => [src, path.join(dir, `${i}-${path.basename(src)}`)]);
}
