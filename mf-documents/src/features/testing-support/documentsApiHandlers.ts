// MSW handlers for the documents and jobs calls, for the tests of this remote. Each takes either the answer's body
// (sent as 200 JSON, or the given status) or an MSW resolver for anything dynamic.
import type {
  DocumentDeleteResponse,
  DocumentUploadResponse,
  DocumentValidationResult,
  DownloadLinkResponse,
  Job,
  JobCancelResponse,
  JobStatusResponse,
  PatientDocumentListResponse,
  ProcessingCapabilities,
  RebuildVectorsResponse,
} from '@ewrt/contract';
import { apiUrl, http, HttpResponse } from '@ewrt/shared/testing';
import type { HttpResponseResolver, PathParams } from 'msw';

type Resolver = HttpResponseResolver<PathParams, never>;
/** A handler's answer: the body (sent as JSON with the handler's status) or a resolver. */
export type Answer<Body> = Body | Resolver;

export function respond<Body>(answer: Answer<Body>, status: number): Resolver {
  return typeof answer === 'function'
    ? (answer as Resolver)
    : () => HttpResponse.json(answer as Parameters<typeof HttpResponse.json>[0], { status });
}

/** An error answer as the server sends it (part 1 §8: clients show `message`). */
export function apiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

export const validateDocumentHandler = (answer: Answer<DocumentValidationResult>) =>
  http.post(apiUrl('/api/documents/validate'), respond(answer, 200));

export const uploadDocumentHandler = (answer: Answer<DocumentUploadResponse>) =>
  http.post(apiUrl('/api/documents/upload'), respond(answer, 202));

export const processingCapabilitiesHandler = (answer: Answer<ProcessingCapabilities>) =>
  http.get(apiUrl('/api/documents/capabilities'), respond(answer, 200));

export const listPatientDocumentsHandler = (answer: Answer<PatientDocumentListResponse>) =>
  http.get(apiUrl('/api/documents/patient/:patientId'), respond(answer, 200));

export const documentDownloadHandler = (answer: Answer<DownloadLinkResponse>) =>
  http.get(apiUrl('/api/documents/download/:patientId/:s3Key'), respond(answer, 200));

export const deleteDocumentHandler = (answer: Answer<DocumentDeleteResponse>) =>
  http.delete(apiUrl('/api/documents/delete/:patientId'), respond(answer, 200));

export const rebuildPatientVectorsHandler = (answer: Answer<RebuildVectorsResponse>) =>
  http.post(apiUrl('/api/documents/patient/:patientId/rebuild-vectors'), respond(answer, 202));

export const generateFileListHandler = (answer: Answer<DownloadLinkResponse>) =>
  http.post(apiUrl('/api/documents/patient/:patientId/generate-file-list'), respond(answer, 200));

export const listPatientJobsHandler = (answer: Answer<{ jobs: Job[] }>) =>
  http.get(apiUrl('/api/patients/:id/jobs'), respond(answer, 200));

export const jobStatusHandler = (answer: Answer<JobStatusResponse>) =>
  http.get(apiUrl('/api/jobs/:id/status'), respond(answer, 200));

export const cancelJobHandler = (answer: Answer<JobCancelResponse>) =>
  http.post(apiUrl('/api/jobs/:id/cancel'), respond(answer, 200));
