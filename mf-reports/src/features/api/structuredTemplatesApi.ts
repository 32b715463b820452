// The structured template calls of part 3 §7. Every change is followed by the spec's cache invalidation.
import type {
  MessageResponse,
  StructuredTemplateDetail,
  StructuredTemplateListItem,
  StructuredTemplateListResponse,
  StructuredTemplatePreviewResponse,
  StructuredTemplateSavedResponse,
  StructuredTemplateSaveRequest,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

const BASE = '/api/structured-templates/structured-templates';
const templatePath = (id: number) => `${BASE}/${encodeURIComponent(id)}`;

async function invalidateCache(): Promise<void> {
  try {
    await apiClient.post('/api/cache/structured-templates/invalidate');
  } catch {
    // The change itself is saved; the server reads templates afresh in any case.
  }
}

export async function listStructuredTemplates(): Promise<StructuredTemplateListItem[]> {
  const { data } = await apiClient.get<StructuredTemplateListResponse>(BASE);
  return data.templates;
}

export async function getStructuredTemplate(id: number): Promise<StructuredTemplateDetail> {
  const { data } = await apiClient.get<StructuredTemplateDetail>(templatePath(id));
  return data;
}

export async function previewStructuredTemplate(
  id: number,
): Promise<StructuredTemplatePreviewResponse['preview']> {
  const { data } = await apiClient.get<StructuredTemplatePreviewResponse>(`${templatePath(id)}/preview`);
  return data.preview;
}

export async function createStructuredTemplate(
  template: StructuredTemplateSaveRequest,
): Promise<StructuredTemplateSavedResponse> {
  const { data } = await apiClient.post<StructuredTemplateSavedResponse>(BASE, template);
  await invalidateCache();
  return data;
}

export async function updateStructuredTemplate(
  id: number,
  template: StructuredTemplateSaveRequest,
): Promise<StructuredTemplateSavedResponse> {
  const { data } = await apiClient.put<StructuredTemplateSavedResponse>(templatePath(id), template);
  await invalidateCache();
  return data;
}

export async function deleteStructuredTemplate(id: number): Promise<MessageResponse> {
  const { data } = await apiClient.delete<MessageResponse>(templatePath(id));
  await invalidateCache();
  return data;
}
