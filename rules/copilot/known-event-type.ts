// copilot/known-event-type: every event is one Copilot CLI 1.0.102 can load and use. Its loader checks each line's
// envelope (`id` a UUID, `timestamp` an ISO 8601 date-time with an offset, a `parentId` key holding a UUID or null,
// a `data` object) and each known event's required fields and their types, as its schema has them; any miss makes
// resume fail with "Session file is corrupted (line N: ...)", no request sent. Unknown types and ephemeral-only ones
// are skipped. A prompt with no text is dropped from the request, and when it was the first the API rejects it.
// Fields a fix can derive are filled in (a new messageId, success from the absence of an error, the content without
// the datetime stamp...), the rest is reported.
import { Copilot, defineRule } from '../../src/sdk/index.js';

type Model = Copilot.CopilotModel;
type Event = Copilot.CopilotEvent;

const DATETIME_STAMP = /^<current_datetime>[^<]*<\/current_datetime>\n\n/;
const EMPTY_PROMPT = '[transcript-lint: this prompt was empty]';
const EPOCH = '1970-01-01T00:00:00.000Z';

/** A value for a missing required field, and whether it is certain (safe) or a guess (unsafe). */
type Derived = { value: unknown; safe: boolean } | undefined;

function derive(model: Model, e: Event, field: string, plan: Copilot.CopilotFixPlan): Derived {
  const d = e.data ?? {};
  const timestamp = typeof e.raw.timestamp === 'string' ? e.raw.timestamp : undefined;
  switch (`${e.type}.${field}`) {
    case 'assistant.message.messageId':
      return { value: plan.newId('messageId', e.line), safe: true };
    case 'assistant.message.content':
    case 'system.notification.content':
    case 'system.message.content':
      return { value: '', safe: true };
    case 'system.message.role':
      return { value: 'system', safe: true };
    case 'user.message.content':
      return typeof d.transformedContent === 'string'
        ? { value: d.transformedContent.replace(DATETIME_STAMP, ''), safe: true }
        : undefined;
    case 'tool.execution_complete.success':
      return { value: !Object.hasOwn(d, 'error'), safe: true };
    case 'tool.execution_complete.toolCallId':
    case 'tool.execution_start.toolCallId': {
      const guess = onlyCallLacking(model, e);
      return guess === undefined ? undefined : { value: guess, safe: false };
    }
    case 'tool.execution_start.toolName': {
      const id = Copilot.toolCallIdOf(e);
      for (const a of model.events)
        for (const { request } of Copilot.toolRequestsOf(a))
          if (id !== undefined && request.toolCallId === id && typeof request.name === 'string')
            return { value: request.name, safe: true };
      return undefined;
    }
    case 'session.start.sessionId':
      return model.folder !== undefined ? { value: model.folder, safe: true } : undefined;
    case 'session.start.version':
      return { value: 1, safe: true };
    case 'session.start.producer':
      return { value: 'copilot-agent', safe: true };
    case 'session.start.copilotVersion':
      return { value: '1.0.102', safe: false };
    case 'session.start.startTime':
    case 'session.resume.resumeTime':
      return timestamp ? { value: timestamp, safe: true } : undefined;
    case 'session.resume.eventCount':
      return { value: e.index, safe: true };
    case 'session.shutdown.shutdownType':
      return { value: 'routine', safe: true };
    case 'session.shutdown.totalApiDurationMs':
      return { value: 0, safe: true };
    case 'session.shutdown.sessionStartTime': {
      const start = model.events.find((x) => x.type === 'session.start');
      const ms = Date.parse(String(start?.data?.startTime ?? ''));
      return { value: Number.isNaN(ms) ? 0 : ms, safe: true };
    }
    case 'session.shutdown.codeChanges':
      return { value: { linesAdded: 0, linesRemoved: 0, filesModified: [] }, safe: true };
    case 'session.shutdown.modelMetrics':
      return { value: {}, safe: true };
    case 'assistant.turn_start.turnId':
    case 'assistant.turn_end.turnId':
      return { value: turnIdNear(model, e), safe: true };
    default:
      return undefined;
  }
}

