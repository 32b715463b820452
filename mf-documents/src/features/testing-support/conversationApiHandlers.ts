// Test data for the question calls (patient records and opinion documents) and the page view.
import type {
  ClearConversationResponse,
  ConversationEntry,
  ModelInfo,
  Patient,
  QueryResponse,
  SaveConversationResponse,
  SourceLocation,
  UpdateDateOfEventResponse,
} from '@ewrt/contract';
import { HttpResponse } from '@ewrt/shared/testing';

// The page viewer's own calls and data are shared by every screen that opens it.
export { makeDocumentPage, makePageImage } from '@ewrt/shared/testing';

// Test data

export const RETRIEVAL_ONLY_MODEL: ModelInfo = {
  mode: 'retrieval-only',
  model: null,
  provider: null,
  label: 'No language model configured: retrieval only',
};

export const LANGUAGE_MODEL: ModelInfo = {
  mode: 'language-model',
  model: 'gpt-4o-mini',
  provider: 'llm.example.test',
  label: 'gpt-4o-mini (llm.example.test)',
};

/** Source 1: page 2 of mri.pdf, the passage about the first MRI. */
export function makeSourceLocation(overrides: Partial<SourceLocation> = {}): SourceLocation {
  const source: SourceLocation = {
    source_number: 1,
    filename: 'mri.pdf',
    s3_key: 'key_mri_report_000000001',
    page: 2,
    bundle_page: null,
    chunk_id: 501,
    source: 'text',
    ocr_confidence: null,
    score: 3.2,
    location_details: {
      files: ['mri.pdf'],
      pages: [2],
      bundle_pages: [],
      content_preview: 'MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.',
    },
    ...overrides,
  };
  return { ...source, location_details: { ...source.location_details, ...overrides.location_details } };
}

/** An answer citing mri.pdf page 2 and a GP letter, with one sentence the cited pages do not support. */
export function makeQueryResponse(overrides: Partial<QueryResponse> = {}): QueryResponse {
  const sources = [
    makeSourceLocation(),
    makeSourceLocation({
      source_number: 2,
      filename: 'gp-letter.docx',
      s3_key: 'key_gp_letter_000000002',
      page: 1,
      chunk_id: 612,
      location_details: {
        files: ['gp-letter.docx'],
        pages: [1],
        bundle_pages: [],
        content_preview: 'Referred for physiotherapy after the MRI.',
      },
    }),
  ];
  return {
    response:
      'The first MRI was on 14 March 2024 and showed an L4/5 disc protrusion [1]. Physiotherapy followed [2]. Surgery was planned for June [2].',
    timestamp: '2026-01-06T10:31:00.000Z',
    model_info: LANGUAGE_MODEL,
    context_documents: 2,
    source_locations: sources,
    location_summary: '2 passages from 2 documents: mri.pdf (page 2); gp-letter.docx (page 1)',
    sentences: [
      {
        text: 'The first MRI was on 14 March 2024 and showed an L4/5 disc protrusion [1].',
        sources: [1],
        supported: true,
      },
      { text: 'Physiotherapy followed [2].', sources: [2], supported: true },
      { text: 'Surgery was planned for June [2].', sources: [2], supported: false },
    ],
    from_cache: false,
    question_entry_id: 11,
    answer_entry_id: 12,
    ...overrides,
  };
}

export function makeUserEntry(overrides: Partial<ConversationEntry> = {}): ConversationEntry {
  return {
    id: 1,
    type: 'user',
    content: 'When was the first MRI?',
    timestamp: '2026-01-06T10:30:00.000Z',
    metadata: null,
    ...overrides,
  };
}

/** The stored form of an answer: an assistant entry with the answer's metadata. */
export function makeAssistantEntry(
  answer: QueryResponse = makeQueryResponse(),
  overrides: Partial<ConversationEntry> = {},
): ConversationEntry {
  return {
    id: 2,
    type: 'assistant',
    content: answer.response,
    timestamp: answer.timestamp,
    metadata: {
      model_info: answer.model_info,
      context_documents_count: answer.context_documents,
      source_locations: answer.source_locations,
      location_summary: answer.location_summary,
      sentences: answer.sentences,
      from_cache: answer.from_cache,
    },
    ...overrides,
  };
}

export function makeSaveAnswer(overrides: Partial<SaveConversationResponse> = {}): SaveConversationResponse {
  return {
    success: true,
    entries_saved: 2,
    message: 'Conversation saved as conversation_2026-01-06.txt and is being indexed',
    filename: 'conversation_2026-01-06.txt',
    job_id: 77,
    ...overrides,
  };
}

export const CLEARED: ClearConversationResponse = {
  success: true,
  message: 'Conversation cleared',
  entries_removed: 2,
};

// Patient records

export const dateOfEventUpdated = (patient: Patient): UpdateDateOfEventResponse => ({
  patient,
  message: 'Date of event updated',
});

// The user's opinion documents

/** A .docx answer as the export calls send it, named by Content-Disposition. */
export function docxAnswer(contentDisposition: string) {
  return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'Content-Disposition': contentDisposition,
    },
  });
}
