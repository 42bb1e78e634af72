// The outputs Codex 0.169.0 makes up for unanswered calls when it builds a request (core context_manager/normalize.rs,
// ensure_call_outputs_present): "aborted", placed right after the call, with an id derived from the call's own id by
// UUID v5 under Codex's fixed namespace. A fix writes exactly this record, so the fixed file sends what Codex sent.
import { createHash } from 'node:crypto';
import { ABORTED_OUTPUT, ANSWERED_BY, type CallType } from './shapes.js';

/** SYNTHETIC_OUTPUT_ID_NAMESPACE ("Changing this value would change model-visible IDs"). */
const NAMESPACE = '90d38d3e-6a5b-4d52-bfe2-2f1e634bfac4';

/** RFC 4122 UUID version 5 of a name in a namespace. */
export function uuidV5(namespace: string, name: string): string {
  const ns = Buffer.from(namespace.replaceAll('-', ''), 'hex');
  const h = createHash('sha1').update(ns).update(name, 'utf8').digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** The payload of the output Codex makes for an unanswered call (the call's own payload given). */
export function syntheticOutput(call: Record<string, unknown>): Record<string, unknown> {
  const answer = ANSWERED_BY.get(call.type as CallType)!;
  const out: Record<string, unknown> = { type: answer.output };
  if (typeof call.id === 'string' && call.id !== '')
    out.id = `${answer.prefix}_${uuidV5(NAMESPACE, `${answer.prefix}:${call.id}`)}`;
  out.call_id = call.call_id;
  if (answer.output === 'tool_search_output')
    Object.assign(out, { status: 'completed', execution: 'client', tools: [] });
  else out.output = ABORTED_OUTPUT;
  return out;
}
