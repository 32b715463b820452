// The user-visible texts of document search (DOC-08), verbatim.
import { MESSAGES } from '@ewrt/shared';

export const SEARCH_MESSAGES = {
  noPatientSelected: MESSAGES.noPatientSelected,
  loadPatientFailed: MESSAGES.loadPatientFailed,
  loadDocumentsFailed: 'Error loading patient documents',
  downloadFailed: 'Failed to download document',
  fileListFailed: 'Failed to generate file list',
  nothingToList: 'No documents available to download',
} as const;
