// The secure chatbot calls: no patient data is sent or read.
import type {
  ChatExportRequest,
  ChatHistoryMessage,
  ChatSendResponse,
  ChatStatusResponse,
  ValidateContextResponse,
} from '@ewrt/contract';
import { callApi, callPath } from '@ewrt/shared';
import { requestFile, type ExportedFile } from '@ewrt/shared/kit';

export function getChatStatus(): Promise<ChatStatusResponse> {
  return callApi('getChatStatus');
}

export function validateChatContext(context: string, signal?: AbortSignal): Promise<ValidateContextResponse> {
  return callApi('validateChatContext', { body: { context } }, { signal });
}

export function sendChatMessage(
  message: string,
  history: readonly ChatHistoryMessage[],
  context?: string,
): Promise<ChatSendResponse> {
  return callApi('sendChatMessage', {
    body: { message, history: [...history], ...(context?.trim() ? { context } : {}) },
  });
}

/** The chat as a Word document, saved as chat_history_{timestamp}.docx. */
export function exportChat(
  history: readonly ChatHistoryMessage[],
  context: string | undefined,
  filename: string,
): Promise<ExportedFile> {
  const body: ChatExportRequest = { history: [...history], ...(context?.trim() ? { context } : {}) };
  return requestFile({ url: callPath('exportChat'), body }, filename);
}
