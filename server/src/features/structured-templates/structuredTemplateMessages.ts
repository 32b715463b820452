/** What the structured template calls answer; the spec's wording where it gives one (TPL-10). */
export const STRUCTURED_TEMPLATE_MESSAGES = {
  created: 'Template created successfully!',
  updated: 'Template updated successfully!',
  deleted: 'Template deleted successfully',
  nothingCached: 'Nothing is cached: templates are read afresh',
  noGroup: 'You must belong to a group to use structured templates',
  notFound: 'Template not found',
  ownerOnly: "Only the template's owner can change it",
} as const;
