// Which inputs are sessions in an agent's sessions folder, and how that agent names and resumes them: what the end of
// the stylish report needs to say "this session will not resume; repair it with this, then resume it with that". Only
// files with errors are looked at, and of each only its first 256 KiB, for the folder the session ran in.
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Linter, LintResult } from '../engine/lint.js';
import { oneLineName } from '../formatters/display-path.js';
import type { SessionRef } from '../formatters/types.js';
import type { CliIO } from './io.js';

/**
 * Each agent whose sessions its format finds: its name, and its resume command (as the spec's recordings ran it).
 * test/formats/catalog.test.ts checks it against SESSION_FOLDERS (src/formats/catalog.ts).
 */
export const AGENTS: Readonly<Record<string, { agent: string; resume: (id: string) => string }>> = {
  // claude-code-observed.md: `claude -p --resume <id>`.
  'claude-code': { agent: 'Claude Code', resume: (id) => `claude --resume ${id}` },
  // codex-observed.md ran `codex exec resume <id>`; `codex resume <id>` is its interactive form.
  'codex-rollout': { agent: 'Codex CLI', resume: (id) => `codex resume ${id}` },
  // copilot-observed.md: `copilot --resume=<id>`.
  'copilot-events': { agent: 'Copilot CLI', resume: (id) => `copilot --resume=${id}` },
  // Gemini CLI 0.61.0 resumes by `gemini --resume <sessionId>`, the id in the file's first line (geminiIdOf).
  'gemini-cli': { agent: 'Gemini CLI', resume: (id) => `gemini --resume ${id}` },
  // Qwen Code 0.24.4 resumes by `qwen --resume <sessionId>`, the file's name.
  'qwen-code': { agent: 'Qwen Code', resume: (id) => `qwen --resume ${id}` },
};

const HEAD_BYTES = 256 * 1024;

export async function sessionRefs(
  results: readonly LintResult[],
  linter: Linter,
  io: Pick<CliIO, 'env' | 'homedir'>,
): Promise<Map<string, SessionRef>> {
  const refs = new Map<string, SessionRef>();
  for (const r of results) {
    const known = AGENTS[r.inputFormat];
    const store = linter.format(r.inputFormat)?.sessions;
    if (!known || !store || r.errorCount === 0) continue;
    const root = store.roots(io.env, io.homedir).find((dir) => isBelow(r.filePath, dir));
    // A subagent's transcript is not resumed on its own: its session is.
    if (root === undefined || r.filePath.includes(`${path.sep}subagents${path.sep}`)) continue;
    const id = store.idOf ? store.idOf(r.filePath) : path.basename(r.filePath, path.extname(r.filePath));
    const cwd = await cwdOf(r.filePath);
    refs.set(r.filePath, {
      agent: known.agent,
      id,
      project: cwd === undefined ? undefined : oneLineName(homeAsTilde(cwd, io.homedir)),
      resume: known.resume(id),
    });
  }
  return refs;
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
