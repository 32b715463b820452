// The user-visible texts of document processing: those of DOC-04, DOC-03 and DOC-02 verbatim, and the card statuses.
import { MESSAGES } from '@ewrt/shared';

export const PROCESSING_MESSAGES = {
  loadPatientFromQueryFailed: MESSAGES.loadPatientFromQueryFailed,
  searchFailed: 'Error searching for patients',
  validateFailed: 'Failed to validate file',
  validationError: 'Validation error',
  validationFailed: (errors: readonly string[]) => `Validation failed: ${errors.join(', ')}`,
  processingFailed: 'Processing failed',
  unknownError: 'Unknown error',
  selectPatientAndFiles: 'Please select a patient and files',
  noValidFiles: 'No valid files to process',
  timedOut: 'Processing timed out - check job monitoring page',
  jobTimedOut: 'Job timed out after 10 minutes',
  takingLonger: 'Some jobs are taking longer than expected...',
  checkStatusFailed: 'Failed to check job status',

  validating: 'Validating...',
  ready: 'Ready to process',
  uploading: 'Uploading...',
  queued: 'Processing in background...',
  completed: 'Processing completed',
  cancelled: 'Processing cancelled',
} as const;
