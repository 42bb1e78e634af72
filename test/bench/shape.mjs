// The shape figures of a set of transcripts, the ones that decide how fast a JSONL reader can be: how many lines
// and JSON values per MB (per-value work), how much of the bytes sit in long strings (cheap to scan), how many bytes
// are non-ASCII (UTF-8 decoding), how many entries are progress, and the largest line. A file with a non-empty line
// that is not JSON is listed in `unparsable`, so a set can leave it out (floor.mjs and jq would stop on it).
import { closeSync, openSync, readSync, statSync } from 'node:fs';

const CHUNK = 64 << 20;
const MB = 1024 * 1024;

/** Calls onLine(text, bytes) for each non-empty line, and onChunk(buffer, n) for the raw bytes. */
function readLines(file, onLine, onChunk) {
  const buf = Buffer.allocUnsafe(CHUNK);
  const fd = openSync(file, 'r');
  let carry = Buffer.alloc(0);
  const split = (b) => {
    let start = 0;
    for (let nl; (nl = b.indexOf(10, start)) !== -1; start = nl + 1)
      if (nl > start) onLine(b.toString('utf8', start, nl), nl - start);
    return b.subarray(start);
  };
  for (let n; (n = readSync(fd, buf, 0, CHUNK, null)) > 0; ) {
    onChunk(buf, n);
    carry = Buffer.from(split(Buffer.concat([carry, buf.subarray(0, n)])));
  }
  if (carry.length) onLine(carry.toString('utf8'), carry.length);
  closeSync(fd);
}

/** Counts every JSON value (containers and leaves, not keys) and the encoded bytes of strings over 1 KB. */
function walk(v, acc) {
  acc.values++;
  if (typeof v === 'string') {
    // No string of 170 characters or fewer can take more than 1 KB, escaped.
    if (v.length > 170) {
      const bytes = Buffer.byteLength(JSON.stringify(v));
      if (bytes > 1024) acc.bigStringBytes += bytes;
    }
  } else if (Array.isArray(v)) for (const x of v) walk(x, acc);
  else if (v && typeof v === 'object') for (const k in v) walk(v[k], acc);
}

export function measureShape(files) {
  const acc = { values: 0, bigStringBytes: 0 };
  let bytes = 0;
  let lines = 0;
  let progress = 0;
  let nonAscii = 0;
  let largestLine = 0;
  const sizes = [];
  const unparsable = [];
  for (const file of files) {
    let bad = false;
    sizes.push(statSync(file).size);
    readLines(
      file,
      (text, n) => {
        lines++;
        if (n > largestLine) largestLine = n;
        let e;
        try {
          e = JSON.parse(text);
        } catch {
          bad = true;
          return;
        }
        if (e && e.type === 'progress') progress++;
        walk(e, acc);
      },
      (buf, n) => {
        bytes += n;
        for (let i = 0; i < n; i++) if (buf[i] & 0x80) nonAscii++;
      },
    );
    if (bad) unparsable.push(file);
  }
  sizes.sort((a, b) => a - b);
  const mb = bytes / MB;
  return {
    files: files.length,
    bytes,
    medianFileBytes: sizes[Math.floor(sizes.length / 2)] ?? 0,
    largestFileBytes: sizes[sizes.length - 1] ?? 0,
    linesPerMb: lines / mb,
    valuesPerMb: acc.values / mb,
    bigStringShare: acc.bigStringBytes / bytes,
    nonAsciiShare: nonAscii / bytes,
    progressShare: progress / lines,
    largestLine,
    unparsable,
  };
}

export function formatShape(s) {
  const mb = (b) => (b / MB).toFixed(b < 10 * MB ? 2 : 1);
  const files =
    s.files === 1
      ? `1 file, ${mb(s.bytes)} MB`
      : `${s.files} files, ${mb(s.bytes)} MB (median ${mb(s.medianFileBytes)} MB, largest ${mb(s.largestFileBytes)} MB)`;
  const pct = (x) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;
  return [
    files,
    `${s.linesPerMb.toFixed(0)} lines/MB, ${(s.valuesPerMb / 1000).toFixed(1)}k values/MB, ${pct(s.bigStringShare)} of bytes in strings > 1 KB, ` +
      `${pct(s.nonAsciiShare)} non-ASCII bytes, ${pct(s.progressShare)} progress entries, largest line ${(s.largestLine / 1024).toFixed(0)} KB`,
  ];
}
