import { badRequest } from '../../http/HttpError.js';

/** The nine fields of the patient form, normalised: trimmed, empty optional text as null, dates as yyyy-mm-dd. */
export interface PatientInput {
  FirstName: string;
  Surname: string;
  DateOfBirth: string;
  MRN: string;
  DateofEvent: string | null;
  Solicitorname: string | null;
  Solicitorcompany: string | null;
  Solicitorreference: string | null;
  Ourreference: string | null;
}

export const PATIENT_MESSAGES = {
  firstNameRequired: 'First name is required',
  surnameRequired: 'Surname is required',
  dateOfBirthRequired: 'Date of birth is required',
  mrnRequired: 'MRN is required',
  dateOfBirthInvalid: 'Date of birth must be a valid date (yyyy-mm-dd)',
  dateOfBirthInFuture: 'Date of birth cannot be in the future',
  dateOfEventInvalid: 'Date of event must be a valid date (yyyy-mm-dd)',
  bodyRequired: 'Send the patient fields as a JSON object',
} as const;

const REQUIRED = [
  ['FirstName', PATIENT_MESSAGES.firstNameRequired],
  ['Surname', PATIENT_MESSAGES.surnameRequired],
  ['DateOfBirth', PATIENT_MESSAGES.dateOfBirthRequired],
  ['MRN', PATIENT_MESSAGES.mrnRequired],
] as const;

const OPTIONAL_TEXT = ['Solicitorname', 'Solicitorcompany', 'Solicitorreference', 'Ourreference'] as const;

const FIELD_ORDER = ['FirstName', 'Surname', 'DateOfBirth', 'MRN', 'DateofEvent', ...OPTIONAL_TEXT];

const MAX_LENGTH = 200;

type FieldErrors = Record<string, string>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A calendar date as yyyy-mm-dd, from `yyyy-mm-dd` or a full ISO date-time; null when not a real date. */
export function parseIsoDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return valid && Number(year) >= 1800 ? `${year}-${month}-${day}` : null;
}

/** Today's date where it is latest on Earth (UTC+14), so nobody's own today is refused as "in the future". */
function latestTodayIso(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function optionalText(body: Record<string, unknown>, field: string, errors: FieldErrors): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    errors[field] = `${field} must be text`;
    return null;
  }
  const trimmed = value.trim();
  if (trimmed.length > MAX_LENGTH) errors[field] = `${field} must be at most ${MAX_LENGTH} characters`;
  return trimmed === '' ? null : trimmed;
}

/**
 * Checks the patient form as the spec does (required fields with its messages), plus what the browser cannot
 * guarantee: types, real dates, a date of birth not in the future, lengths. Unknown fields are ignored.
 * Answers 400 with the first message and every field's message in `errors`.
 */
export function validatePatientInput(body: unknown, now: Date): PatientInput {
  if (!isRecord(body)) throw badRequest(PATIENT_MESSAGES.bodyRequired);
  const errors: FieldErrors = {};
  const required: Record<string, string> = {};
  for (const [field, message] of REQUIRED) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      errors[field] = `${field} must be text`;
    } else if (typeof value !== 'string' || value.trim() === '') {
      errors[field] = message;
    } else if (value.trim().length > MAX_LENGTH) {
      errors[field] = `${field} must be at most ${MAX_LENGTH} characters`;
    } else {
      required[field] = value.trim();
    }
  }
  let dateOfBirth = '';
  if (required.DateOfBirth !== undefined) {
    const parsed = parseIsoDate(required.DateOfBirth);
    if (!parsed) errors.DateOfBirth = PATIENT_MESSAGES.dateOfBirthInvalid;
    else if (parsed > latestTodayIso(now)) errors.DateOfBirth = PATIENT_MESSAGES.dateOfBirthInFuture;
    else dateOfBirth = parsed;
  }
  let dateOfEvent: string | null = null;
  const rawEvent = optionalText(body, 'DateofEvent', errors);
  if (rawEvent !== null) {
    dateOfEvent = parseIsoDate(rawEvent);
    if (!dateOfEvent) errors.DateofEvent = PATIENT_MESSAGES.dateOfEventInvalid;
  }
  const optional = Object.fromEntries(
    OPTIONAL_TEXT.map((field) => [field, optionalText(body, field, errors)]),
  ) as Record<(typeof OPTIONAL_TEXT)[number], string | null>;
  const firstError = FIELD_ORDER.map((field) => errors[field]).find((message) => message !== undefined);
  if (firstError !== undefined) throw badRequest(firstError, { errors });
  return {
    FirstName: required.FirstName ?? '',
    Surname: required.Surname ?? '',
    DateOfBirth: dateOfBirth,
    MRN: required.MRN ?? '',
    DateofEvent: dateOfEvent,
    ...optional,
  };
}
