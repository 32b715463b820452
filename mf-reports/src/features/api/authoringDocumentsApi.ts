// The style document and report template calls: always the signed-in user's own.
import type {
  DownloadLinkResponse,
  ExampleDocumentInfo,
  MessageResponse,
  ReportTemplate,
  ReportTemplateSavedResponse,
} from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function uploadConfig(file: File, { onProgress, signal }: UploadOptions) {
  return {
    signal,
    onUploadProgress: (event: { loaded: number; total?: number }) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
    },
  };
}

export function getStyleDocument(userId: number): Promise<ExampleDocumentInfo> {
  return callApi('getExampleDocument', { params: { id: userId } });
}

/** Uploads (or replaces) the user's style document. */
export function uploadStyleDocument(
  userId: number,
  file: File,
  options: UploadOptions = {},
): Promise<MessageResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi('uploadExampleDocument', { params: { id: userId }, form }, uploadConfig(file, options));
}

export function deleteStyleDocument(userId: number): Promise<MessageResponse> {
  return callApi('deleteExampleDocument', { params: { id: userId } });
}

export function getStyleDocumentDownload(userId: number): Promise<DownloadLinkResponse> {
  return callApi('getExampleDocumentDownload', { params: { id: userId } });
}

export async function listReportTemplates(userId: number): Promise<ReportTemplate[]> {
  return (await callApi('listReportTemplates', { params: { id: userId } })).templates;
}

export interface NewReportTemplate {
  templateName: string;
  description: string;
  file: File;
}

/** The name and description go before the file, so the server has them when the file's bytes arrive. */
export function uploadReportTemplate(
  userId: number,
  { templateName, description, file }: NewReportTemplate,
  options: UploadOptions = {},
): Promise<ReportTemplateSavedResponse> {
  const form = new FormData();
  form.append('template_name', templateName);
  form.append('description', description);
  form.append('file', file, file.name);
  return callApi('uploadReportTemplate', { params: { id: userId }, form }, uploadConfig(file, options));
}

export function updateReportTemplate(
  userId: number,
  templateId: number,
  change: { template_name: string; description: string | null },
): Promise<ReportTemplateSavedResponse> {
  return callApi('updateReportTemplate', { params: { id: userId, templateId }, body: change });
}

export function deleteReportTemplate(userId: number, templateId: number): Promise<MessageResponse> {
  return callApi('deleteReportTemplate', { params: { id: userId, templateId } });
}

export function getReportTemplateDownload(userId: number, templateId: number): Promise<DownloadLinkResponse> {
  return callApi('getReportTemplateDownload', { params: { id: userId, templateId } });
}
