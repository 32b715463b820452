import type { Patient } from '@ewrt/shared';

export type PatientSortField =
  | 'FirstName'
  | 'Surname'
  | 'MRN'
  | 'DateOfBirth'
  | 'Solicitorname'
  | 'Solicitorcompany'
  | 'Solicitorreference';

export type SortDirection = 'ascend' | 'descend';

export interface PatientSort {
  field: PatientSortField;
  direction: SortDirection;
}

export const DEFAULT_PATIENT_SORT: PatientSort = { field: 'Surname', direction: 'ascend' };

/** Clicking a header sorts by it ascending; clicking the sorted header again flips the direction. */
export function nextPatientSort(current: PatientSort, clicked: PatientSortField): PatientSort {
  if (current.field !== clicked) return { field: clicked, direction: 'ascend' };
  return { field: clicked, direction: current.direction === 'ascend' ? 'descend' : 'ascend' };
}

/** Case-insensitive string comparison; empty values count as empty strings. */
export function sortPatients(patients: readonly Patient[], sort: PatientSort): Patient[] {
  const factor = sort.direction === 'ascend' ? 1 : -1;
  return [...patients].sort((a, b) => {
    const left = (a[sort.field] ?? '').toLowerCase();
    const right = (b[sort.field] ?? '').toLowerCase();
    if (left === right) return 0;
    return (left < right ? -1 : 1) * factor;
  });
}