/**
 * The toolCallId a start or completion lost: the one call of the request before it (same agent) that has no event of
 * its type, when there is exactly one.
 */
function onlyCallLacking(model: Model, e: Event): string | undefined {
  const events = model.events;
  let request: Event | undefined;
  for (let i = e.index - 1; i >= 0; i--) {
    const x = events[i]!;
    if (x.agentId !== e.agentId) continue;
    if (x.type === 'assistant.message') {
      request = x;
      break;
    }
    if (x.type === 'user.message' || x.type === 'session.resume') return undefined;
  }
  if (!request) return undefined;
  const ids = Copilot.toolRequestsOf(request)
    .map(({ request: r }) => r.toolCallId)
    .filter((id): id is string => typeof id === 'string');
  const done = new Set<string>();
  const started = new Set<string>();
  for (let i = request.index + 1; i < events.length; i++) {
    const x = events[i]!;
    if (x.agentId !== e.agentId) continue;
    if (x.type === 'assistant.message' || x.type === 'user.message' || x.type === 'session.resume') break;
    const id = Copilot.toolCallIdOf(x);
    if (id === undefined) continue;
    if (x.type === e.type) done.add(id);
    if (x.type === 'tool.execution_start') started.add(id);
  }
  const candidates = ids.filter(
    (id) => !done.has(id) && (e.type !== 'tool.execution_complete' || started.size === 0 || started.has(id)),
  );
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** The turnId of the turn event this one pairs with (the start before an end, the end after a start), else "0". */
function turnIdNear(model: Model, e: Event): string {
  const events = model.events;
  const step = e.type === 'assistant.turn_end' ? -1 : 1;
  const other = e.type === 'assistant.turn_end' ? 'assistant.turn_start' : 'assistant.turn_end';
  for (let i = e.index + step; i >= 0 && i < events.length; i += step) {
    const x = events[i]!;
    if (x.agentId !== e.agentId) continue;
    if (x.type === other) return typeof x.data?.turnId === 'string' ? x.data.turnId : '0';
    if (x.type === e.type) break;
  }
  return '0';
}

/** A string that stands for the boolean or number the field needs. */
function coerce(value: unknown, field: Copilot.RequiredField): unknown {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (field.type === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
  if ((field.type === 'integer' || field.type === 'number') && v !== '' && Number.isFinite(Number(v))) {
    const n = Number(v);
    return field.type === 'integer' && !Number.isInteger(n) ? undefined : n;
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'copilot/known-event-type',
    type: 'problem',
    view: 'copilot',
    description:
      'Every event is one Copilot CLI can load: a valid envelope, a known type, its required fields of the right type, a prompt with text.',
    docs: {
      detects:
        'an envelope field missing or malformed, a required data field missing or of the wrong type, an unknown or ephemeral-only type, an empty prompt',
      fix: 'safe (fields that can be derived); unsafe (guesses, a placeholder prompt, dropping an ephemeral event)',
      severity: { copilot: 'error (resume fails, or the request is rejected) / warn (skipped)' },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
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
    },
  },
  check(ctx) {
    const { model } = ctx;
    const events = model.events;
    for (const e of events) {
      const at = { line: e.line };
      const previous = events[e.index - 1];
      if (typeof e.raw.type !== 'string') {
        ctx.report({
          messageId: 'noType',
          at,
          fix: new Copilot.CopilotFixPlan(model).deleteLine(e.line).fix('unsafe', 'drop the event'),
        });
        continue;
      }
      checkEnvelope(e, previous, events[e.index + 1]);
      const spec = Copilot.eventTypeSpec(e.type);
      if (!spec) {
        // A line our fix kept (valid-json): Copilot skips it, as it should.
        if (e.type !== Copilot.KEPT_LINE)
          ctx.report({ messageId: 'unknownType', at, severity: 'warn', data: { type: e.type } });
        continue;
      }
      if (spec.ephemeralOnly) {
        ctx.report({
          messageId: 'ephemeral',
          at,
          severity: 'warn',
          data: { type: e.type },
          fix: new Copilot.CopilotFixPlan(model).deleteLine(e.line).fix('unsafe', 'drop the ephemeral event'),
        });
        continue;
      }
      checkData(e, spec);
      if (e.type === 'assistant.message' && e.data) checkToolRequests(e);
      if (e.type === 'user.message' && e.agentId === undefined) checkPrompt(e);
    }

    function checkEnvelope(e: Event, previous: Event | undefined, next: Event | undefined): void {
      const at = { line: e.line };
      const raw = e.raw;
      if (!Copilot.isUuid(raw.id)) {
        const plan = new Copilot.CopilotFixPlan(model);
        // The id the next event names as its parent, when no event holds it: the id this one had.
        const named = next?.parentId;
        const id = Copilot.isUuid(named) && model.eventsWithId(named).length === 0 ? named : plan.newId('id', e.line);
        plan.set(e.line, '/id', id);
        if (typeof raw.id === 'string' && raw.id !== '')
          for (const child of events) if (child.parentId === raw.id) plan.set(child.line, '/parentId', id);
        ctx.report({
          messageId: 'badId',
          at,
          data: { what: raw.id === undefined ? 'is missing' : `is ${Copilot.jsonTypeOf(raw.id)}`, line: e.line },
          fix: plan.fix('safe', id === named ? 'the id its next event names as parent' : 'a new UUID'),
        });
      }
      if (!Copilot.isTimestamp(raw.timestamp)) {
        const near = [previous, next].find((x) => x && Copilot.isTimestamp(x.raw.timestamp));
        const value = (near?.raw.timestamp as string | undefined) ?? EPOCH;
        ctx.report({
          messageId: 'badTimestamp',
          at,
          data: { what: raw.timestamp === undefined ? 'is missing' : `is ${Copilot.jsonTypeOf(raw.timestamp)}` },
          fix: new Copilot.CopilotFixPlan(model)
            .set(e.line, '/timestamp', value)
            .fix('safe', near === previous ? "the previous event's timestamp" : "the next event's timestamp"),
        });
      }
      const parent = previous?.id ?? null;
      if (!e.hasParentId || (e.parentId !== null && !Copilot.isUuid(e.parentId))) {
        const fix = new Copilot.CopilotFixPlan(model)
          .set(e.line, '/parentId', parent)
          .fix('safe', parent === null ? 'null (the first event)' : "the previous event's id");
        if (!e.hasParentId) ctx.report({ messageId: 'noParentId', at, fix });
        else ctx.report({ messageId: 'badParentId', at, data: { what: Copilot.jsonTypeOf(e.parentId) }, fix });
      }
    }

    function checkData(e: Event, spec: Copilot.EventTypeSpec): void {
      const at = { line: e.line };
      const plan = new Copilot.CopilotFixPlan(model);
      if (!e.data) {
        // Every required field needs a value for the fix to give the event its data.
        const data: Record<string, unknown> = {};
        let safe = true;
        let complete = true;
        for (const field of spec.required) {
          const d = derive(model, e, field.name, plan);
          if (!d) complete = false;
          else {
            data[field.name] = d.value;
            safe &&= d.safe;
          }
        }
        plan.set(e.line, '/data', data);
        ctx.report({
          messageId: 'noData',
          at,
          data: { type: e.type, line: e.line },
          fix: complete ? plan.fix(safe ? 'safe' : 'unsafe', 'a `data` object with its required fields') : undefined,
        });
        return;
      }
      for (const field of spec.required) {
        const data = { type: e.type, field: field.name, line: e.line };
        if (!Object.hasOwn(e.data, field.name)) {
          const d = derive(model, e, field.name, new Copilot.CopilotFixPlan(model));
          ctx.report({
            messageId: 'missingField',
            at,
            data,
            fix: d
              ? new Copilot.CopilotFixPlan(model)
                  .set(e.line, `/data/${field.name}`, d.value)
                  .fix(d.safe ? 'safe' : 'unsafe', `set it to ${JSON.stringify(d.value).slice(0, 60)}`)
              : undefined,
          });
          continue;
        }
        const value = e.data[field.name];
        if (Copilot.hasJsonType(value, field)) continue;
        const coerced = coerce(value, field);
        ctx.report({
          messageId: 'wrongType',
          at,
          data: {
            ...data,
            what: Copilot.jsonTypeOf(value),
            expected: `${field.type === 'integer' ? 'an' : 'a'} ${field.type}`,
          },
          fix:
            coerced === undefined
              ? undefined
              : new Copilot.CopilotFixPlan(model)
                  .set(e.line, `/data/${field.name}`, coerced)
                  .fix('safe', `the ${field.type} ${String(coerced)}`),
        });
      }
    }

    function checkToolRequests(e: Event): void {
      const list = e.data!.toolRequests;
      const at = { line: e.line };
      if (list === undefined || list === null) return;
      if (!Array.isArray(list)) {
        const values = Copilot.isObject(list) ? Object.values(list) : undefined;
        ctx.report({
          messageId: 'toolRequestsNotList',
          at,
          data: { what: Copilot.jsonTypeOf(list) },
          fix: values?.every(Copilot.isObject)
            ? new Copilot.CopilotFixPlan(model)
                .set(e.line, '/data/toolRequests', values)
                .fix('unsafe', 'an array of its values')
            : undefined,
        });
        return;
      }
      list.forEach((request, index) => {
        if (!Copilot.isObject(request)) return;
        if (typeof request.toolCallId !== 'string')
          ctx.report({ messageId: 'requestField', at, data: { index, field: 'toolCallId' } });
        if (typeof request.name === 'string') return;
        const start = model.events.find(
          (x) =>
            x.type === 'tool.execution_start' &&
            typeof request.toolCallId === 'string' &&
            Copilot.toolCallIdOf(x) === request.toolCallId &&
            typeof x.data?.toolName === 'string',
        );
        ctx.report({
          messageId: 'requestField',
          at,
          data: { index, field: 'name' },
          fix: start
            ? new Copilot.CopilotFixPlan(model)
                .set(e.line, `/data/toolRequests/${index}/name`, start.data!.toolName)
                .fix('safe', 'the toolName of its tool.execution_start')
            : undefined,
        });
      });
    }

    function checkPrompt(e: Event): void {
      const text = Copilot.userTextOf(e);
      const attachments = e.data?.attachments;
      if (text === undefined || text.trim() !== '' || (Array.isArray(attachments) && attachments.length > 0)) return;
      // Dropped, it leaves the request opening with the assistant when no prompt with text came before it.
      const main = model.events.filter((x) => x.agentId === undefined);
      const opening =
        !main.some((x) => x.index < e.index && x.type === 'user.message' && Copilot.userTextOf(x)?.trim()) &&
        main.some((x) => x.index > e.index && x.type === 'assistant.message');
      const plan = new Copilot.CopilotFixPlan(model).set(e.line, '/data/content', EMPTY_PROMPT);
      if (typeof e.data?.transformedContent === 'string') plan.set(e.line, '/data/transformedContent', EMPTY_PROMPT);
      ctx.report({
        messageId: 'emptyPrompt',
        at: { line: e.line },
        severity: opening ? 'error' : 'warn',
        data: {
          consequence: opening
            ? ', so the request opens with the assistant and the API rejects it (400 "messages.0: first message must use the user role")'
            : '',
        },
        fix: plan.fix('unsafe', 'a marked placeholder text'),
      });
    }
  },
});
