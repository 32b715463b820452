/** The research assistant's words to the user (RES-03, RES-04). */
export const RESEARCH_MESSAGES = {
  unavailable: (reason: string) => `Research service is not available: ${reason}`,
  statusFailed: 'Unable to check research service status',
  sourcesLoadFailed: 'Failed to load trusted sources',
  noActiveSource:
    'No active trusted sources configured. Please activate at least one source before asking questions.',
  searchFailed: 'Error performing research',
  activated: 'Source activated successfully',
  deactivated: 'Source deactivated successfully',
  toggleFailed: 'Error updating source status',
  nameAndDomainRequired: 'Source name and domain are required',
  added: 'Trusted source added successfully',
  updated: 'Trusted source updated successfully',
  addFailed: 'Error adding trusted source',
  updateFailed: 'Error updating trusted source',
  deleted: 'Trusted source deleted successfully',
  deleteFailed: 'Error deleting trusted source',
  cleared: 'Chat history cleared',
  exported: 'Research report exported successfully',
  exportFailed: 'Error exporting research report',
  nothingToExport: 'No research to export',
} as const;
