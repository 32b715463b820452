// Test data for the record review calls.
import type {
  DuplicateDocument,
  DuplicateGroupsResponse,
  RecordFlag,
  RecordGapsResponse,
} from '@ewrt/contract';

/** A processed one-page letter in the records. */
export function makeDuplicateDocument(overrides: Partial<DuplicateDocument> = {}): DuplicateDocument {
  return {
    filename: 'spinal-letter.pdf',
    s3_key: 'key_spinal_letter_000001',
    page_count: 1,
    ocr_page_count: 0,
    processed_date: '2026-01-05T10:00:00.000Z',
    similarity: 1,
    set_aside: false,
    copy_of_s3_key: null,
    set_aside_at: null,
    set_aside_by: null,
    ...overrides,
  };
}

/** A typed letter and its rescan (read by OCR), 78% alike. */
export function makeDuplicateGroups(rescan: Partial<DuplicateDocument> = {}): DuplicateGroupsResponse {
  return {
    threshold: 0.5,
    documents_compared: 3,
    set_aside_count: rescan.set_aside ? 1 : 0,
    copied_pages: [],
    groups: [
      {
        similarity: 0.78,
        documents: [
          makeDuplicateDocument(),
          makeDuplicateDocument({
            filename: 'spinal-letter-rescan.pdf',
            s3_key: 'key_spinal_rescan_000002',
            ocr_page_count: 1,
            similarity: 0.78,
            ...rescan,
          }),
        ],
      },
    ],
  };
}

/** A requested MRI with no report in the records, on page 1 of the letter. */
export function makeRecordFlag(overrides: Partial<RecordFlag> = {}): RecordFlag {
  return {
    kind: 'missing record',
    title: 'MRI requested on 05/06/2023: no MRI report is in the records',
    passage: 'I requested an MRI of the lumbar spine on 05/06/2023 to look for a disc prolapse.',
    date: '2023-06-05',
    end_date: null,
    days: null,
    places: [
      {
        filename: 'spinal-letter.pdf',
        s3_key: 'key_spinal_letter_000001',
        page: 1,
        bundle_page: 4,
        chunk_id: 501,
      },
    ],
    ...overrides,
  };
}

export function makeRecordGaps(
  flags: readonly RecordFlag[] = [],
  overrides: Partial<RecordGapsResponse> = {},
): RecordGapsResponse {
  return {
    chronology_state: 'ready',
    chronology_out_of_date: false,
    gap_days: 180,
    missed_appointments: flags.filter((flag) => flag.kind === 'missed appointment').length,
    flags: [...flags],
    ...overrides,
  };
}
