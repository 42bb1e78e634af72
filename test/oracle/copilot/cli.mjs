// Running the real Copilot CLI 1.0.102 on a session folder, and reading what it sent: shared by oracle.mjs and the
// differential harness (../differential/copilot/run.mjs). Not part of npm test; needs the oracle's run.sh, the CLI
// (/work/shared/oracle/copilot/install-copilot.sh) and root for `unshare -n`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

export const COPILOT = process.env.COPILOT_BIN ?? '/tmp/copilot/node_modules/.bin/copilot';
export const RUN = process.env.ORACLE ?? '/work/shared/oracle/copilot/run.sh';

/**
 * Copilot unpacks its package into $HOME/.cache/copilot on first run (about 235 MB): every fresh HOME shares one
 * unpacked copy, `cache`, made once by warmCache.
 */
export function shareCache(cache, home) {
  mkdirSync(path.join(home, '.cache'), { recursive: true });
  if (!existsSync(path.join(home, '.cache', 'copilot'))) symlinkSync(cache, path.join(home, '.cache', 'copilot'));
}

export function warmCache(cache, home) {
  mkdirSync(cache, { recursive: true });
  shareCache(cache, home);
  spawnSync(COPILOT, ['--version'], {
    env: { ...process.env, HOME: home, COPILOT_OFFLINE: 'true' },
    stdio: 'ignore',
  });
}

/** The request log of run.sh: every body with messages, and what the strict stand-in rejected. */
export function readRequests(out) {
  const log = existsSync(path.join(out, 'requests.jsonl'))
    ? readFileSync(path.join(out, 'requests.jsonl'), 'utf8')
    : '';
  const lines = log
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  return {
    requests: lines.filter((l) => l.body?.messages).map((l) => l.body),
    rejected: lines.filter((l) => l.strict_reject).map((l) => l.strict_reject),
  };
}

/**
 * One resume of session `id` in `home` by the real CLI under MOCK_STRICT=1, and what it did to `events`: rc, the
 * request bodies, the rejections, whether the file was only appended to, the recovery backups it left, what it said
 * (errors and warnings), and the file's bytes before and after.
 */
export function resumeSession({ home, out, id, events, prompt = 'continue', script = '', timeoutMs = 180_000 }) {
  return new Promise((resolve) => {
    const before = existsSync(events) ? readFileSync(events) : undefined;
    rmSync(out, { recursive: true, force: true });
    const child = spawn(RUN, [out, home, script, prompt, `--resume=${id}`], {
      env: { ...process.env, MOCK_STRICT: '1' },
      stdio: 'ignore',
      detached: true,
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('exit', () => {
      clearTimeout(timer);
      const rcFile = path.join(out, 'copilot.rc');
      const rc = existsSync(rcFile) ? Number(readFileSync(rcFile, 'utf8').trim()) : -1;
      const { requests, rejected } = readRequests(out);
      const after = existsSync(events) ? readFileSync(events) : undefined;
      const dir = path.dirname(events);
      const backups = existsSync(dir)
        ? readdirSync(dir).filter((f) => f.startsWith('events.jsonl.backup-before-recovery'))
        : [];
      let file = 'no events.jsonl';
      if (before && after) file = after.subarray(0, before.length).equals(before) ? 'appended only' : 'REWRITTEN';
      const errFile = path.join(out, 'copilot.err');
      const said = (existsSync(errFile) ? readFileSync(errFile, 'utf8') : '')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => /^(error|warning|!)|\b4\d\d\b/i.test(l));
      resolve({ rc, requests, rejected, file, backups, said, before, after });
    });
  });
}

const STAMP = /<current_datetime>[^<]*<\/current_datetime>/g;

/** The conversation a request sends, before the resume's own prompt: one line per block, stamps and cache marks out. */
export function conversation(body) {
  if (!body) return undefined;
  const out = [];
  for (const m of sentMessages(body)) {
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    for (const b of blocks) {
      const { cache_control, ...rest } = b;
      out.push(`${m.role} ${JSON.stringify(rest).replace(STAMP, '<stamp>')}`);
    }
    out.push(`${m.role} --end--`);
  }
  return out;
}

/**
 * The messages a request sent of the session: all but the resume's own prompt, cache marks out. That prompt is the
 * last block of the last message, which also holds any prompt at the end of the file that no answer followed
 * (recorded: one-tool cut after its first turn_start sent one user message, "run echo" then "continue").
 */
export function sentMessages(body) {
  const messages = JSON.parse(JSON.stringify(body.messages, (k, v) => (k === 'cache_control' ? undefined : v)));
  const last = messages[messages.length - 1];
  if (last && Array.isArray(last.content) && last.content.length > 1) last.content.pop();
  else messages.pop();
  return messages;
}

/** Our CLI: `node bin ...argv`, its output as text. */
export const transcriptLint = (bin, ...argv) =>
  spawnSync('node', [bin, ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 });

/** Our diagnostics of a file (`--format json`); a crash is one error. */
export function lintJson(bin, file) {
  const r = transcriptLint(bin, '--format', 'json', file);
  try {
    return JSON.parse(r.stdout).results[0]?.diagnostics ?? [];
  } catch {
    return [{ ruleId: 'transcript-lint', severity: 'error', line: 0, messageId: 'crash', message: r.stderr.trim() }];
  }
}

/** `transcript-lint export` of a file: its messages, or undefined when it exports nothing. */
export function exportOf(bin, file) {
  const r = transcriptLint(bin, 'export', file);
  return r.status === 0 ? JSON.parse(r.stdout).messages : undefined;
}
