// The import dialog's user-visible messages: DRF-06 verbatim where the spec gives them.
export const IMPORT_MESSAGES = {
  loadFailed: 'Failed to load default prompts',
  importFailed: 'Failed to import selected items',
  nothingSelected: 'Please select at least one item to import.',
} as const;
