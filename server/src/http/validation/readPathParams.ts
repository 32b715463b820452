import { isCanonicalId } from '@ewrt/contract';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

interface ParamsSchema {
  properties?: Record<string, { type?: unknown }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A route's path values converted to its schema's types, with the contract's `id` rule for every integer: only
 * canonical digits become a number. Any other text (`1.5`, `1e3`, `0x10`, `01`, `+1`, ` 1`, which a plain
 * conversion would read as some record's id) stays text, so it fails the schema and the request answers 400.
 */
export function readPathParams(schema: TSchema, input: unknown): unknown {
  // Value.Convert may convert in place: the text as sent is kept aside first.
  const sent = isRecord(input) ? { ...input } : input;
  const converted = Value.Convert(schema, input);
  const properties = (schema as ParamsSchema).properties;
  if (!isRecord(sent) || !isRecord(converted) || !properties) return converted;
  const read = { ...converted };
  for (const [name, property] of Object.entries(properties)) {
    const raw = sent[name];
    if (property.type === 'integer' && typeof raw === 'string' && !isCanonicalId(raw)) read[name] = raw;
  }
  return read;
}
