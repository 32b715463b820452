import type { StoredPatient } from '../patients/StoredPatient.js';
import { londonIsoDate } from './bundleDates.js';

/** A name part safe in a file name: letters, digits and hyphens, runs of anything else as one hyphen. */
function namePart(value: string): string {
  return (
    value
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}-]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'Patient'
  );
}

/** `<Surname>_<FirstName>_bundle_<YYYY-MM-DD>.pdf`, dated the day it was made in the UK. */
export function bundleFilename(patient: Pick<StoredPatient, 'Surname' | 'FirstName'>, madeAt: Date): string {
  return `${namePart(patient.Surname)}_${namePart(patient.FirstName)}_bundle_${londonIsoDate(madeAt)}.pdf`;
}
