// copilot/known-event-type's messages, and the context its parts report through.
import type { RuleContext } from '../../../src/sdk/index.js';

export const MESSAGES = {
  noType: 'Event has no `type` string; Copilot cannot load the session.',
  badId:
    'Event `id` {{what}}: Copilot cannot load the session ("Session file is corrupted (line {{line}}: invalid session event envelope: `id` must be a UUID string)").',
  badTimestamp:
    'Event `timestamp` {{what}}: Copilot cannot load the session ("... `timestamp` must be an ISO 8601 date-time string with a timezone offset").',
  noParentId:
    'Event has no `parentId` key: Copilot cannot load the session ("... invalid session event envelope: `parentId` must be a UUID string or null").',
  badParentId:
    'Event `parentId` is {{what}}, not a UUID or null: Copilot cannot load the session ("... `parentId` must be a UUID string or null").',
  noData:
    '{{type}} event has no `data` object: Copilot cannot load the session ("Session file is corrupted (line {{line}}: invalid type: null, expected struct ...)").',
  missingField:
    '{{type}} event lacks its required `{{field}}`: Copilot cannot load the session ("Session file is corrupted (line {{line}}: missing field `{{field}}`)").',
  wrongType:
    '`{{field}}` of the {{type}} event is {{what}}, not {{expected}}: Copilot cannot load the session ("Session file is corrupted (line {{line}}: invalid type ...)").',
  toolRequestsNotList:
    '`toolRequests` of the assistant.message is {{what}}, not an array: Copilot cannot load the session ("... invalid type: map, expected a sequence").',
  requestField:
    'Tool request {{index}} of the assistant.message lacks a string `{{field}}`: Copilot cannot load the session ("... missing field `{{field}}`").',
  unknownType:
    'Event type {{type}} is not one Copilot CLI 1.0.102 knows; it skips the event on resume (a reader that knows fewer types may refuse the file).',
  ephemeral:
    '{{type}} is an ephemeral event, which Copilot never writes to events.jsonl; 1.0.102 skips it (an older reader failed on such lines, github/copilot-cli #1007).',
  emptyPrompt: 'This prompt has no text; Copilot leaves it out of the request it sends on resume{{consequence}}.',
} as const;

export type Ctx = RuleContext<typeof MESSAGES, 'copilot'>;
