// Test data and MSW handlers for the generated document calls (part 3 §7 "Draft reports and prompts": the
// /api/documents/gai calls) and the patient the screen loads from ?patientId=. Each handler takes either the
// answer's body (sent as JSON with status 200) or an MSW resolver for anything dynamic.
import type {
  DownloadLinkResponse,
  GeneratedDocument,
  GeneratedDocumentsResponse,
  MessageResponse,
  Patient,
} from '@ewrt/contract';
import { apiUrl, http, HttpResponse } from '@ewrt/shared/testing';
import type { HttpResponseResolver, PathParams } from 'msw';

type Resolver = HttpResponseResolver<PathParams, never>;
/** A handler's answer: the body (sent as JSON with status 200) or a resolver. */
export type GeneratedReportAnswer<Body> = Body | Resolver;

function respond<Body>(answer: GeneratedReportAnswer<Body>): Resolver {
  return typeof answer === 'function'
    ? (answer as Resolver)
    : () => HttpResponse.json(answer as Parameters<typeof HttpResponse.json>[0]);
}

/** An error answer as the server sends it (clients show its `message`). */
export function generatedReportApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareGeneratedReportError = () => new HttpResponse(null, { status: 500 });

export const listGeneratedDocumentsHandler = (answer: GeneratedReportAnswer<GeneratedDocumentsResponse>) =>
  http.get(apiUrl('/api/documents/gai/:patientId'), respond(answer));

export const generatedDocumentDownloadHandler = (answer: GeneratedReportAnswer<DownloadLinkResponse>) =>
  http.get(apiUrl('/api/documents/gai/download/:patientId/:s3_key'), respond(answer));

export const deleteGeneratedDocumentHandler = (answer: GeneratedReportAnswer<MessageResponse>) =>
  http.delete(apiUrl('/api/documents/gai/delete/:patientId/:s3_key'), respond(answer));

/** GET /api/patients/:id, as the screen loads the ?patientId= patient. */
export const getPatientHandler = (answer: GeneratedReportAnswer<Patient>) =>
  http.get(apiUrl('/api/patients/:id'), respond(answer));

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
