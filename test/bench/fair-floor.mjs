// The fair floor (issue 36): the least a JSONL linter must do, done as the loader reads. Each file is read in chunks
// into one reused buffer; each line is decoded on its own (Latin-1 when the chunk or the line is ASCII, which gives
// the same string, else UTF-8), JSON.parsed, its chain fields read (uuid, parentUuid, type) into a uuid -> row map
// and a parent-row array, and the tree dropped. The old floor (floor.mjs) decodes a whole chunk into one string,
// two-byte when any byte is not ASCII, so every line sliced from it parses slower. Prints lines parsed and chain rows.
import { isAscii } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 16 << 20;
let buf = Buffer.allocUnsafe(CHUNK);
let lines = 0;
const rows = new Map();
let parents = new Int32Array(1 << 16);

/** Reads the chain fields of one parsed line: a row for its uuid, and the row of its parent (-1: none or unseen). */
function chain(v) {
  if (v === null || typeof v !== 'object') return;
  const { uuid, parentUuid, type } = v;
  if (typeof uuid !== 'string' || typeof type !== 'string') return;
  const row = rows.size;
  rows.set(uuid, row);
  if (row === parents.length) {
    const grown = new Int32Array(row * 2);
    grown.set(parents);
    parents = grown;
  }
  parents[row] = typeof parentUuid === 'string' ? (rows.get(parentUuid) ?? -1) : -1;
}

/** Parses the whole lines of buf[0, n); returns where the first unfinished line starts. */
function parseLines(n, last) {
  const ascii = isAscii(buf.subarray(0, n));
  let start = 0;
  while (start < n) {
    let end = buf.indexOf(10, start);
    if (end === -1 || end >= n) {
      if (!last) return start;
      end = n;
    }
    if (end > start) {
      const enc = ascii || isAscii(buf.subarray(start, end)) ? 'latin1' : 'utf8';
      chain(JSON.parse(buf.toString(enc, start, end)));
      lines++;
    }
    start = end + 1;
  }
  return n;
}

for (const file of process.argv.slice(2)) {
  const fd = openSync(file, 'r');
  let filled = 0;
  for (;;) {
    // A line longer than the buffer: grow it, keeping what was read.
    if (filled === buf.length) {
      const grown = Buffer.allocUnsafe(buf.length * 2);
      buf.copy(grown, 0, 0, filled);
      buf = grown;
    }
    const got = readSync(fd, buf, filled, buf.length - filled, null);
    const n = filled + got;
    const done = parseLines(n, got === 0);
    if (got === 0) break;
    buf.copy(buf, 0, done, n);
    filled = n - done;
  }
  closeSync(fd);
}
process.stdout.write(`${lines} lines, ${rows.size} chain rows\n`);
