// Runs the transcript-lint CLI in this process (the built bundle), as bin/transcript-lint.js does, sends its report to
// a sink, and prints the process's CPU time (all threads) and peak RSS as JSON on stdout, for the benchmark.
import { tuneV8ForCli } from '../../dist/bundle/v8-tuning.js';

tuneV8ForCli();
const { default: main } = await import('../../dist/bundle/cli.js');

let report = '';
const code = await main({
  argv: process.argv.slice(2),
  cwd: process.cwd(),
  env: { ...process.env, CI: 'true' },
  stdout: { write: (s) => (report += s) },
  stderr: { write: (s) => process.stderr.write(s) },
});
const cpu = process.cpuUsage();
const usage = { code, cpuMs: (cpu.user + cpu.system) / 1000, maxRssKb: process.resourceUsage().maxRSS, reportBytes: report.length };
if (process.env.BENCH_REPORT) (await import('node:fs')).writeFileSync(process.env.BENCH_REPORT, report);
process.stdout.write(JSON.stringify(usage) + '\n');
