// copilot/known-event-type's data checks: the `data` object, each required field of the event's type and its JSON
// type, and the tool requests of an assistant.message. The fixes fill in what derive.ts can derive.
import { Copilot } from '../../../src/sdk/index.js';
import { coerce, derive } from './derive.js';
import type { Ctx } from './messages.js';

type Event = Copilot.CopilotEvent;

export function checkData(ctx: Ctx, e: Event, spec: Copilot.EventTypeSpec): void {
  const { model } = ctx;
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

export function checkToolRequests(ctx: Ctx, e: Event): void {
  const { model } = ctx;
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
