import { DATE_ENTRY_FORMAT, MESSAGES, parseDateEntry } from '@ewrt/shared';
import type { PatientFormValues } from './patientFormValues';

export const REQUIRED_PATIENT_FIELDS = ['FirstName', 'Surname', 'DateOfBirth', 'MRN'] as const;

export type RequiredPatientField = (typeof REQUIRED_PATIENT_FIELDS)[number];

/** The fields that can be wrong, in the order the form shows them: the first one gets focus. */
export const VALIDATED_PATIENT_FIELDS = [
  'FirstName',
  'Surname',
  'DateOfBirth',
  'MRN',
  'DateofEvent',
] as const;

export type ValidatedPatientField = (typeof VALIDATED_PATIENT_FIELDS)[number];

export type PatientFormErrors = Partial<Record<ValidatedPatientField, string>>;

/** The message for a date that is not a real dd/mm/yyyy date. */
export const DATE_FORMAT_MESSAGE = `Enter the date as ${DATE_ENTRY_FORMAT}, for example 12/04/1980`;

/** The message for a date of birth after today. */
export const FUTURE_BIRTH_MESSAGE = 'Date of birth cannot be in the future';

const REQUIRED_MESSAGES: Record<RequiredPatientField, string> = {
  FirstName: MESSAGES.firstNameRequired,
  Surname: MESSAGES.surnameRequired,
  DateOfBirth: MESSAGES.dateOfBirthRequired,
  MRN: MESSAGES.mrnRequired,
};

function todayIso(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The required-field rules of PAT-07 (text is trimmed before the emptiness check), then the dates:
 * a filled date must be a real dd/mm/yyyy date, and a date of birth not later than today.
 */
export function validatePatientForm(values: PatientFormValues): PatientFormErrors {
  const errors: PatientFormErrors = {};
  for (const field of REQUIRED_PATIENT_FIELDS) {
    if (values[field].trim() === '') errors[field] = REQUIRED_MESSAGES[field];
  }
  for (const field of ['DateOfBirth', 'DateofEvent'] as const) {
    if (errors[field] || values[field].trim() === '') continue;
    const iso = parseDateEntry(values[field]);
    if (iso === null) errors[field] = DATE_FORMAT_MESSAGE;
    else if (field === 'DateOfBirth' && iso > todayIso()) errors[field] = FUTURE_BIRTH_MESSAGE;
  }
  return errors;
}
