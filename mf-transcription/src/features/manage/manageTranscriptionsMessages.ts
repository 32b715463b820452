// The Manage Transcriptions screen's words: TRN-07 verbatim, plus this screen's own.
import { MESSAGES } from '@ewrt/shared';

export const MANAGE_TRANSCRIPTIONS_MESSAGES = {
  noPatientSelected: 'Please select a patient to manage transcriptions',
  loadPatientFailed: MESSAGES.loadPatientFailed,
  loadFailed: 'Failed to load transcriptions',
  downloadFailed: 'Failed to download transcription',
  noDocument: 'No document available for download',
  downloaded: (filename: string) => `${filename} downloaded`,
  deleted: 'Transcription deleted successfully',
  deleteFailed: 'Failed to delete transcription',
  deleteWarning:
    'The transcription and its associated document will be permanently deleted. This cannot be undone.',
  noPreview: 'No preview available',
  noCompleted: 'No completed transcriptions yet.',
  noIncomplete: 'No incomplete transcriptions.',
  notRecorded: 'Not recorded',
} as const;
