import { MESSAGES } from '@ewrt/shared';
import type { PatientFormValues } from './patientFormValues';

export const REQUIRED_PATIENT_FIELDS = ['FirstName', 'Surname', 'DateOfBirth', 'MRN'] as const;

export type RequiredPatientField = (typeof REQUIRED_PATIENT_FIELDS)[number];

export type PatientFormErrors = Partial<Record<RequiredPatientField, string>>;

const REQUIRED_MESSAGES: Record<RequiredPatientField, string> = {
  FirstName: MESSAGES.firstNameRequired,
  Surname: MESSAGES.surnameRequired,
  DateOfBirth: MESSAGES.dateOfBirthRequired,
  MRN: MESSAGES.mrnRequired,
};

/** The required-field rules of part 1 §5: text is trimmed before the emptiness check. */
export function validatePatientForm(values: PatientFormValues): PatientFormErrors {
  const errors: PatientFormErrors = {};
  for (const field of REQUIRED_PATIENT_FIELDS) {
    if (values[field].trim() === '') errors[field] = REQUIRED_MESSAGES[field];
  }
  return errors;
}
