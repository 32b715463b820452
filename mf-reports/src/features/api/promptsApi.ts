// The prompt and default-import calls.
import type {
  DefaultLookup,
  DefaultLookupType,
  DefaultsImportResponse,
  Lookup,
  LookupSavedResponse,
  LookupSaveRequest,
  LookupType,
  LookupTypeCreatedResponse,
  MessageResponse,
} from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

export async function listPrompts(): Promise<Lookup[]> {
  return (await callApi('listLookups')).lookups;
}

export async function listPromptTypes(): Promise<LookupType[]> {
  return (await callApi('listLookupTypes')).lookupTypes;
}

export function addPrompt(prompt: LookupSaveRequest): Promise<LookupSavedResponse> {
  return callApi('createLookup', { body: prompt });
}

export function updatePrompt(id: number, prompt: LookupSaveRequest): Promise<LookupSavedResponse> {
  return callApi('updateLookup', { params: { id }, body: prompt });
}

export function deletePrompt(id: number): Promise<MessageResponse> {
  return callApi('deleteLookup', { params: { id } });
}

export function createPromptType(name: string): Promise<LookupTypeCreatedResponse> {
  return callApi('createLookupType', { body: { LookupTypeText: name } });
}

/** The spec's cache invalidation after an import: a failure is ignored. */
export async function invalidateUserCache(): Promise<void> {
  try {
    await callApi('invalidateUserCache');
  } catch {
    // Nothing to tell the user: the import itself succeeded.
  }
}

export async function defaultsAvailable(): Promise<boolean> {
  return (await callApi('defaultsAvailable')).available;
}

export interface DefaultPromptSet {
  types: DefaultLookupType[];
  prompts: DefaultLookup[];
}

/** The provider's default types and prompts, fetched together for the import dialog. */
export async function loadDefaultPromptSet(): Promise<DefaultPromptSet> {
  const [types, prompts] = await Promise.all([
    callApi('listDefaultLookupTypes'),
    callApi('listDefaultLookups'),
  ]);
  return { types: types.lookup_types, prompts: prompts.lookups };
}

export function importDefaults(
  lookupTypeIds: number[],
  lookupIds: number[],
): Promise<DefaultsImportResponse> {
  return callApi('importDefaults', { body: { lookupTypeIds, lookupIds } });
}
