// The prompt and default-import calls of part 3 §7 ("Draft reports and prompts", "Default prompt import").
import type {
  DefaultLookup,
  DefaultLookupsResponse,
  DefaultLookupType,
  DefaultLookupTypesResponse,
  DefaultsAvailableResponse,
  DefaultsImportResponse,
  Lookup,
  LookupListResponse,
  LookupSavedResponse,
  LookupSaveRequest,
  LookupType,
  LookupTypeCreatedResponse,
  LookupTypeListResponse,
  MessageResponse,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

export async function listPrompts(): Promise<Lookup[]> {
  const { data } = await apiClient.get<LookupListResponse>('/api/lookups');
  return data.lookups;
}

export async function listPromptTypes(): Promise<LookupType[]> {
  const { data } = await apiClient.get<LookupTypeListResponse>('/api/lookup-types');
  return data.lookupTypes;
}

export async function addPrompt(prompt: LookupSaveRequest): Promise<LookupSavedResponse> {
  const { data } = await apiClient.post<LookupSavedResponse>('/api/lookups', prompt);
  return data;
}

export async function updatePrompt(id: number, prompt: LookupSaveRequest): Promise<LookupSavedResponse> {
  const { data } = await apiClient.put<LookupSavedResponse>(`/api/lookups/${encodeURIComponent(id)}`, prompt);
  return data;
}

export async function deletePrompt(id: number): Promise<MessageResponse> {
  const { data } = await apiClient.delete<MessageResponse>(`/api/lookups/${encodeURIComponent(id)}`);
  return data;
}

export async function createPromptType(name: string): Promise<LookupTypeCreatedResponse> {
  const { data } = await apiClient.post<LookupTypeCreatedResponse>('/api/lookup-types', {
    LookupTypeText: name,
  });
  return data;
}

/** The spec's cache invalidation after an import: a failure is ignored (part 3 §7). */
export async function invalidateUserCache(): Promise<void> {
  try {
    await apiClient.post('/api/cache/invalidate-user');
  } catch {
    // Nothing to tell the user: the import itself succeeded.
  }
}

export async function defaultsAvailable(): Promise<boolean> {
  const { data } = await apiClient.get<DefaultsAvailableResponse>('/api/defaults/available');
  return data.available;
}

export interface DefaultPromptSet {
  types: DefaultLookupType[];
  prompts: DefaultLookup[];
}

/** The provider's default types and prompts, fetched together for the import dialog. */
export async function loadDefaultPromptSet(): Promise<DefaultPromptSet> {
  const [types, prompts] = await Promise.all([
    apiClient.get<DefaultLookupTypesResponse>('/api/defaults/lookup-types'),
    apiClient.get<DefaultLookupsResponse>('/api/defaults/lookups'),
  ]);
  return { types: types.data.lookup_types, prompts: prompts.data.lookups };
}

export async function importDefaults(
  lookupTypeIds: number[],
  lookupIds: number[],
): Promise<DefaultsImportResponse> {
  const { data } = await apiClient.post<DefaultsImportResponse>('/api/defaults/import', {
    lookupTypeIds,
    lookupIds,
  });
  return data;
}
