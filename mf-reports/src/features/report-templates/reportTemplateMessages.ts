// The report templates screen's messages: those of TPL-05 verbatim, and the name rule of TPL-05.
export const REPORT_TEMPLATE_MESSAGES = {
  loadFailed: 'Failed to load report templates',
  uploadFailed: 'Failed to upload report template',
  downloadFailed: 'Failed to download report template',
  updateFailed: 'Failed to update report template',
  deleteFailed: 'Failed to delete report template',
  nameRequired: 'Template name is required',
  noDescription: 'No description',
} as const;
