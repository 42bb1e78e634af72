// copilot/trailing-nul: NUL bytes in events.jsonl, the padding a crash leaves where the file was being written
// (github/copilot-cli #2217, #2927). Copilot's transcript recovery drops every line holding one, whole, and rewrites
// the file: a line of padding costs nothing, an event the NULs are glued to is lost. NUL is never part of JSON text,
// so removing every NUL byte is safe.
import { Copilot, defineRule } from '../../src/sdk/index.js';

const count = (text: string): number => text.length - text.replace(/\u0000/g, '').length;

export default defineRule({
  meta: {
    id: 'copilot/trailing-nul',
    type: 'problem',
    view: 'copilot',
    description: 'events.jsonl holds no NUL bytes (the padding a crash leaves).',
    docs: {
      detects: 'NUL bytes: a line of crash padding, or NULs glued to an event',
      fix: 'safe (remove the NUL bytes)',
      severity: { copilot: 'error (NULs on an event line) / warn (a line of padding)' },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
      padding:
        "Line is {{count}} NUL bytes (padding a crash left); Copilot's transcript recovery drops it on resume and rewrites events.jsonl (keeping the original as events.jsonl.backup-before-recovery-*).",
      inEvent:
        'Line holds {{count}} NUL bytes next to a {{type}} event; Copilot drops the whole line on resume (rewriting events.jsonl), so the event is lost.',
      inText:
        'Line holds {{count}} NUL bytes and is not an event even without them; Copilot drops the whole line on resume (rewriting events.jsonl).',
      onlyNul:
        'events.jsonl is nothing but {{count}} NUL bytes: no event is left to recover, and Copilot does not find the session ("No session, task, or name matched").',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const nulLines = [...model.framing()].filter(([, f]) => f.kind === 'nul');
    if (nulLines.length === 0) return;
    const lines = model.file.lines;
    if (model.events.length === 0 && lines.every((l) => l.blank || model.framing().get(l.lineNo)?.kind === 'nul')) {
      if (nulLines.every(([, f]) => f.kind === 'nul' && f.stripped.trim() === '')) {
        const total = nulLines.reduce((n, [line]) => n + count(model.text(line)), 0);
        ctx.report({ messageId: 'onlyNul', at: { line: nulLines[0]![0] }, data: { count: total } });
        return;
      }
    }
    const last = lines[lines.length - 1];
    for (const [line, framing] of nulLines) {
      if (framing.kind !== 'nul') continue;
      const n = count(model.text(line));
      const plan = new Copilot.CopilotFixPlan(model);
      const stripped = framing.stripped;
      if (stripped.trim() === '') {
        plan.deleteLine(line);
        ctx.report({
          messageId: 'padding',
          at: { line },
          severity: 'warn',
          data: { count: n },
          fix: plan.fix('safe', 'remove the line of NUL bytes'),
        });
        continue;
      }
      // The unterminated last line gets the newline Copilot ends every event with.
      const text = line === last?.lineNo && !model.file.finalNewline ? `${stripped}\n` : stripped;
      plan.replaceText(line, text);
      const fix = plan.fix('safe', 'remove the NUL bytes');
      const type = eventType(stripped);
      if (type !== undefined) ctx.report({ messageId: 'inEvent', at: { line }, data: { count: n, type }, fix });
      else ctx.report({ messageId: 'inText', at: { line }, data: { count: n }, fix });
    }
  },
});

function eventType(text: string): string | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return Copilot.isObject(v) && typeof v.type === 'string' ? v.type : undefined;
  } catch {
    return undefined;
  }
}
