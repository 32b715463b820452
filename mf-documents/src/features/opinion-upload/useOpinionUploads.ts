import { useMemo } from 'react';
import { useSession } from '@ewrt/shared';
import type { UploadDocumentOptions } from '../api/documentsApi';
import { getOpinionJobStatus, uploadOpinionDocument, validateOpinionDocument } from '../api/opinionsApi';
import { useUploadProcessing, type UploadCalls, type UploadProcessing } from '../process/useUploadProcessing';
import { OPINION_UPLOAD_MESSAGES } from './opinionUploadMessages';

const OPINION_REFUSALS = {
  nothingSelected: OPINION_UPLOAD_MESSAGES.selectDocumentsFirst,
  noValidFiles: OPINION_UPLOAD_MESSAGES.noValidDocuments,
  uploadFailed: OPINION_UPLOAD_MESSAGES.processingFailed,
};

/** The opinion upload screen's files, sent to the signed-in user's own opinion corpus. */
export function useOpinionUploads(): UploadProcessing {
  const userId = useSession().user?.ID_User ?? null;
  const calls = useMemo<UploadCalls>(
    () => ({
      validate: validateOpinionDocument,
      upload:
        userId === null
          ? null
          : (file: File, options: UploadDocumentOptions) => uploadOpinionDocument(userId, file, options),
      readJobStatus: getOpinionJobStatus,
    }),
    [userId],
  );
  return useUploadProcessing(calls, OPINION_REFUSALS);
}
