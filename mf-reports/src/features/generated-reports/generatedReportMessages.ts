// The user-visible texts of the generated reports screen: DRF-07 verbatim, the rest plain.
import { MESSAGES } from '@ewrt/shared';

export const GENERATED_REPORT_MESSAGES = {
  noPatientSelected: MESSAGES.noPatientSelected,
  loadPatientFailed: MESSAGES.loadPatientFailed,
  loadFailed: 'Error loading generative AI documents',
  downloadFailed: 'Failed to download document',
  downloaded: 'Document downloaded successfully',
  deleteFailed: 'Failed to delete document',
  deleted: 'Document deleted successfully',
  noneYet: 'No draft reports have been generated for this patient yet.',
  noMatch: 'No generated reports match your search.',
} as const;
