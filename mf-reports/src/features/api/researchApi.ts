// The research assistant calls.
import type {
  ChatHistoryMessage,
  MessageResponse,
  ResearchExportRequest,
  ResearchSearchResponse,
  ResearchSource,
  ResearchStatusResponse,
  TrustedSource,
  TrustedSourceInput,
  TrustedSourceSavedResponse,
} from '@ewrt/contract';
import { callApi, callPath } from '@ewrt/shared';
import { requestFile, type ExportedFile } from '@ewrt/shared/kit';

export async function listTrustedSources(): Promise<TrustedSource[]> {
  return (await callApi('listTrustedSources')).sources;
}

export function getResearchStatus(): Promise<ResearchStatusResponse> {
  return callApi('getResearchStatus');
}

export function searchResearch(
  question: string,
  conversationHistory: readonly ChatHistoryMessage[],
): Promise<ResearchSearchResponse> {
  return callApi('searchResearch', { body: { question, conversation_history: [...conversationHistory] } });
}

/** The answer and the pages it cites as a Word document, saved as research_report_{timestamp}.docx. */
export function exportResearch(
  exported: {
    question: string;
    text: string;
    sources: readonly ResearchSource[];
    conversationHistory: readonly ChatHistoryMessage[];
  },
  filename: string,
): Promise<ExportedFile> {
  const body: ResearchExportRequest = {
    question: exported.question,
    response: { text: exported.text, sources: [...exported.sources] },
    conversation_history: [...exported.conversationHistory],
  };
  return requestFile({ url: callPath('exportResearch'), body }, filename);
}

export function toggleTrustedSource(id: number, isActive: boolean): Promise<TrustedSourceSavedResponse> {
  return callApi('toggleTrustedSource', { params: { id }, body: { is_active: isActive } });
}

export function createTrustedSource(input: TrustedSourceInput): Promise<TrustedSourceSavedResponse> {
  return callApi('createTrustedSource', { body: input });
}

export function updateTrustedSource(
  id: number,
  input: TrustedSourceInput,
): Promise<TrustedSourceSavedResponse> {
  return callApi('updateTrustedSource', { params: { id }, body: input });
}

export function deleteTrustedSource(id: number): Promise<MessageResponse> {
  return callApi('deleteTrustedSource', { params: { id } });
}
