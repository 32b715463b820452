import type { DefaultLookup, DefaultLookupType, DefaultsImportRequest } from '@ewrt/contract';
import type { DefaultPromptSet } from '../api/promptsApi';

/** The default types and prompts chosen for import, by id. */
export interface ImportSelection {
  typeIds: ReadonlySet<number>;
  promptIds: ReadonlySet<number>;
}

export const NOTHING_SELECTED: ImportSelection = { typeIds: new Set(), promptIds: new Set() };

/** DRF-06: selecting a type selects all its prompts; unselecting it removes them. */
export function setTypeSelected(
  selection: ImportSelection,
  set: DefaultPromptSet,
  typeId: number,
  selected: boolean,
): ImportSelection {
  const typeIds = new Set(selection.typeIds);
  const promptIds = new Set(selection.promptIds);
  if (selected) typeIds.add(typeId);
  else typeIds.delete(typeId);
  for (const prompt of set.prompts) {
    if (prompt.LookupType !== typeId) continue;
    if (selected) promptIds.add(prompt.ID_Lookup);
    else promptIds.delete(prompt.ID_Lookup);
  }
  return { typeIds, promptIds };
}

/** A prompt on its own: its type's choice is left as it is (the server brings the type along when needed). */
export function setPromptSelected(
  selection: ImportSelection,
  promptId: number,
  selected: boolean,
): ImportSelection {
  const promptIds = new Set(selection.promptIds);
  if (selected) promptIds.add(promptId);
  else promptIds.delete(promptId);
  return { typeIds: selection.typeIds, promptIds };
}

/** Select All: every type and every prompt of the set. */
export function selectEverything(set: DefaultPromptSet): ImportSelection {
  return {
    typeIds: new Set(set.types.map((type) => type.ID_LookupType)),
    promptIds: new Set(set.prompts.map((prompt) => prompt.ID_Lookup)),
  };
}

/** What Import Selected (n) counts: types and prompts together. */
export function selectedItemCount(selection: ImportSelection): number {
  return selection.typeIds.size + selection.promptIds.size;
}

const counted = (count: number, singular: string, plural: string) =>
  `${count} ${count === 1 ? singular : plural}`;

/** The counter under the lists, e.g. '1 type and 4 prompts selected'. */
export function selectionSummary(selection: ImportSelection): string {
  return `${counted(selection.typeIds.size, 'type', 'types')} and ${counted(
    selection.promptIds.size,
    'prompt',
    'prompts',
  )} selected`;
}

/** The body of the importDefaults call, ids in ascending order. */
export function importRequestOf(selection: ImportSelection): DefaultsImportRequest {
  const ascending = (ids: ReadonlySet<number>) => [...ids].sort((a, b) => a - b);
  return { lookupTypeIds: ascending(selection.typeIds), lookupIds: ascending(selection.promptIds) };
}

/** The prompts of one report type, as the second list shows them. */
export interface DefaultPromptGroup {
  typeId: number;
  typeName: string;
  prompts: DefaultLookup[];
}

/**
 * The set's prompts grouped by report type, in the order of the types. A prompt whose type the set does not list
 * still shows, under its type's id, so that nothing on offer is hidden.
 */
export function groupPromptsByType(set: DefaultPromptSet): DefaultPromptGroup[] {
  const groups = new Map<number, DefaultPromptGroup>(
    set.types.map((type: DefaultLookupType) => [
      type.ID_LookupType,
      { typeId: type.ID_LookupType, typeName: type.LookupTypeText, prompts: [] },
    ]),
  );
  for (const prompt of set.prompts) {
    let group = groups.get(prompt.LookupType);
    if (!group) {
      group = { typeId: prompt.LookupType, typeName: `Report type ${prompt.LookupType}`, prompts: [] };
      groups.set(prompt.LookupType, group);
    }
    group.prompts.push(prompt);
  }
  return [...groups.values()].filter((group) => group.prompts.length > 0);
}
