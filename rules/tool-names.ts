// tool-names: the tools a request defines have names the API accepts (^[a-zA-Z0-9_-]{1,64}$, api-errors.md §4
// "IDs/names") and no name is defined twice. Only a request has `tools[]`, so the rule never fires on a Claude Code
// session or a bare message list. The fix drops a later definition that is an exact copy of an earlier one (the
// model loses nothing); a different definition under the same name, or a bad name, is left to the user.
import { defineRule, FixPlan, HeldReports, isObject, showValue } from '../src/sdk/index.js';

export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export default defineRule({
  meta: {
    id: 'tool-names',
    type: 'problem',
    view: 'request',
    description:
      "Every tool defined in a request's `tools[]` has a name matching ^[a-zA-Z0-9_-]{1,64}$, and no name is defined twice.",
    docs: {
      detects: 'requests only: a tool in `tools[]` whose name is not `^[a-zA-Z0-9_-]{1,64}$`, or is defined twice',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    formats: ['request'],
    messages: {
      pattern:
        'Tool name {{name}} (tools[{{index}}]) does not match ^[a-zA-Z0-9_-]{1,64}$; the API rejects the request.',
      missing: 'Tool definition tools[{{index}}] has no name; the API rejects the request.',
      duplicate:
        'Tool name {{name}} (tools[{{index}}]) is already defined by tools[{{first}}] on line {{firstLine}}; the API rejects a request whose tool names are not unique.',
    },
  },
  check(ctx) {
    const plain = ctx.model.plain;
    const tools = plain?.request?.tools;
    if (!plain || !Array.isArray(tools)) return;
    const firstByName = new Map<string, number>();
    const copies: number[] = [];
    // Every exact copy goes in one fix (highest index first, so the indexes stay right), shared by their reports:
    // the duplicates are reported once all copies are known.
    const duplicates = new HeldReports(ctx);
    const removeCopies = new FixPlan(ctx.model);
    const fix = () =>
      removeCopies.fix(
        'safe',
        copies.length === 1
          ? `remove tools[${copies[0]}], a copy of an earlier definition`
          : `remove ${copies.length} copies of earlier tool definitions`,
      );
    tools.forEach((tool, index) => {
      if (!isObject(tool)) return; // entry-shape reports it
      const name = tool.name;
      if (typeof name !== 'string') {
        ctx.report({ messageId: 'missing', at: { requestField: `/tools/${index}` }, data: { index } });
        return;
      }
      if (!TOOL_NAME.test(name)) {
        ctx.report({
          messageId: 'pattern',
          at: { requestField: `/tools/${index}/name` },
          data: { name: showValue(name), index },
        });
      }
      const first = firstByName.get(name);
      if (first === undefined) {
        firstByName.set(name, index);
        return;
      }
      const copy = sameJson(tools[first], tool);
      if (copy) copies.push(index);
      duplicates.hold(
        {
          messageId: 'duplicate',
          at: { requestField: `/tools/${index}/name` },
          data: { name: showValue(name), index, first, firstLine: plain.lineOf(`/tools/${first}`) },
        },
        copy ? fix : undefined,
      );
    });
    for (const i of [...copies].sort((a, b) => b - a)) removeCopies.removeRequestField(`/tools/${i}`);
    duplicates.send();
  },
});
