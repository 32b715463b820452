// MSW handlers for the documents and jobs calls, for the tests of this remote. Each takes either the answer's body
// (sent as 200 JSON, or the given status) or a function of what the call received for anything dynamic.
import { answerCallWith, HttpResponse, type CallAnswering } from '@ewrt/shared/testing';

/** An error answer as the server sends it (PROD-04: clients show `message`). */
export function apiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

export const validateDocumentHandler = (answer: CallAnswering<'validateDocument'>) =>
  answerCallWith('validateDocument', answer);

export const uploadDocumentHandler = (answer: CallAnswering<'uploadDocument'>) =>
  answerCallWith('uploadDocument', answer, 202);

export const processingCapabilitiesHandler = (answer: CallAnswering<'getProcessingCapabilities'>) =>
  answerCallWith('getProcessingCapabilities', answer);

export const listPatientDocumentsHandler = (answer: CallAnswering<'listPatientDocuments'>) =>
  answerCallWith('listPatientDocuments', answer);

export const documentDownloadHandler = (answer: CallAnswering<'getDocumentDownload'>) =>
  answerCallWith('getDocumentDownload', answer);

export const deleteDocumentHandler = (answer: CallAnswering<'deleteDocument'>) =>
  answerCallWith('deleteDocument', answer);

export const rebuildPatientVectorsHandler = (answer: CallAnswering<'rebuildPatientVectors'>) =>
  answerCallWith('rebuildPatientVectors', answer, 202);

export const generateFileListHandler = (answer: CallAnswering<'generateFileList'>) =>
  answerCallWith('generateFileList', answer);

export const listPatientJobsHandler = (answer: CallAnswering<'listPatientJobs'>) =>
  answerCallWith('listPatientJobs', answer);

export const jobStatusHandler = (answer: CallAnswering<'getJobStatus'>) =>
  answerCallWith('getJobStatus', answer);

export const cancelJobHandler = (answer: CallAnswering<'cancelJob'>) => answerCallWith('cancelJob', answer);
