import { isStorableText, type FieldErrorMessages } from '@ewrt/contract';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { unstorableTextMessage } from './findUnstorableText.js';

/** The spec's failure shape, plus each failing field of a JSON body. */
export interface ValidationFailure {
  message: string;
  errors?: Record<string, string>;
}

type FailureKind = Exclude<keyof Exclude<FieldErrorMessages, string>, undefined>;

interface ContractSchema {
  type?: string;
  title?: string;
  errorMessage?: FieldErrorMessages;
  anyOf?: ContractSchema[];
  properties?: Record<string, ContractSchema>;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  const?: unknown;
  items?: ContractSchema;
  minItems?: number;
  maxItems?: number;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

const BLANK_PATTERN = '^\\s*$';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function ownMessage(schema: ContractSchema, kind: FailureKind): string | undefined {
  const message = schema.errorMessage;
  return typeof message === 'string' ? message : message?.[kind];
}

/** Of `x | null` (or `date | blank | null`), the schema a value was meant for. */
function intendedVariant(schema: ContractSchema): ContractSchema {
  if (!schema.anyOf) return schema;
  return (
    schema.anyOf.find((variant) => variant.type !== 'null' && variant.pattern !== BLANK_PATTERN) ?? schema
  );
}

function hasType(schema: ContractSchema, value: unknown): boolean {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return Value.Check(schema as TSchema, value);
  }
}

function kindOf(schema: ContractSchema, value: unknown, required: boolean): FailureKind {
  if (required && isBlank(value)) return 'required';
  const intended = intendedVariant(schema);
  if (!hasType(intended, value)) return 'type';
  if (typeof value === 'string') {
    if (intended.maxLength !== undefined && value.length > intended.maxLength) return 'maxLength';
    if (intended.minLength !== undefined && value.length < intended.minLength) return 'minLength';
    const checkFormat = intended.format === undefined ? undefined : FormatRegistry.Get(intended.format);
    if (checkFormat && !checkFormat(value)) return 'format';
    if (intended.pattern !== undefined && !new RegExp(intended.pattern, 'u').test(value)) return 'pattern';
  }
  return typeof value === 'number' ? 'range' : 'type';
}

function formatMessage(label: string, format: string, value: unknown): string {
  if (typeof value === 'string' && !isStorableText(value)) return unstorableTextMessage(label);
  switch (format) {
    case 'date':
      return `${label} must be a valid date (yyyy-mm-dd)`;
    case 'name':
      return `${label} must not contain control characters or invisible characters such as zero-width spaces`;
    default:
      return `${label} must be a valid ${format}`;
  }
}

function defaultMessage(name: string, schema: ContractSchema, kind: FailureKind, value: unknown): string {
  const intended = intendedVariant(schema);
  const label = schema.title ?? intended.title ?? name;
  switch (kind) {
    case 'required':
      return `${label} is required`;
    case 'type':
      return intended.type && TYPE_WORDS[intended.type]
        ? `${name} must be ${TYPE_WORDS[intended.type]}`
        : `${name} is not valid`;
    case 'maxLength':
      return `${name} must be at most ${intended.maxLength} characters`;
    case 'minLength':
      return `${name} must be at least ${intended.minLength} characters`;
    case 'format':
      return formatMessage(label, intended.format ?? 'format', value);
    case 'range':
      return `${name} must be between ${intended.minimum ?? '-∞'} and ${intended.maximum ?? '∞'}`;
    case 'pattern':
      return `${label} is not valid`;
  }
}

/**
 * What is wrong inside an object or a list whose type is right: the first failing field, the list's length (its
 * `errorMessage.minItems` or `maxItems` when it has one), or the first failing item.
 */
function innerMessage(name: string, schema: ContractSchema, value: unknown): string | undefined {
  if (schema.type === 'object' && isPlainObject(value)) return describeObject(schema, value, false).message;
  if (schema.type !== 'array' || !Array.isArray(value)) return undefined;
  const own = isPlainObject(schema.errorMessage) ? (schema.errorMessage as Record<string, unknown>) : {};
  const ownText = (key: string) => (typeof own[key] === 'string' ? own[key] : undefined);
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    return ownText('minItems') ?? `${name} must hold at least ${schema.minItems} item(s)`;
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    return ownText('maxItems') ?? `${name} must hold at most ${schema.maxItems} items`;
  }
  const items = schema.items;
  const failing = items ? value.findIndex((item) => !Value.Check(items as TSchema, item)) : -1;
  if (!items || failing === -1) return undefined;
  return (
    innerMessage(name, intendedVariant(items), value[failing]) ??
    fieldMessage({}, name, items, value[failing])
  );
}

/**
 * A field's message: its own `errorMessage`, else its object's (a string, or the entry for this rule; the
 * object's `type` entry is about the object itself), else one phrased from the field.
 */
function fieldMessage(parent: ContractSchema, name: string, schema: ContractSchema, value: unknown) {
  const kind = kindOf(schema, value, parent.required?.includes(name) ?? false);
  const inner = kind === 'type' ? innerMessage(name, intendedVariant(schema), value) : undefined;
  if (inner !== undefined) return typeof schema.errorMessage === 'string' ? schema.errorMessage : inner;
  const fromParent =
    typeof parent.errorMessage === 'string'
      ? parent.errorMessage
      : kind === 'type'
        ? undefined
        : parent.errorMessage?.[kind];
  return (
    ownMessage(schema, kind) ??
    ownMessage(intendedVariant(schema), kind) ??
    fromParent ??
    defaultMessage(name, schema, kind, value)
  );
}

const notAnObject = (schema: ContractSchema) => ownMessage(schema, 'type') ?? 'Send a JSON object';

function describeObject(schema: ContractSchema, value: unknown, listFields: boolean): ValidationFailure {
  if (!isPlainObject(value)) return { message: notAnObject(schema) };
  const errors: Record<string, string> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const fieldValue = value[name];
    const required = schema.required?.includes(name) ?? false;
    if (fieldValue === undefined && !required) continue;
    if (Value.Check(property as TSchema, fieldValue)) continue;
    errors[name] = fieldMessage(schema, name, property, fieldValue);
  }
  const first = Object.values(errors)[0];
  if (first === undefined) return { message: notAnObject(schema) };
  return listFields ? { message: first, errors } : { message: first };
}

/**
 * The message (and, for a JSON body that is one object, each failing field's message) for a value that failed
 * its contract schema. A union of objects is read as the variant whose fields the value carries most of.
 */
export function describeValidationFailure(
  schema: TSchema,
  value: unknown,
  part: 'body' | 'querystring' | 'params' | 'headers',
): ValidationFailure {
  const contractSchema = schema as ContractSchema;
  const variants = contractSchema.anyOf;
  if (variants?.every((variant) => variant.type === 'object')) {
    const fallback = { message: ownMessage(contractSchema, 'type') ?? 'The request is not valid' };
    if (!isPlainObject(value)) return fallback;
    const present = (variant: ContractSchema) =>
      Object.keys(variant.properties ?? {}).filter((name) => value[name] !== undefined).length;
    const best = variants.reduce((chosen, variant) =>
      present(variant) > present(chosen) ? variant : chosen,
    );
    return present(best) === 0 ? fallback : describeObject(best, value, false);
  }
  if (contractSchema.type === 'object') return describeObject(contractSchema, value, part === 'body');
  return { message: ownMessage(contractSchema, 'type') ?? 'The request is not valid' };
}
