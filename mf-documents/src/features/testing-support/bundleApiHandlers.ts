// Test data for the record bundle calls, for the tests of this remote.
import type { BundleDocument, BundleStateResponse, RecordBundle } from '@ewrt/contract';

/** A processed document of patient 101 as the bundle lists it. */
export function makeBundleDocument(overrides: Partial<BundleDocument> = {}): BundleDocument {
  const filename = overrides.filename ?? 'discharge-summary.pdf';
  return {
    s3_key: 'key_discharge_0001',
    filename,
    description: filename,
    description_source: 'filename',
    file_type: 'pdf',
    document_date: '2023-04-03',
    uploaded_at: '2026-01-06T10:15:00.000Z',
    page_count: 2,
    position: 1,
    ...overrides,
  };
}

/** A completed bundle of the given documents, each placed after a one-page index. */
export function makeRecordBundle(
  documents: readonly BundleDocument[],
  overrides: Partial<RecordBundle> = {},
): RecordBundle {
  let next = 2;
  const entries = documents.map((document) => {
    const first = next;
    next += document.page_count ?? 1;
    return {
      s3_key: document.s3_key,
      filename: document.filename,
      description: document.description,
      document_date: document.document_date,
      first_page: first,
      last_page: next - 1,
    };
  });
  return {
    id: 7,
    status: 'completed',
    job_id: 90,
    page_count: next - 1,
    index_pages: 1,
    filename: 'Example_Alex_bundle_2026-01-07.pdf',
    created_at: '2026-01-07T09:00:00.000Z',
    completed_at: '2026-01-07T09:00:05.000Z',
    error_message: null,
    out_of_date: false,
    entries,
    omitted_duplicates: [],
    ...overrides,
  };
}

/** The bundle state of patient 101. */
export function makeBundleState(overrides: Partial<BundleStateResponse> = {}): BundleStateResponse {
  return {
    documents: [],
    order_saved: false,
    omitted_duplicates: [],
    bundle: null,
    active_job: null,
    ...overrides,
  };
}
