// The floor the benchmark compares against: read each file and JSON.parse every line, in one thread, keeping
// nothing. Prints its own resource usage as JSON on stdout.
import { readFileSync } from 'node:fs';

let lines = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
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
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ lines, cpuMs: (cpu.user + cpu.system) / 1000, maxRssKb: process.resourceUsage().maxRSS }) + '\n');
