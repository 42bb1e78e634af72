// Lines the tests of large files mix into their sessions, and a session that fixes repair.
import { text, toolUse, transcript } from './build.js';

/** A metadata line, kept as a shallow object (loader/shallow-objects.ts). */
export const progressLine =
  '{"type":"progress","uuid":"p9","parentUuid":null,"data":{"type":"hook_progress","n":[1,2,3]}}';

/** A line of 64 KiB or more whose long string is kept as bytes (loader/lazy-strings.ts) and so refers to its chunk. */
export const longLine = JSON.stringify({
  type: 'user',
  uuid: 'l1',
  parentUuid: null,
  message: { role: 'user', content: `long ${'é'.repeat(40_000)} end` },
});

/** A session with no defect: a prompt, a tool call and its result, and an answer. */
export function cleanSession(): string {
  const t = transcript();
  t.user('héllo ✓ — "quoted" \\ back\tslash');
  t.assistant([text('ok'), toolUse('toolu_1')]);
  t.result('toolu_1', 'x'.repeat(300));
  t.assistant([text('done')]);
  return `${t.lines.join('\n')}\n`;
}

/** A session with defects that fixes repair: an interrupted tool call and a repeated entry (its result line). */
export function brokenSession(): string {
  const t = transcript();
  t.user('héllo ✓ — "quoted" \\ back\tslash');
  t.assistant([text('ok'), toolUse('toolu_1')]);
  t.result('toolu_1', 'x'.repeat(300));
  t.assistant([text('calling'), toolUse('toolu_2')]);
  t.user('next');
  t.assistant([text('done')]);
  return `${t.lines.join('\n')}\n${t.lines[2]}\n`;
}
