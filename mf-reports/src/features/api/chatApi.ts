// The secure chatbot calls of part 3 §7: no patient data is sent or read.
import type {
  ChatHistoryMessage,
  ChatSendResponse,
  ChatStatusResponse,
  ValidateContextResponse,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';
import { requestFile, type ExportedFile } from '@ewrt/shared/kit';

export async function getChatStatus(): Promise<ChatStatusResponse> {
  const { data } = await apiClient.get<ChatStatusResponse>('/api/chat/status');
  return data;
}

export async function validateChatContext(
  context: string,
  signal?: AbortSignal,
): Promise<ValidateContextResponse> {
  const { data } = await apiClient.post<ValidateContextResponse>(
    '/api/chat/validate-context',
    { context },
    { signal },
  );
  return data;
}

export async function sendChatMessage(
  message: string,
  history: readonly ChatHistoryMessage[],
  context?: string,
): Promise<ChatSendResponse> {
  const { data } = await apiClient.post<ChatSendResponse>('/api/chat/send', {
    message,
    history,
    ...(context?.trim() ? { context } : {}),
  });
  return data;
}

/** The chat as a Word document, saved as chat_history_{timestamp}.docx (part 3 §9). */
export function exportChat(
  history: readonly ChatHistoryMessage[],
  context: string | undefined,
  filename: string,
): Promise<ExportedFile> {
  return requestFile(
    { url: '/api/chat/export', body: { history, ...(context?.trim() ? { context } : {}) } },
    filename,
  );
}
