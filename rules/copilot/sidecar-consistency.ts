// copilot/sidecar-consistency: the files beside events.jsonl agree with it. Copilot reads workspace.yaml on resume:
// an unreadable one makes resume fail, a missing one is made anew (named after the resume prompt, so the session's
// name is lost), its `cwd` is where the resumed session runs ("resume-auto-cd"), whatever the events say. Its `id` is
// not checked, but the session lists of other front ends read it. An inuse.<pid>.lock of a process that is gone is
// what a crash leaves: Copilot removes it on resume, IDE front ends show the session as in use until then
// (github/copilot-cli #3255, #4805). These files are not events.jsonl, so the fix is the user's: each message says it.
import { appendTo, Copilot, defineRule } from '../../src/sdk/index.js';

type Model = Copilot.CopilotModel;

/** The working directory the events last name: session.start, session.resume or session.context_changed. */
function lastCwd(model: Model): string | undefined {
  let cwd: string | undefined;
  for (const e of model.events) {
    if (e.agentId !== undefined) continue;
    if (e.type === 'session.start' || e.type === 'session.resume') {
      const context = e.data?.context;
      if (Copilot.isObject(context) && typeof context.cwd === 'string') cwd = context.cwd;
    } else if (e.type === 'session.context_changed' && typeof e.data?.cwd === 'string') cwd = e.data.cwd;
  }
  return cwd;
}

/** The session's name as Copilot gives it: the first line of the first prompt. */
function firstPrompt(model: Model): string | undefined {
  const e = model.events.find((x) => x.type === 'user.message' && x.agentId === undefined);
  const content = e?.data?.content;
  return typeof content === 'string' ? content.split('\n')[0]!.slice(0, 80) : undefined;
}

export default defineRule({
  meta: {
    id: 'copilot/sidecar-consistency',
    type: 'problem',
    view: 'copilot',
    description:
      "The session folder's workspace.yaml is readable and agrees with the events (id, cwd), and no lock of a dead process is left.",
    docs: {
      detects:
        'workspace.yaml unreadable or missing; its id not the folder; its cwd not the last one of the events, or no directory; a stale inuse lock',
      fix: 'none (the files are not events.jsonl; each message says what to do)',
      severity: { copilot: 'error (unreadable workspace.yaml) / warn (the rest)' },
    },
    severity: { copilot: 'error' },
    formats: ['copilot-events'],
    messages: {
      workspaceUnreadable:
        'workspace.yaml beside it cannot be read ({{reason}}): Copilot fails to resume the session ("Failed to load workspace ... Invalid YAML"). Delete it and Copilot makes a new one (the session is then named after the resume prompt).',
      workspaceMissing:
        'No workspace.yaml beside it: Copilot makes a new one on resume, named after the resume prompt, so the session\'s name ("{{name}}") is lost.',
      workspaceId:
        "workspace.yaml's id is {{id}}, not the session's folder {{folder}}; Copilot does not check it, the session lists of other front ends read it. Set it to {{folder}}.",
      workspaceCwd:
        "workspace.yaml's cwd is {{cwd}}, but the session last ran in {{last}}: Copilot resumes it in {{cwd}}, so its tools run there. Set cwd to {{last}} unless the move was meant.",
      cwdMissing:
        'workspace.yaml\'s cwd {{cwd}} is not a directory here: Copilot ignores it on resume ("resume-auto-cd: ignoring persisted cwd") and runs the session wherever it is started.',
      staleLock:
        '{{name}} beside it name process {{pid}}, which is not running (a crashed Copilot left them): front ends show the session as in use until Copilot removes them on resume. Delete them.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const sidecar = model.sidecar;
    if (!sidecar) return;
    const at = { line: 1 };
    const ws = sidecar.workspace;
    if (ws.status === 'unreadable') ctx.report({ messageId: 'workspaceUnreadable', at, data: { reason: ws.reason } });
    else if (ws.status === 'missing') {
      if (model.events.length > 0)
        ctx.report({ messageId: 'workspaceMissing', at, severity: 'warn', data: { name: firstPrompt(model) ?? '' } });
    } else {
      const id = ws.fields.get('id');
      if (id !== undefined && id !== sidecar.folder)
        ctx.report({ messageId: 'workspaceId', at, severity: 'warn', data: { id, folder: sidecar.folder } });
      const cwd = ws.fields.get('cwd');
      const last = lastCwd(model);
      if (cwd && sidecar.cwdIsDirectory === false)
        ctx.report({ messageId: 'cwdMissing', at, severity: 'warn', data: { cwd } });
      else if (cwd && last !== undefined && cwd !== last)
        ctx.report({ messageId: 'workspaceCwd', at, severity: 'warn', data: { cwd, last } });
    }
    // One finding per dead process (its .lock and .hold together).
    const dead = new Map<number, string[]>();
    for (const lock of sidecar.locks) if (!lock.alive) appendTo(dead, lock.pid, lock.name);
    for (const [pid, names] of dead)
      ctx.report({ messageId: 'staleLock', at, severity: 'warn', data: { name: names.join(' and '), pid } });
  },
});
