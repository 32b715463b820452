// Checks behind the JSON Schema `format`s the contract uses. TypeBox (and Ajv without ajv-formats) knows no
// formats by itself: a validator registers these, e.g. `FormatRegistry.Set(name, check)` for TypeBox. They are
// functions rather than `pattern`s because TypeBox compiles a pattern without the `u` flag, so neither Unicode
// property classes nor a surrogate test written for one would mean the same in every validator.

/** A real calendar date written yyyy-mm-dd (RFC 3339 full-date): 2020-02-30 is refused. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1800 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

// Code-unit classes on purpose (no `u` flag): with it, a lone surrogate would not be seen as one.
const NUL_OR_UNPAIRED_SURROGATE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that UTF-8 and PostgreSQL can hold: no NUL (a `text` column refuses it) and no unpaired UTF-16
 * surrogate (it has no UTF-8 form, so it would be stored as something else or refused).
 */
export function isStorableText(value: string): boolean {
  return !NUL_OR_UNPAIRED_SURROGATE.test(value);
}

// Control characters (C0, DEL, C1, so tabs and line breaks too), format characters (zero-width space and
// joiners, word joiner, BOM, soft hyphen, bidirectional overrides) and the line and paragraph separators.
const CONTROL_OR_INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * A name or identifier as people read and compare it: storable text on one line with no control or invisible
 * characters, so that two values that look the same are the same.
 */
export function isCleanName(value: string): boolean {
  return isStorableText(value) && !CONTROL_OR_INVISIBLE.test(value);
}

// One `@`, no spaces, and a domain of dot-separated labels: what a person can mistype, not RFC 5322 in full.
const EMAIL_ADDRESS = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/;

/** An email address as people write one (`someone@example.org`), on one line with no invisible characters. */
export function isEmailAddress(value: string): boolean {
  return isCleanName(value) && EMAIL_ADDRESS.test(value);
}

/**
 * A record id as a path writes it: digits only, without a sign, a leading zero, a fraction, an exponent, a radix
 * prefix or spaces, so that `1.5`, `1e3`, `0x10`, `01`, `+1` and ` 1` are not read as some other record's id.
 * Whether it is in range is the schema's `minimum` and `maximum`.
 */
export function isCanonicalId(value: string): boolean {
  return /^[1-9][0-9]*$/.test(value);
}

/**
 * The contract's formats: `date` (yyyy-mm-dd, real), `text` (storable), `name` (a name or identifier), `email`
 * (an email address), `id` (a record id as a path writes it: every integer path parameter is read by this rule).
 */
export const CONTRACT_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  date: isCalendarDate,
  text: isStorableText,
  name: isCleanName,
  email: isEmailAddress,
  id: isCanonicalId,
};
