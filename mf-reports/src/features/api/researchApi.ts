// The research assistant calls of part 3 §7.
import type {
  ChatHistoryMessage,
  MessageResponse,
  ResearchSearchResponse,
  ResearchSource,
  ResearchStatusResponse,
  TrustedSource,
  TrustedSourceInput,
  TrustedSourceSavedResponse,
  TrustedSourcesResponse,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';
import { requestFile, type ExportedFile } from '@ewrt/shared/kit';

const sourcePath = (id: number) => `/api/research/trusted-sources/${encodeURIComponent(id)}`;

export async function listTrustedSources(): Promise<TrustedSource[]> {
  const { data } = await apiClient.get<TrustedSourcesResponse>('/api/research/trusted-sources');
  return data.sources;
}

export async function getResearchStatus(): Promise<ResearchStatusResponse> {
  const { data } = await apiClient.get<ResearchStatusResponse>('/api/research/status');
  return data;
}

export async function searchResearch(
  question: string,
  conversationHistory: readonly ChatHistoryMessage[],
): Promise<ResearchSearchResponse> {
  const { data } = await apiClient.post<ResearchSearchResponse>('/api/research/search', {
    question,
    conversation_history: conversationHistory,
  });
  return data;
}

/** The answer and the pages it cites as a Word document, saved as research_report_{timestamp}.docx (part 3 §9). */
export function exportResearch(
  exported: {
    question: string;
    text: string;
    sources: readonly ResearchSource[];
    conversationHistory: readonly ChatHistoryMessage[];
  },
  filename: string,
): Promise<ExportedFile> {
  return requestFile(
    {
      url: '/api/research/export',
      body: {
        question: exported.question,
        response: { text: exported.text, sources: exported.sources },
        conversation_history: exported.conversationHistory,
      },
    },
    filename,
  );
}

export async function toggleTrustedSource(
  id: number,
  isActive: boolean,
): Promise<TrustedSourceSavedResponse> {
  const { data } = await apiClient.post<TrustedSourceSavedResponse>(`${sourcePath(id)}/toggle`, {
    is_active: isActive,
  });
  return data;
}

export async function createTrustedSource(input: TrustedSourceInput): Promise<TrustedSourceSavedResponse> {
  const { data } = await apiClient.post<TrustedSourceSavedResponse>('/api/research/trusted-sources', input);
  return data;
}

export async function updateTrustedSource(
  id: number,
  input: TrustedSourceInput,
): Promise<TrustedSourceSavedResponse> {
  const { data } = await apiClient.put<TrustedSourceSavedResponse>(sourcePath(id), input);
  return data;
}

export async function deleteTrustedSource(id: number): Promise<MessageResponse> {
  const { data } = await apiClient.delete<MessageResponse>(sourcePath(id));
  return data;
}
