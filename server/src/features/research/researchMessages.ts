/** What the research calls answer, word for word (RES-03 and RES-04 where the spec gives the text). */
export const RESEARCH_MESSAGES = {
  noToolsFeature: 'Your access level does not include the chatbot and research tools',
  sourceRequired: 'Source name and domain are required',
  sourceAdded: 'Trusted source added successfully',
  sourceUpdated: 'Trusted source updated successfully',
  sourceDeleted: 'Trusted source deleted successfully',
  sourceActivated: 'Source activated successfully',
  sourceDeactivated: 'Source deactivated successfully',
  sourceNotFound: 'Trusted source not found',
  defaultNotDeletable: 'Default sources cannot be deleted',
  duplicateDomain: (domain: string) => `You already have a trusted source for ${domain}`,
  noActiveSources:
    'No active trusted sources configured. Please activate at least one source before asking questions.',
  webSearchNotConfigured:
    'Web search is not configured: set WEB_SEARCH_URL to a SearXNG instance (see the README)',
  readyWithModel: 'Research service is ready',
  readyWithoutModel:
    'Research service is ready: no language model is configured, so answers list the matching pages of your trusted sources instead of a written answer',
  nothingToExport: 'No research to export',
} as const;
