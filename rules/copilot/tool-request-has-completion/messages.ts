// copilot/tool-request-has-completion's messages, and the context its parts report through.
import type { RuleContext } from '../../../src/sdk/index.js';

export const MESSAGES = {
  missingMid:
    'Tool call {{id}} ({{name}}) has no tool.execution_complete; on resume Copilot sends "The execution of this tool, or a previous tool was interrupted." as its result (in memory; the file keeps the gap).',
  missingTail:
    'Tool call {{id}} ({{name}}) has no tool.execution_complete: the session ended while it ran. On resume Copilot appends an "interrupted" completion itself and warns that files may be partially changed.',
  late: 'The tool.execution_complete of {{id}} (line {{completion}}) comes after the next session.resume, so Copilot does not pair it: it sends "The execution of this tool, or a previous tool was interrupted." instead of the real result.',
  early:
    'The tool.execution_complete of {{id}} comes before the assistant.message that requests it (line {{request}}), with a session.resume between; Copilot pairs an earlier completion only back to the last session.resume, so it ignores this one and sends "The execution of this tool, or a previous tool was interrupted." instead of the real result.',
  second:
    'A second tool.execution_complete for {{id}} (the first is on line {{first}}); Copilot uses the first and ignores this one.',
  orphanStarted:
    'tool.execution_complete of {{id}}, which no assistant.message requests (its tool.execution_start on line {{start}} says it was {{name}}); Copilot drops the call and its result from the conversation.',
  answerLost:
    "tool.execution_complete of {{id}}, whose call's assistant.message is not in the file (its tool.execution_start on line {{start}} says it was {{name}}): Copilot resumes without that answer, sending neither the call nor its result.",
  beforeRequest:
    'tool.execution_complete of {{id}} comes before the assistant.message that requests it (line {{request}}), whose call has its completion on line {{answer}}: Copilot sends that one as the result and ignores this one.',
  beforeUnpaired:
    'tool.execution_complete of {{id}} comes before the assistant.message that first requests it (line {{request}}), with a session.resume between, and Copilot does not pair it: it ignores this one (its tool.execution_start on line {{start}} says it was {{name}}).',
  orphan: 'tool.execution_complete of {{id}}, a call no event requests or starts; Copilot ignores it.',
  reusedId:
    'Tool call id {{id}} is already the id of a call on line {{first}}; Copilot sends both, and the API rejects the request (400 "`tool_use` ids must be unique").',
  emptyId:
    'Tool call {{index}} of this assistant.message has an empty toolCallId; Copilot sends it without a result, and the API rejects the request (400 "`tool_use` ids were found without `tool_result` blocks").',
} as const;

export type Ctx = RuleContext<typeof MESSAGES, 'copilot'>;
