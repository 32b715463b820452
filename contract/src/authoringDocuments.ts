import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { DownloadLinkResponseSchema } from './documents.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, OptionalText, RequiredText } from './fieldSchemas.js';
import { MAX_ID, REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH, REPORT_TEMPLATE_NAME_MAX_LENGTH } from './limits.js';
import { MessageResponseSchema } from './prompts.js';

/**
 * The user's own Word documents for drafting (TPL-04, TPL-05): one style
 * document (an example of their writing; its text is kept for drafting) and any number of report templates. Both
 * are .docx checked by content, at most 50 MB, private to their user: another user's id answers 403, an
 * administrator's included. Needs the user feature 'generative-ai'.
 */

/** The user in the path: the signed-in user's own id. */
export const AuthoringUserParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid user id' }),
});

export const ExampleDocumentInfoSchema = Type.Object({
  has_document: Type.Boolean(),
  filename: Type.Union([Type.String(), Type.Null()]),
  file_size: Type.Union([Type.Integer(), Type.Null()]),
  /** When the document was last replaced. */
  last_modified: Type.Union([IsoDateTime(), Type.Null()]),
  /** When the first document was uploaded. */
  uploaded_at: Type.Union([IsoDateTime(), Type.Null()]),
  /** Words of text read from it, which drafting uses as the example of the user's style. */
  word_count: Type.Union([Type.Integer(), Type.Null()]),
});
export type ExampleDocumentInfo = Static<typeof ExampleDocumentInfoSchema>;

export const ReportTemplateSchema = Type.Object({
  ID_Template: Type.Integer(),
  template_name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  filename: Type.String(),
  file_size: Type.Integer(),
  created_at: IsoDateTime(),
  updated_at: IsoDateTime(),
});
export type ReportTemplate = Static<typeof ReportTemplateSchema>;

export const ReportTemplateListResponseSchema = Type.Object({ templates: Type.Array(ReportTemplateSchema) });
export type ReportTemplateListResponse = Static<typeof ReportTemplateListResponseSchema>;

export const ReportTemplateUpdateRequestSchema = Type.Object({
  template_name: RequiredText(REPORT_TEMPLATE_NAME_MAX_LENGTH, {
    title: 'Template name',
    errorMessage: { required: 'Template name is required', pattern: 'Template name is required' },
  }),
  description: OptionalText(REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH, { title: 'Description' }),
});
export type ReportTemplateUpdateRequest = Static<typeof ReportTemplateUpdateRequestSchema>;

export const ReportTemplateSavedResponseSchema = Type.Object({
  message: Type.String(),
  template: ReportTemplateSchema,
});
export type ReportTemplateSavedResponse = Static<typeof ReportTemplateSavedResponseSchema>;

const TemplateParams = Type.Object({
  id: AuthoringUserParamsSchema.properties.id,
  templateId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid template id' }),
});

export const authoringDocumentCalls = {
  getExampleDocument: defineCall({
    method: 'GET',
    url: '/api/users/:id/example-document',
    schema: {
      params: AuthoringUserParamsSchema,
      response: { 200: ExampleDocumentInfoSchema, ...ERROR_RESPONSES },
    },
  }),
  /** multipart/form-data with `file`; replaces the user's style document if there is one. */
  uploadExampleDocument: defineCall({
    method: 'POST',
    url: '/api/users/:id/example-document',
    schema: {
      params: AuthoringUserParamsSchema,
      response: { 201: MessageResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  deleteExampleDocument: defineCall({
    method: 'DELETE',
    url: '/api/users/:id/example-document',
    schema: {
      params: AuthoringUserParamsSchema,
      response: { 200: MessageResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  getExampleDocumentDownload: defineCall({
    method: 'GET',
    url: '/api/users/:id/example-document/download',
    schema: {
      params: AuthoringUserParamsSchema,
      response: { 200: DownloadLinkResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  listReportTemplates: defineCall({
    method: 'GET',
    url: '/api/users/:id/report-templates',
    schema: {
      params: AuthoringUserParamsSchema,
      response: { 200: ReportTemplateListResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** multipart/form-data with `template_name`, `description` (optional) and `file`, in any order. */
  uploadReportTemplate: defineCall({
    method: 'POST',
    url: '/api/users/:id/report-templates',
    schema: {
      params: AuthoringUserParamsSchema,
      response: { 201: ReportTemplateSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  getReportTemplateDownload: defineCall({
    method: 'GET',
    url: '/api/users/:id/report-templates/:templateId/download',
    schema: { params: TemplateParams, response: { 200: DownloadLinkResponseSchema, ...ERROR_RESPONSES } },
  }),
  updateReportTemplate: defineCall({
    method: 'PUT',
    url: '/api/users/:id/report-templates/:templateId',
    schema: {
      params: TemplateParams,
      body: ReportTemplateUpdateRequestSchema,
      response: { 200: ReportTemplateSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  deleteReportTemplate: defineCall({
    method: 'DELETE',
    url: '/api/users/:id/report-templates/:templateId',
    schema: { params: TemplateParams, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
  }),
} as const;
