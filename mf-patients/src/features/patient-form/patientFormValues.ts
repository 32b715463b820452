import { toDateInputValue, type Patient, type PatientInput } from '@ewrt/shared';

/** What the form holds while the user types: every field as the text in its input. */
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
    DateOfBirth: patient.DateOfBirth ? toDateInputValue(patient.DateOfBirth) : '',
    MRN: patient.MRN,
    DateofEvent: patient.DateofEvent ? toDateInputValue(patient.DateofEvent) : '',
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

export function formValuesToPatientInput(values: PatientFormValues): PatientInput {
  return {
    FirstName: values.FirstName.trim(),
    Surname: values.Surname.trim(),
    DateOfBirth: values.DateOfBirth.trim(),
    MRN: values.MRN.trim(),
    DateofEvent: optional(values.DateofEvent),
    Solicitorname: optional(values.Solicitorname),
    Solicitorcompany: optional(values.Solicitorcompany),
    Solicitorreference: optional(values.Solicitorreference),
    Ourreference: optional(values.Ourreference),
  };
}
