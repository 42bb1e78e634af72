// copilot/merged-answers: an assistant.message that follows another with no prompt or tool result between them.
// Copilot CLI 1.0.102 sends the two as one assistant message, its blocks appended to the first's (recorded: two
// terminals resumed one session, their lines interleaved, and the answer of one terminal was sent inside the other's
// reply). Nothing is lost and the API accepts it, but the model reads two answers as one. When the lines are two
// writers' (their parentId chains fork at one event), the fix puts each writer's events together, in the order the
// writers started, so each prompt is followed by its own answer.
import { Copilot, defineRule } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'copilot/merged-answers',
    type: 'problem',
    view: 'copilot',
    description: 'No assistant.message directly follows another (Copilot merges them into one reply).',
    docs: {
      detects:
        'an assistant.message with no prompt or tool result between it and the one before (two writers interleaved, or lines deleted)',
      fix: "unsafe (when two writers' chains interleave: each writer's events together)",
      severity: { copilot: 'warn' },
    },
    severity: { copilot: 'warn' },
    fixable: 'unsafe',
    formats: ['copilot-events'],
    messages: {
      merged:
        'This assistant.message follows the one on line {{first}} with no prompt or tool result between them{{writers}}: Copilot sends both as one assistant message, so the model reads two answers as one.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    type Fix = ReturnType<typeof regroup>;
    const chains = Copilot.writerChains(model.events);
    let fixed = false;
    for (const m of model.messages()) {
      if (m.role !== 'assistant') continue;
      const lines = [...new Set(m.blocks.filter((b) => !b.origin.synthetic).map((b) => b.origin.line))];
      for (const line of lines.slice(1)) {
        const fix: Fix = chains && !fixed ? regroup(model, chains) : undefined;
        fixed ||= fix !== undefined;
        ctx.report({
          messageId: 'merged',
          at: { line },
          data: {
            first: lines[0]!,
            writers: chains
              ? ` (two processes wrote the session at once: their events chain from line ${chains[0]![0]!.line} and line ${chains[1]![0]!.line}, and their lines interleave)`
              : '',
          },
          fix,
        });
      }
    }
  },
});

/** Each writer's events together, the writers in the order they started: the later chains moved after the first. */
function regroup(model: Copilot.CopilotModel, chains: Copilot.CopilotEvent[][]) {
  const first = chains[0]!;
  const anchor = first[first.length - 1]!.line;
  const plan = new Copilot.CopilotFixPlan(model);
  for (const chain of chains.slice(1)) for (const e of chain) plan.moveEvent(e, anchor);
  return plan.fix('unsafe', "put each writer's events together, one writer after the other");
}
