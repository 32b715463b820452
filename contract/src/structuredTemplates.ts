import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, OptionalText, RequiredText, StoredText } from './fieldSchemas.js';
import {
  DECLARATION_MAX_LENGTH,
  FRONTPAGE_TEXT_MAX_LENGTH,
  MAX_ID,
  MAX_TEMPLATE_SECTIONS,
  SECTION_CONTENT_TYPES,
  SECTION_DESCRIPTION_MAX_LENGTH,
  SECTION_TITLE_MAX_LENGTH,
  STRUCTURED_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  STRUCTURED_TEMPLATE_NAME_MAX_LENGTH,
} from './limits.js';
import { CacheInvalidatedResponseSchema, MessageResponseSchema } from './prompts.js';

/**
 * Structured report templates (TPL-07, TPL-08, TPL-10): a frontpage, ordered sections (a section
 * may sit under a parent section) and an endpage with the expert's declaration. The spec leaves ownership open: a
 * template is its creator's own to change and delete, and the rest of their group may open, preview and copy it.
 * Needs the user feature 'generative-ai'.
 */

export const SectionContentTypeSchema = Type.Union(
  SECTION_CONTENT_TYPES.map((value) => Type.Literal(value)),
  { errorMessage: 'Unknown section content type' },
);

const Flag = () => Type.Boolean();

/** The frontpage as the server answers it. */
export const FrontpageSchema = Type.Object({
  title_text: Type.String(),
  author_info: Type.String(),
  include_patient_name: Flag(),
  include_patient_dob: Flag(),
  include_patient_mrn: Flag(),
  include_event_date: Flag(),
  include_report_date: Flag(),
});
export type Frontpage = Static<typeof FrontpageSchema>;

/** The frontpage as the create and update calls take it. */
export const FrontpageInputSchema = Type.Object({
  ...FrontpageSchema.properties,
  title_text: StoredText(FRONTPAGE_TEXT_MAX_LENGTH),
  author_info: StoredText(FRONTPAGE_TEXT_MAX_LENGTH),
});

export const EndpageSchema = Type.Object({
  declaration_text: Type.String(),
  signature_line: Type.String(),
});
export type Endpage = Static<typeof EndpageSchema>;

export const EndpageInputSchema = Type.Object({
  declaration_text: StoredText(DECLARATION_MAX_LENGTH),
  signature_line: StoredText(FRONTPAGE_TEXT_MAX_LENGTH),
});

export const TemplateSectionSchema = Type.Object({
  ID_Section: Type.Integer(),
  section_title: Type.String(),
  section_description: Type.String(),
  content_type: SectionContentTypeSchema,
  parent_section_id: Type.Union([Type.Integer(), Type.Null()]),
  order_in_sequence: Type.Integer(),
});
export type TemplateSection = Static<typeof TemplateSectionSchema>;

/**
 * A section as the create and update calls take it. `ID_Section` is how other sections of the same body name it as
 * their `parent_section_id` (a stored id, or any number the client chose for a new section); the server stores
 * new ids and keeps the parent links. Sections are stored in the order of `order_in_sequence`.
 */
export const TemplateSectionInputSchema = Type.Object({
  ID_Section: Type.Optional(Type.Integer({ minimum: -MAX_ID, maximum: MAX_ID })),
  section_title: RequiredText(SECTION_TITLE_MAX_LENGTH, {
    title: 'Section title',
    errorMessage: { required: 'Section title is required', pattern: 'Section title is required' },
  }),
  section_description: StoredText(SECTION_DESCRIPTION_MAX_LENGTH),
  content_type: SectionContentTypeSchema,
  parent_section_id: Type.Optional(
    Type.Union([Type.Integer({ minimum: -MAX_ID, maximum: MAX_ID }), Type.Null()]),
  ),
  order_in_sequence: Type.Integer({ minimum: 0, maximum: MAX_ID }),
});
export type TemplateSectionInput = Static<typeof TemplateSectionInputSchema>;

export const StructuredTemplateSaveRequestSchema = Type.Object({
  template_name: RequiredText(STRUCTURED_TEMPLATE_NAME_MAX_LENGTH, {
    title: 'Template name',
    errorMessage: { required: 'Template name is required', pattern: 'Template name is required' },
  }),
  description: OptionalText(STRUCTURED_TEMPLATE_DESCRIPTION_MAX_LENGTH, { title: 'Description' }),
  /** Active unless said otherwise. */
  is_active: Type.Optional(Type.Boolean()),
  frontpage: FrontpageInputSchema,
  sections: Type.Array(TemplateSectionInputSchema, {
    minItems: 1,
    maxItems: MAX_TEMPLATE_SECTIONS,
    errorMessage: { minItems: 'A template needs at least one section' },
  }),
  endpage: EndpageInputSchema,
});
export type StructuredTemplateSaveRequest = Static<typeof StructuredTemplateSaveRequestSchema>;

