// The floor the benchmark compares against: read each file and JSON.parse every non-empty line, in one thread,
// keeping nothing. Read in chunks cut at the last newline (so never inside a UTF-8 character), because one string
// of a whole file stops at V8's 512 MB limit and the benchmark goes to 1 GB. Prints the number of lines parsed.
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 64 << 20;
const buf = Buffer.allocUnsafe(CHUNK);
let lines = 0;

function parseLines(text) {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (end > start) {
      JSON.parse(text.slice(start, end));
      lines++;
    }
    start = end + 1;
  }
}

for (const file of process.argv.slice(2)) {
  const fd = openSync(file, 'r');
  let carry = '';
  for (let n; (n = readSync(fd, buf, 0, CHUNK, null)) > 0; ) {
    const nl = buf.lastIndexOf(10, n - 1);
    if (nl === -1) {
      carry += buf.toString('utf8', 0, n);
      continue;
    }
    parseLines(carry + buf.toString('utf8', 0, nl));
    carry = buf.toString('utf8', nl + 1, n);
  }
  parseLines(carry);
  closeSync(fd);
}
process.stdout.write(`${lines}\n`);
