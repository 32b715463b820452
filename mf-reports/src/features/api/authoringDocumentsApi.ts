// The style document and report template calls of part 3 §7: always the signed-in user's own.
import type {
  DownloadLinkResponse,
  ExampleDocumentInfo,
  MessageResponse,
  ReportTemplate,
  ReportTemplateListResponse,
  ReportTemplateSavedResponse,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

const userPath = (userId: number) => `/api/users/${encodeURIComponent(userId)}`;
const templatePath = (userId: number, templateId: number) =>
  `${userPath(userId)}/report-templates/${encodeURIComponent(templateId)}`;

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function progressOf(file: File, onProgress?: (fraction: number) => void) {
  return (event: { loaded: number; total?: number }) => {
    const total = event.total ?? file.size;
    if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
  };
}

export async function getStyleDocument(userId: number): Promise<ExampleDocumentInfo> {
  const { data } = await apiClient.get<ExampleDocumentInfo>(`${userPath(userId)}/example-document`);
  return data;
}

/** Uploads (or replaces) the user's style document. */
export async function uploadStyleDocument(
  userId: number,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<MessageResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await apiClient.post<MessageResponse>(`${userPath(userId)}/example-document`, form, {
    signal,
    onUploadProgress: progressOf(file, onProgress),
  });
  return data;
}

export async function deleteStyleDocument(userId: number): Promise<MessageResponse> {
  const { data } = await apiClient.delete<MessageResponse>(`${userPath(userId)}/example-document`);
  return data;
}

export async function getStyleDocumentDownload(userId: number): Promise<DownloadLinkResponse> {
  const { data } = await apiClient.get<DownloadLinkResponse>(`${userPath(userId)}/example-document/download`);
  return data;
}

export async function listReportTemplates(userId: number): Promise<ReportTemplate[]> {
  const { data } = await apiClient.get<ReportTemplateListResponse>(`${userPath(userId)}/report-templates`);
  return data.templates;
}

export interface NewReportTemplate {
  templateName: string;
  description: string;
  file: File;
}

/** The name and description go before the file, so the server has them when the file's bytes arrive. */
export async function uploadReportTemplate(
  userId: number,
  { templateName, description, file }: NewReportTemplate,
  { onProgress, signal }: UploadOptions = {},
): Promise<ReportTemplateSavedResponse> {
  const form = new FormData();
  form.append('template_name', templateName);
  form.append('description', description);
  form.append('file', file, file.name);
  const { data } = await apiClient.post<ReportTemplateSavedResponse>(
    `${userPath(userId)}/report-templates`,
    form,
    {
      signal,
      onUploadProgress: progressOf(file, onProgress),
    },
  );
  return data;
}

export async function updateReportTemplate(
  userId: number,
  templateId: number,
  change: { template_name: string; description: string | null },
): Promise<ReportTemplateSavedResponse> {
  const { data } = await apiClient.put<ReportTemplateSavedResponse>(templatePath(userId, templateId), change);
  return data;
}

export async function deleteReportTemplate(userId: number, templateId: number): Promise<MessageResponse> {
  const { data } = await apiClient.delete<MessageResponse>(templatePath(userId, templateId));
  return data;
}

export async function getReportTemplateDownload(
  userId: number,
  templateId: number,
): Promise<DownloadLinkResponse> {
  const { data } = await apiClient.get<DownloadLinkResponse>(`${templatePath(userId, templateId)}/download`);
  return data;
}
