// Test data for the generated document calls and the patient the screen loads from ?patientId=.
import type { GeneratedDocument, GeneratedDocumentsResponse } from '@ewrt/contract';
import { HttpResponse } from '@ewrt/shared/testing';

/** An error answer as the server sends it (clients show its `message`). */
export function generatedReportApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareGeneratedReportError = () => new HttpResponse(null, { status: 500 });

/** One generated report of patient 101; override any field. */
export function makeGeneratedDocument(overrides: Partial<GeneratedDocument> = {}): GeneratedDocument {
  return {
    filename: 'Example_Alex_DraftReport_2026-03-02.docx',
    size_bytes: 2_621_440,
    created_date: '2026-03-02T14:35:00.000Z',
    job_id: 42,
    s3_key: 'patients/101/generated/job-42/Example_Alex_DraftReport_2026-03-02.docx',
    format: 'DOCX',
    report_type: 'Personal injury',
    created_by: 'Dr Asha Patel',
    ...overrides,
  };
}

/** The list answer for these documents; the total size is the server's own figure. */
export function generatedDocumentsListing(
  documents: GeneratedDocument[],
  totalSizeMb: number,
): GeneratedDocumentsResponse {
  return { success: true, documents, total_documents: documents.length, total_size_mb: totalSizeMb };
}
