// project-path: a session file lies in the project folder Claude Code derives from its working directory. Claude
// Code stores a session as `<projects>/<sanitized cwd>/<session-id>.jsonl`, where every character of the cwd that is
// not a letter or digit becomes `-` (claude-code-internals.md §1.6; Windows `C:\Users\john\app` gives
// `C--Users-john-app`, WSL `/mnt/d/app` gives `-mnt-d-app`). Measured on recordings of the real Claude Code 2.1.332
// (recorded item b01a): `claude --resume <id>` finds the session in any project folder and a deleted cwd has
// no effect, but `claude --continue` run from the cwd looks only in the folder its cwd maps to, and with the file in
// another folder (a moved or renamed project, another machine's path encoding: public reports claude-quest #4/#7,
// dlond/claude-tools #41, claudine #6, claude-devtools #118) it silently starts a new conversation. Names over 200
// characters, which Claude Code shortens with a hash, are only checked on their first 200 (the hash is not known).
// No lint fix: moving the file is the user's choice (`transcript-lint relocate`, src/engine/relocate.ts).
import path from 'node:path';
import { ClaudeCode, defineRule, type Entry } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'project-path',
    type: 'suggestion',
    view: 'storage',
    formats: ['claude-code'],
    description: "A session file lies in the project folder Claude Code derives from its entries' cwd.",
    docs: { detects: "a session file in a project folder that none of its entries' `cwd` maps to" },
    severity: { 'claude-code': 'warn', api: 'off' },
    messages: {
      otherFolder:
        'Session is in project folder {{folder}}, but its cwd {{cwd}} maps to {{expected}}: `claude --continue` run there silently starts a new conversation (`claude --resume <id>` still finds it). `transcript-lint relocate --session {{session}} --to {{cwd}}` moves it, with its `{{session}}/` folder.',
    },
  },
  check(ctx) {
    const file = ctx.model.file.path;
    const dir = path.dirname(file);
    // Only a file in a Claude Code project store (`…/projects/<folder>/<id>.jsonl`); subagent files follow their session.
    if (path.basename(path.dirname(dir)) !== 'projects' || file.split(/[\\/]/).includes('subagents')) return;
    const folder = path.basename(dir);
    const cwds = new Map<string, Entry>();
    for (const e of ctx.model.entries) {
      if (e.isSidechain || typeof e.raw.cwd !== 'string' || e.raw.cwd === '') continue;
      cwds.set(e.raw.cwd, e);
    }
    if (cwds.size === 0) return;
    for (const cwd of cwds.keys()) if (ClaudeCode.folderFits(folder, cwd)) return;
    const [cwd, entry] = [...cwds].pop()!;
    ctx.report({
      messageId: 'otherFolder',
      at: { entry, pointer: '/cwd' },
      data: {
        folder,
        cwd,
        expected: ClaudeCode.projectFolderOf(cwd),
        session: path.basename(file).replace(/\.jsonl$/, ''),
      },
    });
  },
});
