import { Type, type SchemaOptions, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * What a validator says when a field fails, keyed by the failing rule; a string applies to every rule. Without
 * one, a server phrases it from the field: `title` for what a person can get wrong (required, not a date),
 * the field name for what only a program can (wrong type, too long). The keyword follows ajv-errors.
 */
export type FieldErrorMessages =
  | string
  | Partial<Record<'required' | 'type' | 'maxLength' | 'minLength' | 'format' | 'pattern' | 'range', string>>;

export interface FieldOptions extends SchemaOptions {
  errorMessage?: FieldErrorMessages;
}

/** `value | null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Any text the server stores or looks up: no NUL and no unpaired surrogate (`text` in `CONTRACT_FORMATS`). */
export const StoredText = (maxLength: number, options: FieldOptions = {}) =>
  Type.String({ format: 'text', maxLength, ...options });

/** Text that must hold a non-blank character (`\S`): blank counts as missing. */
export const RequiredText = (maxLength: number, options: FieldOptions = {}) =>
  StoredText(maxLength, { pattern: '\\S', ...options });

/** Text that may be absent or null; blank is read as absent. */
export const OptionalText = (maxLength: number, options: FieldOptions = {}) =>
  Type.Optional(Nullable(StoredText(maxLength, options)));

/**
 * A person's or firm's name, or an identifier (MRN, a reference, a username): text without control or
 * invisible characters (`name` in `CONTRACT_FORMATS`), so that what looks the same is the same.
 */
export const NameText = (maxLength: number, options: FieldOptions = {}) =>
  Type.String({ format: 'name', maxLength, ...options });

/** A name or identifier that must hold a non-blank character: blank counts as missing. */
export const RequiredName = (maxLength: number, options: FieldOptions = {}) =>
  NameText(maxLength, { pattern: '\\S', ...options });

/** A name or identifier that may be absent or null; blank is read as absent. */
export const OptionalName = (maxLength: number, options: FieldOptions = {}) =>
  Type.Optional(Nullable(NameText(maxLength, options)));

/** A calendar date yyyy-mm-dd (see `CONTRACT_FORMATS`). */
export const IsoDate = (options: FieldOptions = {}) => Type.String({ format: 'date', ...options });

/** A date that may be absent, null or blank (blank is read as absent). */
export const OptionalIsoDate = (options: FieldOptions = {}) =>
  Type.Optional(Type.Union([IsoDate(options), Type.String({ pattern: '^\\s*$' }), Type.Null()]));

/** An ISO 8601 date-time as the server writes it (`2026-01-05T09:30:00.000Z`). */
export const IsoDateTime = () => Type.String({ description: 'ISO 8601 date-time' });

type LiteralSchemas<Values extends readonly string[]> = {
  -readonly [K in keyof Values]: TLiteral<Values[K]>;
};

/** One of a list of strings, keeping each literal in the static type (`'yes' | 'no'`, not `string`). */
export function LiteralUnion<const Values extends readonly string[]>(
  values: Values,
  options: SchemaOptions = {},
): TUnion<LiteralSchemas<Values>> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<LiteralSchemas<Values>>;
}
