import rule from '../../../rules/codex/turn-context.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, developer, environment, head, meta, rollout, turnContext, user, worldState } from './rollout.js';

runRuleTests(rule, {
  valid: [
    { name: 'recorded turn', text: rollout(...head(), assistant()) },
    {
      name: 'a later turn without turn_context: the earlier one serves',
      text: rollout(...head(), assistant(), user('again', 'msg_2'), assistant('ok', 'msg_3')),
    },
    {
      name: 'as a raw Responses input the context records do not matter',
      text: rollout(meta(), user()),
      target: 'openai-responses',
    },
  ],
  invalid: [
    {
      name: 'no turn_context: Codex rebuilds the context on resume',
      text: rollout(meta(), developer(), environment(), worldState(), user(), assistant()),
      errors: [{ messageId: 'noTurnContext', line: 5, severity: 'warn' }],
    },
    {
      name: 'no world_state',
      text: rollout(meta(), developer(), environment(), turnContext(), user(), assistant()),
      errors: [{ messageId: 'noWorldState', line: 5 }],
    },
    {
      name: 'a turn_context that does not decode',
      text: rollout(
        meta(),
        developer(),
        environment(),
        worldState(),
        { ...turnContext(), payload: { cwd: 5 } },
        user(),
        assistant(),
      ),
      errors: [
        { messageId: 'undecodable', line: 5 },
        { messageId: 'noTurnContext', line: 6 },
      ],
    },
    {
      name: 'no developer or environment message of the first turn',
      text: rollout(meta(), worldState(), turnContext(), user(), assistant()),
      errors: [{ messageId: 'noInitialContext', line: 4 }],
    },
  ],
});
