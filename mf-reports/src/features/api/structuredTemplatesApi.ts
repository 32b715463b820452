// The structured template calls. Every change is followed by the spec's cache invalidation.
import type {
  MessageResponse,
  StructuredTemplateDetail,
  StructuredTemplateListItem,
  StructuredTemplatePreviewResponse,
  StructuredTemplateSavedResponse,
  StructuredTemplateSaveRequest,
} from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

async function invalidateCache(): Promise<void> {
  try {
    await callApi('invalidateStructuredTemplateCache');
  } catch {
    // The change itself is saved; the server reads templates afresh in any case.
  }
}

export async function listStructuredTemplates(): Promise<StructuredTemplateListItem[]> {
  return (await callApi('listStructuredTemplates')).templates;
}

export function getStructuredTemplate(id: number): Promise<StructuredTemplateDetail> {
  return callApi('getStructuredTemplate', { params: { id } });
}

export async function previewStructuredTemplate(
  id: number,
): Promise<StructuredTemplatePreviewResponse['preview']> {
  return (await callApi('previewStructuredTemplate', { params: { id } })).preview;
}

export async function createStructuredTemplate(
  template: StructuredTemplateSaveRequest,
): Promise<StructuredTemplateSavedResponse> {
  const saved = await callApi('createStructuredTemplate', { body: template });
  await invalidateCache();
  return saved;
}

export async function updateStructuredTemplate(
  id: number,
  template: StructuredTemplateSaveRequest,
): Promise<StructuredTemplateSavedResponse> {
  const saved = await callApi('updateStructuredTemplate', { params: { id }, body: template });
  await invalidateCache();
  return saved;
}

export async function deleteStructuredTemplate(id: number): Promise<MessageResponse> {
  const deleted = await callApi('deleteStructuredTemplate', { params: { id } });
  await invalidateCache();
  return deleted;
}
