// Checks behind the JSON Schema `format`s the contract uses. TypeBox (and Ajv without ajv-formats) knows no
// formats by itself: a validator registers these, e.g. `FormatRegistry.Set(name, check)` for TypeBox.

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

export const CONTRACT_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  date: isCalendarDate,
};
