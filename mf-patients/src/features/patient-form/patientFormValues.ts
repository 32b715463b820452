import { formatDate, parseDateEntry, type Patient, type PatientInput } from '@ewrt/shared';

/** What the form holds while the user types: every field as the text in its input (dates as dd/mm/yyyy). */
export interface PatientFormValues {
  FirstName: string;
  Surname: string;
  DateOfBirth: string;
  MRN: string;
  DateofEvent: string;
  Solicitorname: string;
  Solicitorcompany: string;
  Solicitorreference: string;
  Ourreference: string;
}

export type PatientFormField = keyof PatientFormValues;

export const EMPTY_PATIENT_FORM_VALUES: PatientFormValues = {
  FirstName: '',
  Surname: '',
  DateOfBirth: '',
  MRN: '',
  DateofEvent: '',
  Solicitorname: '',
  Solicitorcompany: '',
  Solicitorreference: '',
  Ourreference: '',
};

export function patientToFormValues(patient: Patient | null): PatientFormValues {
  if (!patient) return EMPTY_PATIENT_FORM_VALUES;
  return {
    FirstName: patient.FirstName,
    Surname: patient.Surname,
    DateOfBirth: formatDate(patient.DateOfBirth),
    MRN: patient.MRN,
    DateofEvent: formatDate(patient.DateofEvent),
    Solicitorname: patient.Solicitorname ?? '',
    Solicitorcompany: patient.Solicitorcompany ?? '',
    Solicitorreference: patient.Solicitorreference ?? '',
    Ourreference: patient.Ourreference ?? '',
  };
}

/** Optional fields left empty are sent as null, as the spec requires. */
function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A typed date as the API takes it (yyyy-mm-dd); the text itself when it is not a date (validation stops it first). */
function isoDate(typed: string): string {
  return parseDateEntry(typed) ?? typed.trim();
}

/** The form's text as the API's patient: dates become yyyy-mm-dd. Call once the form is valid. */
export function formValuesToPatientInput(values: PatientFormValues): PatientInput {
  const dateOfEvent = optional(values.DateofEvent);
  return {
    FirstName: values.FirstName.trim(),
    Surname: values.Surname.trim(),
    DateOfBirth: isoDate(values.DateOfBirth),
    MRN: values.MRN.trim(),
    DateofEvent: dateOfEvent === null ? null : isoDate(dateOfEvent),
    Solicitorname: optional(values.Solicitorname),
    Solicitorcompany: optional(values.Solicitorcompany),
    Solicitorreference: optional(values.Solicitorreference),
    Ourreference: optional(values.Ourreference),
  };
}
