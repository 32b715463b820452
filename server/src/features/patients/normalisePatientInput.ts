import type { PatientInput } from '@ewrt/contract';
import { badRequest } from '../../http/HttpError.js';

/** The nine form fields as stored: trimmed, an absent or blank optional field as null. */
export type PatientFields = { [Field in keyof PatientInput]-?: Exclude<PatientInput[Field], undefined> };

export const DATE_OF_BIRTH_IN_FUTURE = 'Date of birth cannot be in the future';

const trimmedOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Today's date where it is latest on Earth (UTC+14), so nobody's own today is refused as "in the future". */
function latestTodayIso(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The form as the contract validated it, made ready to store; plus the one rule its schema cannot say, since
 * it depends on the clock: a date of birth is not in the future.
 */
export function normalisePatientInput(input: PatientInput, now: Date): PatientFields {
  if (input.DateOfBirth > latestTodayIso(now)) {
    throw badRequest(DATE_OF_BIRTH_IN_FUTURE, { errors: { DateOfBirth: DATE_OF_BIRTH_IN_FUTURE } });
  }
  return {
    FirstName: input.FirstName.trim(),
    Surname: input.Surname.trim(),
    DateOfBirth: input.DateOfBirth,
    MRN: input.MRN.trim(),
    DateofEvent: trimmedOrNull(input.DateofEvent),
    Solicitorname: trimmedOrNull(input.Solicitorname),
    Solicitorcompany: trimmedOrNull(input.Solicitorcompany),
    Solicitorreference: trimmedOrNull(input.Solicitorreference),
    Ourreference: trimmedOrNull(input.Ourreference),
  };
}