export const StructuredTemplateListItemSchema = Type.Object({
  ID_Template: Type.Integer(),
  template_name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  is_active: Type.Boolean(),
  created_at: IsoDateTime(),
  section_count: Type.Integer(),
  /** Who made it; only they may change or delete it. */
  owner_name: Type.Union([Type.String(), Type.Null()]),
  can_edit: Type.Boolean(),
});
export type StructuredTemplateListItem = Static<typeof StructuredTemplateListItemSchema>;

export const StructuredTemplateListResponseSchema = Type.Object({
  templates: Type.Array(StructuredTemplateListItemSchema),
});
export type StructuredTemplateListResponse = Static<typeof StructuredTemplateListResponseSchema>;

export const StructuredTemplateDetailSchema = Type.Object({
  template: Type.Object({
    ID_Template: Type.Integer(),
    template_name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    is_active: Type.Boolean(),
    created_at: IsoDateTime(),
    updated_at: IsoDateTime(),
    owner_name: Type.Union([Type.String(), Type.Null()]),
    can_edit: Type.Boolean(),
  }),
  frontpage: FrontpageSchema,
  /** In order of `order_in_sequence`. */
  sections: Type.Array(TemplateSectionSchema),
  endpage: EndpageSchema,
});
export type StructuredTemplateDetail = Static<typeof StructuredTemplateDetailSchema>;

/** The preview's parts, in reading order: the frontpage, each section, the endpage (TPL-07). */
export const TemplatePreviewPartSchema = Type.Union([
  Type.Object({
    type: Type.Literal('frontpage'),
    title: Type.String(),
    author: Type.String(),
    /** The patient details the frontpage carries, e.g. 'Patient name', 'Date of birth'. */
    patient_fields: Type.Array(Type.String()),
  }),
  Type.Object({
    type: Type.Literal('section'),
    /** Its number in the report: '1', '2', or '2.1' under a parent. */
    number: Type.String(),
    title: Type.String(),
    content_type: SectionContentTypeSchema,
    description: Type.String(),
    /** Nesting depth: 0 for a top-level section. */
    level: Type.Integer(),
  }),
  Type.Object({
    type: Type.Literal('endpage'),
    declaration: Type.String(),
    signature: Type.String(),
  }),
]);
export type TemplatePreviewPart = Static<typeof TemplatePreviewPartSchema>;

export const StructuredTemplatePreviewResponseSchema = Type.Object({
  preview: Type.Object({
    template_name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    sections: Type.Array(TemplatePreviewPartSchema),
  }),
});
export type StructuredTemplatePreviewResponse = Static<typeof StructuredTemplatePreviewResponseSchema>;

export const StructuredTemplateSavedResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  template_id: Type.Integer(),
});
export type StructuredTemplateSavedResponse = Static<typeof StructuredTemplateSavedResponseSchema>;

const TemplateIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid template id' }),
});

export const structuredTemplateCalls = {
  listStructuredTemplates: defineCall({
    method: 'GET',
    url: '/api/structured-templates/structured-templates',
    schema: { response: { 200: StructuredTemplateListResponseSchema, ...ERROR_RESPONSES } },
  }),
  getStructuredTemplate: defineCall({
    method: 'GET',
    url: '/api/structured-templates/structured-templates/:id',
    schema: {
      params: TemplateIdParams,
      response: { 200: StructuredTemplateDetailSchema, ...ERROR_RESPONSES },
    },
  }),
  previewStructuredTemplate: defineCall({
    method: 'GET',
    url: '/api/structured-templates/structured-templates/:id/preview',
    schema: {
      params: TemplateIdParams,
      response: { 200: StructuredTemplatePreviewResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  createStructuredTemplate: defineCall({
    method: 'POST',
    url: '/api/structured-templates/structured-templates',
    schema: {
      body: StructuredTemplateSaveRequestSchema,
      response: { 201: StructuredTemplateSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  updateStructuredTemplate: defineCall({
    method: 'PUT',
    url: '/api/structured-templates/structured-templates/:id',
    schema: {
      params: TemplateIdParams,
      body: StructuredTemplateSaveRequestSchema,
      response: { 200: StructuredTemplateSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  deleteStructuredTemplate: defineCall({
    method: 'DELETE',
    url: '/api/structured-templates/structured-templates/:id',
    schema: { params: TemplateIdParams, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
  }),
  invalidateStructuredTemplateCache: defineCall({
    method: 'POST',
    url: '/api/cache/structured-templates/invalidate',
    schema: { response: { 200: CacheInvalidatedResponseSchema, ...ERROR_RESPONSES } },
  }),
} as const;
