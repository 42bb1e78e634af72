// What Copilot CLI 1.0.102 knows of each event type (event-table.ts, from its own schema): whether the type is known
// at all, whether it is ephemeral-only, and the required fields of its `data` with their JSON types. A known event
// missing one of those fields, or holding one of the wrong type, makes resume fail ("Session file is corrupted (line
// N: missing field `content`)"); an unknown type is skipped.
import { EVENT_TYPE_TABLE } from './event-table.js';

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'any';

export interface RequiredField {
  name: string;
  type: JsonType;
  nullable: boolean;
}

export interface EventTypeSpec {
  ephemeralOnly: boolean;
  required: readonly RequiredField[];
}

const CODES: Readonly<Record<string, JsonType>> = {
  s: 'string',
  i: 'integer',
  n: 'number',
  b: 'boolean',
  a: 'array',
  o: 'object',
  '*': 'any',
};

const specs = new Map<string, EventTypeSpec>();

/** The type's spec, or undefined for a type Copilot 1.0.102 does not know. */
export function eventTypeSpec(type: string): EventTypeSpec | undefined {
  if (!Object.hasOwn(EVENT_TYPE_TABLE, type)) return undefined;
  let spec = specs.get(type);
  if (!spec) {
    const text = EVENT_TYPE_TABLE[type]!;
    const ephemeralOnly = text.startsWith('~');
    const required = (ephemeralOnly ? text.slice(1) : text)
      .split(' ')
      .filter((f) => f !== '')
      .map((f) => {
        const [name, code] = f.split(':') as [string, string];
        return { name, type: CODES[code.replace('?', '')] ?? 'any', nullable: code.endsWith('?') };
      });
    spec = { ephemeralOnly, required };
    specs.set(type, spec);
  }
  return spec;
}

/** Whether a value has the JSON type (null only where the field allows it). */
export function hasJsonType(value: unknown, field: RequiredField): boolean {
  if (value === null) return field.nullable || field.type === 'any';
  switch (field.type) {
    case 'any':
      return true;
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
  }
}

/** A JSON value's type as the schema names it, for messages. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  return `the ${typeof value} ${String(value)}`;
}
