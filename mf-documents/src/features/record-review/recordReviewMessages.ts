// What the Records Review screen says (the spec gives no wording for it; the words are used where it has them).
export const RECORD_REVIEW_MESSAGES = {
  explanation:
    "Records review finds copies of the same document in this patient's records (rescans, re-prints, a letter " +
    'copied into another file) and what the records lack: investigations and referrals they mention with no report ' +
    'or letter, records said to follow, stretches without recorded care and missed appointments. Each finding opens ' +
    'the page that raises it.',
  duplicatesLoadFailed: 'The copies could not be loaded.',
  gapsLoadFailed: 'The gaps and missing records could not be loaded.',
  noCopies: (compared: number) =>
    `No copies found among ${compared} processed ${compared === 1 ? 'document' : 'documents'}.`,
  keepFailed: 'The copies could not be set aside.',
  restoreFailed: 'The copy could not be brought back.',
  setAsideNote:
    'A copy set aside stays stored and listed, but record answers, the chronology and the bundle leave it out. ' +
    'Rebuild the chronology and the bundle afterwards.',
  chronologyNeeded:
    'Dated flags (gaps in care, requests, referrals, missed appointments) are read from the medical chronology: build it first.',
  chronologyOutOfDate:
    'The documents have changed since the chronology was built: rebuild it for the latest flags.',
  noFlags: 'Nothing flagged.',
  exportFailed: 'Failed to export the record review',
  exported: 'Record review exported',
  pageImageFailed: 'The page image could not be shown.',
} as const;
