import type { Patient } from '@ewrt/shared';

/** How a patient is named everywhere in the area: first name then surname. */
export function patientName(patient: Pick<Patient, 'FirstName' | 'Surname'>): string {
  return `${patient.FirstName} ${patient.Surname}`.trim();
}
