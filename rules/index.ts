// The explicit rule registry: one import per rule, in catalogue order (rules.md). No directory scanning.
import type { Rule } from '../src/rule-api.js';
import validJson from './valid-json.js';

export const rules: readonly Rule[] = [validJson] as Rule[];

export const rulesById: ReadonlyMap<string, Rule> = new Map(rules.map((r) => [r.meta.id, r]));
