/** What the prompt calls answer, word for word (TPL-02 where the spec gives the text). */
export const PROMPT_MESSAGES = {
  noGroup: 'User group information is not available. Please log in again.',
  notYourUserId: 'Prompts can only be saved under your own user id',
  keepsItsOwner: "A prompt keeps its owner: it cannot be saved under another user's id",
  notYourGroup: 'Prompts can only be saved in your own group',
  groupNotFound: 'Group not found',
  cannotMoveGroup: 'A prompt cannot be moved to another group',
  unknownType: 'Unknown prompt type',
  promptNotFound: 'Prompt not found',
  notAllowedToChange:
    'You can only change your own prompts, unless you are an administrator or the group admin',
  added: 'Prompt added successfully',
  updated: 'Prompt updated successfully',
  deleted: 'Prompt deleted successfully',
  typeCreated: 'Prompt type created successfully',
  typeNameTaken: 'A prompt type with this name already exists',
  unknownDefaultTypes: (ids: readonly number[]) => `Unknown default report type ${idList(ids)}`,
  unknownDefaultPrompts: (ids: readonly number[]) => `Unknown default prompt ${idList(ids)}`,
  nothingSelected: 'Please select at least one item to import.',
  imported: (counts: ImportCounts) => importedMessage(counts),
} as const;

export interface ImportCounts {
  importedTypes: number;
  importedLookups: number;
  skippedTypes: number;
  skippedLookups: number;
}

const idList = (ids: readonly number[]) => `id${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`;

const plural = (count: number, singular: string, pluralForm: string) =>
  `${count} ${count === 1 ? singular : pluralForm}`;

/** 'Imported 3 report types and 27 prompts', and what was already there when anything was. */
function importedMessage(counts: ImportCounts): string {
  const imported = `Imported ${plural(counts.importedTypes, 'report type', 'report types')} and ${plural(
    counts.importedLookups,
    'prompt',
    'prompts',
  )}`;
  const skipped: string[] = [];
  if (counts.skippedTypes > 0) skipped.push(plural(counts.skippedTypes, 'report type', 'report types'));
  if (counts.skippedLookups > 0) skipped.push(plural(counts.skippedLookups, 'prompt', 'prompts'));
  if (skipped.length === 0) return imported;
  const were = counts.skippedTypes + counts.skippedLookups === 1 ? 'was' : 'were';
  return `${imported}; ${skipped.join(' and ')} your group already had ${were} not copied again`;
}
