// What the chronology screen says (the spec gives no wording for it; the words are used where it has them).
import { MESSAGES } from '@ewrt/shared';

export const CHRONOLOGY_MESSAGES = {
  loadPatientFailed: MESSAGES.loadPatientFailed,
  loadFailed: 'The chronology could not be loaded.',
  buildFailed: 'The chronology could not be started.',
  jobFailed: (reason: string) => `The chronology could not be built: ${reason}`,
  jobFailedWithoutReason: 'The chronology could not be built.',
  jobCancelled: 'The chronology build was cancelled.',
  ready: (events: number) => `The chronology is ready: ${events} ${events === 1 ? 'event' : 'events'}`,
  exportFailed: 'Failed to export the chronology',
  exported: 'Chronology exported',
  outOfDate: 'Out of date: documents changed since it was built.',
  outOfDateAdvice: 'Rebuild the chronology to include the documents added, removed or re-read since.',
  explanation:
    "The chronology lists every dated clinical event in this patient's records (consultations, emergency " +
    'attendances, missed appointments, referrals, imaging, operations, admissions, discharges, prescriptions, ' +
    'therapy, test results and correspondence) in date order, planned care marked as planned, each with ' +
    'the file and page that state it, around the Date of Event. Build it once the records are processed; it is ' +
    'marked out of date when the documents change.',
  // The same sentence as the Word export's.
  noModel:
    'No language model is configured: each event is shown as the passage of the record that states it, and its ' +
    'kind and clinician were found by simple rules.',
  describedBy: (label: string) => `Events described by ${label}`,
  unsupportedSummary: '(not found in the passage)',
  noEvents: 'No dated clinical events were found in the records.',
  noMatchingEvents: 'No events match the filters.',
  maySwap: 'Day and month may be swapped',
  maySwapReadings: (read: string, other: string) => `Read as ${read}; may be ${other}`,
  planned: 'Planned',
  unreadDatesTitle: 'Unread dates',
  unreadDatesExplanation:
    'These dates are written in the records but no reading makes them a real day (for example 31/09/2021), so ' +
    'they are not in the chronology. Check each on its page.',
  unreadDate: 'Unread date',
} as const;
