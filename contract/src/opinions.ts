import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import {
  DocumentDeleteRequestSchema,
  DocumentDeleteResponseSchema,
  DocumentUploadResponseSchema,
  DocumentValidationRequestSchema,
  DocumentValidationResultSchema,
  DownloadLinkResponseSchema,
  GenerateFileListRequestSchema,
  PatientDocumentListResponseSchema,
  RebuildVectorsResponseSchema,
  StorageKeySchema,
} from './documents.js';
import { ERROR_RESPONSES } from './errors.js';
import { JobIdParamsSchema, JobStatusResponseSchema } from './jobs.js';
import {
  ClearConversationResponseSchema,
  ConversationResponseSchema,
  DocumentPageResponseSchema,
  PageParamsSchema,
  QueryRequestSchema,
  QueryResponseSchema,
  SaveConversationRequestSchema,
  SaveConversationResponseSchema,
} from './recordQuestions.js';

/**
 * The signed-in user's own opinion documents and the conversation about them (OPN-03):
 * the same pipeline and answers as a patient's records, over a corpus nobody else lists or queries (an
 * administrator neither). Needs the 'advanced-tools' feature of the user's access level.
 */

/** The user's opinion documents: the same listing as a patient's documents (OPN-04, Opinion document). */
export const OpinionDocumentListResponseSchema = PatientDocumentListResponseSchema;
export type OpinionDocumentListResponse = Static<typeof OpinionDocumentListResponseSchema>;

const JobIdParams = Type.Object({ jobId: JobIdParamsSchema.properties.id });

export const opinionCalls = {
  validateOpinionDocument: defineCall({
    method: 'POST',
    url: '/api/opinions/documents/validate',
    schema: {
      body: DocumentValidationRequestSchema,
      response: { 200: DocumentValidationResultSchema, ...ERROR_RESPONSES },
    },
  }),
  /**
   * multipart/form-data with `user_id` (the signed-in user's own id; another answers 403) then `file`; answers 202
   * with the processing job.
   */
  uploadOpinionDocument: defineCall({
    method: 'POST',
    url: '/api/opinions/documents/upload',
    schema: { response: { 202: DocumentUploadResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** The status of one of the user's own opinion processing jobs (another user's answers 404). */
  getOpinionJobStatus: defineCall({
    method: 'GET',
    url: '/api/opinions/jobs/:jobId/status',
    schema: { params: JobIdParams, response: { 200: JobStatusResponseSchema, ...ERROR_RESPONSES } },
  }),
  listOpinionDocuments: defineCall({
    method: 'GET',
    url: '/api/opinions/documents',
    schema: { response: { 200: OpinionDocumentListResponseSchema, ...ERROR_RESPONSES } },
  }),
  getOpinionDocumentDownload: defineCall({
    method: 'GET',
    url: '/api/opinions/documents/download/:s3_key',
    schema: {
      params: Type.Object({ s3_key: StorageKeySchema }),
      response: { 200: DownloadLinkResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  deleteOpinionDocument: defineCall({
    method: 'DELETE',
    url: '/api/opinions/documents/delete',
    schema: {
      body: DocumentDeleteRequestSchema,
      response: { 200: DocumentDeleteResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  rebuildOpinionVectors: defineCall({
    method: 'POST',
    url: '/api/opinions/documents/rebuild-vectors',
    schema: { response: { 202: RebuildVectorsResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** The spec does not show this call; it mirrors the patient one. The file is named opinion_documents_list.txt. */
  generateOpinionFileList: defineCall({
    method: 'POST',
    url: '/api/opinions/documents/generate-file-list',
    schema: {
      body: GenerateFileListRequestSchema,
      response: { 200: DownloadLinkResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  getOpinionDocumentPage: defineCall({
    method: 'GET',
    url: '/api/opinions/documents/pages/:s3_key/:page',
    schema: { params: PageParamsSchema, response: { 200: DocumentPageResponseSchema, ...ERROR_RESPONSES } },
  }),
  getOpinionConversation: defineCall({
    method: 'GET',
    url: '/api/opinions/conversation',
    schema: { response: { 200: ConversationResponseSchema, ...ERROR_RESPONSES } },
  }),
  queryOpinions: defineCall({
    method: 'POST',
    url: '/api/opinions/query',
    schema: { body: QueryRequestSchema, response: { 200: QueryResponseSchema, ...ERROR_RESPONSES } },
  }),
  clearOpinionConversation: defineCall({
    method: 'DELETE',
    url: '/api/opinions/conversation/clear',
    schema: { response: { 200: ClearConversationResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** A .docx named with the user's name and the date; errors answer JSON. */
  exportOpinionConversation: defineCall({
    method: 'GET',
    url: '/api/opinions/conversation/export',
    schema: { response: { ...ERROR_RESPONSES } },
  }),
  saveOpinionConversationToVectors: defineCall({
    method: 'POST',
    url: '/api/opinions/conversation/save-to-vectors',
    schema: {
      body: SaveConversationRequestSchema,
      response: { 200: SaveConversationResponseSchema, ...ERROR_RESPONSES },
    },
  }),
};
