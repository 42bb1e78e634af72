import rule from '../../../rules/copilot/known-event-type.js';
import { derivedUuid } from '../../../src/fixer/chain-edits.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { line, recording } from './recorded.js';

const parallel = recording('parallel');
const one = recording('one-tool');
const thinking = recording('thinking');

/** Line n of a recording with its event changed by `edit` (the envelope's key order kept). */
const edited = (r: ReturnType<typeof recording>, n: number, edit: (e: Record<string, any>) => void) => {
  const e = r.event(n);
  edit(e);
  return r.with(n, line(e));
};

runRuleTests(rule, {
  valid: [
    { name: 'a recorded session', text: parallel.text },
    { name: 'a recorded session with signed thinking', text: thinking.text },
    { name: "a resumed crash: Copilot's own interrupted completion", text: recording('interrupted-resumed').text },
    { name: 'an unknown field is tolerated', text: edited(parallel, 13, (e) => (e.data.extra = 1)) },
  ],
  invalid: [
    {
      name: 'an id that is not a UUID: the id its child names as parent',
      text: edited(parallel, 13, (e) => (e.id = 'not-a-uuid')),
      errors: [{ messageId: 'badId', line: 13, messageIncludes: 'line 13: invalid session event envelope' }],
      output: parallel.text,
    },
    {
      name: 'no id at all',
      text: edited(parallel, 13, (e) => delete e.id),
      errors: [{ messageId: 'badId', line: 13 }],
      // The key comes back at the end of the envelope.
      output: edited(parallel, 13, (e) => {
        const { id, timestamp, parentId } = e;
        delete e.id;
        delete e.timestamp;
        delete e.parentId;
        Object.assign(e, { timestamp, parentId, id });
      }),
    },
    {
      name: 'a timestamp that is no date-time: the previous event’s',
      text: edited(parallel, 13, (e) => (e.timestamp = 'yesterday')),
      errors: [{ messageId: 'badTimestamp', line: 13 }],
      output: edited(parallel, 13, (e) => (e.timestamp = parallel.event(12).timestamp)),
    },
    {
      name: 'no parentId key',
      text: edited(parallel, 13, (e) => delete e.parentId),
      errors: [{ messageId: 'noParentId', line: 13 }],
      output: parallel.text,
    },
    {
      name: 'no data: {} and the required turnId of its turn',
      text: edited(parallel, 13, (e) => delete e.data),
      errors: [{ messageId: 'noData', line: 13 }],
      output: edited(parallel, 13, (e) => {
        const { id, timestamp, parentId } = e;
        delete e.data;
        delete e.id;
        delete e.timestamp;
        delete e.parentId;
        Object.assign(e, { id, timestamp, parentId, data: { turnId: '0' } });
      }),
    },
    {
      name: 'an assistant.message without its messageId',
      text: edited(one, 6, (e) => delete e.data.messageId),
      errors: [{ messageId: 'missingField', line: 6, messageIncludes: 'missing field `messageId`' }],
      output: edited(one, 6, (e) => {
        delete e.data.messageId;
        e.data.messageId = derivedUuid('copilot', '', 'messageId', '6');
      }),
    },
    {
      name: 'a completion without success: true, as it has no error',
      text: edited(parallel, 10, (e) => delete e.data.success),
      errors: [{ messageId: 'missingField', line: 10 }],
      output: edited(parallel, 10, (e) => {
        delete e.data.success;
        e.data.success = true;
      }),
    },
    {
      name: 'a prompt without content: its transformedContent without the datetime stamp',
      text: edited(one, 2, (e) => delete e.data.content),
      errors: [{ messageId: 'missingField', line: 2 }],
      output: edited(one, 2, (e) => {
        delete e.data.content;
        e.data.content = 'run echo';
      }),
    },
    {
      name: 'a completion without its toolCallId: the one call of the request with none (a guess)',
      text: edited(parallel, 10, (e) => delete e.data.toolCallId),
      errors: [{ messageId: 'missingField', line: 10 }],
      output: null,
      unsafeOutput: edited(parallel, 10, (e) => {
        delete e.data.toolCallId;
        e.data.toolCallId = 'toolu_01P2';
      }),
    },
    {
      name: 'success as a string',
      text: edited(parallel, 10, (e) => (e.data.success = 'true')),
      errors: [{ messageId: 'wrongType', line: 10, messageIncludes: 'the string "true", not a boolean' }],
      // (edited() writes the line with JSON.stringify: 30000.0 becomes 30000 there, and the fix keeps those bytes.)
      output: edited(parallel, 10, () => {}),
    },
    {
      name: 'toolRequests as a map: its values (a guess at their order)',
      text: edited(parallel, 6, (e) => {
        e.data.toolRequests = Object.fromEntries(e.data.toolRequests.map((r: any) => [r.toolCallId, r]));
      }),
      errors: [{ messageId: 'toolRequestsNotList', line: 6 }],
      output: null,
      unsafeOutput: parallel.text,
    },
    {
      name: 'a tool request without its name: the toolName of its start',
      text: edited(parallel, 6, (e) => delete e.data.toolRequests[1].name),
      errors: [{ messageId: 'requestField', line: 6, messageIncludes: 'missing field `name`' }],
      output: edited(parallel, 6, (e) => {
        delete e.data.toolRequests[1].name;
        e.data.toolRequests[1].name = 'bash';
      }),
    },
    {
      name: 'an event type Copilot does not know',
      text: parallel.with(
        13,
        `${parallel.lines[12]}\n${line({ type: 'x.future_event', data: { a: 1 }, id: derivedUuid('x'), timestamp: '2026-12-01T09:40:36.125Z', parentId: parallel.event(13).id })}`,
      ),
      errors: [{ messageId: 'unknownType', line: 14, severity: 'warn' }],
      output: null,
    },
    {
      name: 'an ephemeral-only type written to the file',
      text: parallel.with(
        13,
        `${parallel.lines[12]}\n${line({ type: 'session.idle', data: {}, id: derivedUuid('y'), timestamp: '2026-12-01T09:40:36.125Z', parentId: parallel.event(13).id, ephemeral: true })}`,
      ),
      errors: [{ messageId: 'ephemeral', line: 14, severity: 'warn' }],
      output: null,
      unsafeOutput: parallel.text,
    },
    {
      name: 'the only prompt empty: the request would open with the assistant',
      text: edited(one, 2, (e) => (e.data.content = e.data.transformedContent = '')),
      errors: [
        {
          messageId: 'emptyPrompt',
          line: 2,
          severity: 'error',
          messageIncludes: 'first message must use the user role',
        },
      ],
      output: null,
      unsafeOutput: edited(
        one,
        2,
        (e) => (e.data.content = e.data.transformedContent = '[transcript-lint: this prompt was empty]'),
      ),
    },
    {
      name: 'a later prompt empty: left out, nothing rejected',
      text: edited(recording('multi-turn'), 31, (e) => (e.data.content = e.data.transformedContent = '  ')),
      errors: [{ messageId: 'emptyPrompt', line: 31, severity: 'warn' }],
      output: null,
      unsafeOutput: edited(
        recording('multi-turn'),
        31,
        (e) => (e.data.content = e.data.transformedContent = '[transcript-lint: this prompt was empty]'),
      ),
    },
  ],
});
