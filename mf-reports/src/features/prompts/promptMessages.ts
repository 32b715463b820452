// The prompt editor's user-visible messages: TPL-02 verbatim where the spec gives them.
export const PROMPT_MESSAGES = {
  titleRequired: 'Title is required',
  typeRequired: 'Type is required',
  contentRequired: 'Prompt Content is required',
  typeNameRequired: 'Type name is required',
  added: 'Prompt added successfully',
  updated: 'Prompt updated successfully',
  deleted: 'Prompt deleted successfully',
  typeCreated: 'Prompt type created successfully',
  loadFailed: 'Failed to load prompts',
  addFailed: 'Failed to add prompt',
  updateFailed: 'Failed to update prompt',
  deleteFailed: 'Failed to delete prompt',
  createTypeFailed: 'Failed to create prompt type',
} as const;
