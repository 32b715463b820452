import type { Patient } from '@ewrt/shared';

/** How a patient is named in this area: first name then surname, as in the patients area. */
export function patientName(patient: Pick<Patient, 'FirstName' | 'Surname'>): string {
  return `${patient.FirstName} ${patient.Surname}`.trim();
}
