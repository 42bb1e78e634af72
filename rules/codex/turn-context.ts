// codex/turn-context: the history Codex resumes carries its context: a turn_context and a world_state record it can
// read, and the developer and environment messages of the first turn. Without them Codex rebuilds the context from
// the machine it resumes on: it sends fresh developer and environment messages before the new prompt and writes new
// context records, so the model sees a context the session never had. Nothing in the file says what the lost one was,
// so there is no fix.
import { Codex, defineRule } from '../../src/sdk/index.js';

const RULE_ID = 'codex/turn-context';

const isEnvironment = (item: Record<string, unknown>): boolean =>
  item.type === 'message' &&
  item.role === 'user' &&
  Array.isArray(item.content) &&
  item.content.some(
    (c) => Codex.isObj(c) && typeof c.text === 'string' && c.text.trimStart().startsWith('<environment_context>'),
  );

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'suggestion',
    view: 'codex',
    description:
      'The resumed history has a turn_context and a world_state Codex can read, and the developer and environment messages of its first turn.',
    docs: {
      detects:
        'no readable turn_context or world_state, or no initial developer and environment messages: Codex re-sends a context rebuilt from the resuming machine',
    },
    severity: { codex: 'warn', 'openai-responses': 'off' },
    formats: ['codex-rollout'],
    messages: {
      noTurnContext:
        'No turn_context Codex can read {{since}}: on resume it sends a developer and an environment message rebuilt from the resuming machine before the new prompt, and writes new context records.',
      noWorldState:
        'No world_state record {{since}}: on resume Codex sends developer and environment context rebuilt from the resuming machine before the new prompt.',
      undecodable: 'The turn_context does not decode ({{error}}): Codex ignores it.',
      noInitialContext:
        'The history has no developer or environment message of its first turn: on resume Codex sends them rebuilt from the resuming machine, before the new prompt.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    if (model.generation === 'legacy') return;
    const resume = model.resume();
    // After a compaction without replacement_history, Codex re-sends the context by design.
    if (!resume.sessionMeta || resume.legacyCompaction) return;
    for (const r of model.records)
      if (r.type === 'turn_context' && r.error !== undefined)
        ctx.report({ messageId: 'undecodable', at: { line: r.line }, data: { error: r.error } });
    const start = resume.restartedAt ?? resume.sessionMeta;
    const since = resume.restartedAt ? `since the session_meta on line ${start.line}` : 'in the rollout';
    const prompt = resume.history.find((h) => Codex.isUserTurnStart(h.item) && h.record);
    const at = { line: prompt?.record?.line ?? start.line };
    if (resume.noTurnContext) ctx.report({ messageId: 'noTurnContext', at, data: { since } });
    else if (resume.noWorldState) ctx.report({ messageId: 'noWorldState', at, data: { since } });
    const items = resume.history.map((h) => h.item);
    if (
      items.length > 0 &&
      !items.some((i) => i.type === 'message' && i.role === 'developer') &&
      !items.some(isEnvironment)
    )
      ctx.report({ messageId: 'noInitialContext', at: { line: resume.history[0]?.record?.line ?? start.line } });
  },
});
