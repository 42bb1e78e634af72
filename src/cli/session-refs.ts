// Which inputs are sessions in an agent's sessions folder, and how that agent names and resumes them: what the end of
// the stylish report needs to say "this session will not resume; repair it with this, then resume it with that". Only
// files with errors are looked at, and of each only its first 256 KiB, for the folder the session ran in.
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Linter, LintResult } from '../engine/lint.js';
import { SESSION_FOLDERS } from '../formats/catalog.js';
import { oneLineName } from '../formatters/display-path.js';
import type { SessionRef } from '../formatters/types.js';
import type { CliIO } from './io.js';

const HEAD_BYTES = 256 * 1024;

export async function sessionRefs(
  results: readonly LintResult[],
  linter: Linter,
  io: Pick<CliIO, 'env' | 'homedir'>,
): Promise<Map<string, SessionRef>> {
  const refs = new Map<string, SessionRef>();
  for (const r of results) {
    const store = linter.format(r.inputFormat)?.sessions;
    const agent = agentOf(r.inputFormat);
    if (!store?.resume || agent === undefined || r.errorCount === 0) continue;
    const root = store.roots(io.env, io.homedir).find((dir) => isBelow(r.filePath, dir));
    // A subagent's transcript is not resumed on its own: its session is.
    if (root === undefined || r.filePath.includes(`${path.sep}subagents${path.sep}`)) continue;
    const id = store.idOf ? store.idOf(r.filePath) : path.basename(r.filePath, path.extname(r.filePath));
    const cwd = await cwdOf(r.filePath);
    refs.set(r.filePath, {
      agent,
      id,
      project: cwd === undefined ? undefined : oneLineName(homeAsTilde(cwd, io.homedir)),
      resume: store.resume(id),
    });
  }
  return refs;
}

/** The agent's name, as SESSION_FOLDERS has it without the possessive: `Claude Code`. */
function agentOf(format: string): string | undefined {
  return SESSION_FOLDERS.find((s) => s.format === format)?.agent.replace(/'s$/, '');
}

function isBelow(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel);
}

function homeAsTilde(dir: string, home: string): string {
  return dir === home || dir.startsWith(`${home}${path.sep}`) ? `~${dir.slice(home.length)}` : dir;
}

/**
 * The first `"cwd"` string in the file's head: a Claude Code entry's `cwd`, a Codex session_meta's `payload.cwd`, a
 * Copilot session.start's `data.context.cwd`. Undefined when the head has none or cannot be read.
 */
async function cwdOf(file: string): Promise<string | undefined> {
  let text: string;
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
      text = buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  const match = /"cwd"\s*:\s*("(?:[^"\\\n]|\\.)*")/.exec(text);
  if (!match) return undefined;
  try {
    const cwd = JSON.parse(match[1]!) as string;
    return cwd === '' ? undefined : cwd;
  } catch {
    return undefined;
  }
}
