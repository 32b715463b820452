import { dateLabelBefore } from '../../platform/dates/dateLabelBefore.js';
import { readUkDates } from '../../platform/dates/readUkDates.js';

/**
 * The first date written in `text` the way UK records write it (day before month: 03/04/2023 is 3 April 2023; a
 * month alone stands for its first day), as an ISO date, or null when there is none. A date of birth ("DOB",
 * "Date of birth", "born") or a printing date ("printed") is not the document's date and is passed over; so is an
 * impossible one (31/02/2023).
 */
export function findDocumentDate(text: string, referenceYear = new Date().getUTCFullYear()): string | null {
  const date = readUkDates(text, { referenceYear }).find((candidate) => {
    const label = dateLabelBefore(text, candidate.start);
    return label !== 'birth' && label !== 'printed';
  });
  return date?.iso ?? null;
}
