import { useMemo } from 'react';
import { uploadDocument, validateDocument, type UploadDocumentOptions } from '../api/documentsApi';
import { getJobStatus } from '../api/jobsApi';
import { PROCESSING_MESSAGES } from './processingMessages';
import { useUploadProcessing, type UploadCalls, type UploadProcessing } from './useUploadProcessing';

export type DocumentProcessing = UploadProcessing;

const PATIENT_REFUSALS = {
  nothingSelected: PROCESSING_MESSAGES.selectPatientAndFiles,
  noValidFiles: PROCESSING_MESSAGES.noValidFiles,
  uploadFailed: PROCESSING_MESSAGES.processingFailed,
};

/** The patient processing screen's files, sent to the chosen patient's records (nothing is sent without one). */
export function useDocumentProcessing(patientId: number | null): DocumentProcessing {
  const calls = useMemo<UploadCalls>(
    () => ({
      validate: validateDocument,
      upload:
        patientId === null
          ? null
          : (file: File, options: UploadDocumentOptions) => uploadDocument(patientId, file, options),
      readJobStatus: getJobStatus,
    }),
    [patientId],
  );
  return useUploadProcessing(calls, PATIENT_REFUSALS);
}
