/** A timestamp column as an ISO 8601 string in UTC, whichever driver read it. */
export function toIsoDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
