import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, RequiredText } from './fieldSchemas.js';
import {
  MAX_ID,
  PROMPT_TEXT_MAX_LENGTH,
  PROMPT_TITLE_MAX_LENGTH,
  PROMPT_TYPE_NAME_MAX_LENGTH,
} from './limits.js';

/**
 * The prompts that drive draft reports, grouped by report type (TPL-01 lookup type and lookup, TPL-01, DRF-06).
 * Types and prompts belong to a group: everyone in the group sees them;
 * administrators, the group's group admins and a prompt's owner may change or delete it. Needs the user feature
 * 'generative-ai'.
 */

const Id = (errorMessage: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage });

export const LookupTypeSchema = Type.Object({
  ID_LookupType: Type.Integer(),
  LookupTypeText: Type.String(),
});
export type LookupType = Static<typeof LookupTypeSchema>;

export const LookupSchema = Type.Object({
  ID_Lookup: Type.Integer(),
  LookupTitle: Type.String(),
  LookupText: Type.String(),
  /** The prompt's type: an ID_LookupType. */
  LookupType: Type.Integer(),
  ID_User: Type.Union([Type.Integer(), Type.Null()]),
  ID_Group: Type.Integer(),
  date_added: IsoDateTime(),
  /** Who added it, for the table and the details dialog. */
  owner_name: Type.Union([Type.String(), Type.Null()]),
  /** Whether the signed-in user may edit and delete it (the server decides; TPL-03). */
  can_edit: Type.Boolean(),
});
export type Lookup = Static<typeof LookupSchema>;

export const LookupListResponseSchema = Type.Object({ lookups: Type.Array(LookupSchema) });
export type LookupListResponse = Static<typeof LookupListResponseSchema>;
export const LookupTypeListResponseSchema = Type.Object({ lookupTypes: Type.Array(LookupTypeSchema) });
export type LookupTypeListResponse = Static<typeof LookupTypeListResponseSchema>;

/**
 * Add or change a prompt. Adding: ID_User is the signed-in user and ID_Group their group (TPL-01). Changing: the
 * prompt's owner (or the editor) and its own group; the prompt keeps both.
 */
export const LookupSaveRequestSchema = Type.Object({
  LookupTitle: RequiredText(PROMPT_TITLE_MAX_LENGTH, {
    title: 'Title',
    errorMessage: { required: 'Title is required', pattern: 'Title is required' },
  }),
  LookupText: RequiredText(PROMPT_TEXT_MAX_LENGTH, {
    title: 'Prompt Content',
    errorMessage: { required: 'Prompt Content is required', pattern: 'Prompt Content is required' },
  }),
  LookupType: Id('Type is required'),
  ID_User: Id('Invalid user id'),
  ID_Group: Id('Invalid group id'),
});
export type LookupSaveRequest = Static<typeof LookupSaveRequestSchema>;
export const LookupSavedResponseSchema = Type.Object({ message: Type.String(), lookup: LookupSchema });
export type LookupSavedResponse = Static<typeof LookupSavedResponseSchema>;

export const LookupTypeCreateRequestSchema = Type.Object({
  LookupTypeText: RequiredText(PROMPT_TYPE_NAME_MAX_LENGTH, {
    title: 'Type name',
    errorMessage: { required: 'Type name is required', pattern: 'Type name is required' },
  }),
});
export type LookupTypeCreateRequest = Static<typeof LookupTypeCreateRequestSchema>;
export const LookupTypeCreatedResponseSchema = Type.Object({
  message: Type.String(),
  lookupType: LookupTypeSchema,
});
export type LookupTypeCreatedResponse = Static<typeof LookupTypeCreatedResponseSchema>;

export const MessageResponseSchema = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponseSchema>;

/** The provider's default set, as the import dialog lists it (DRF-06). */
export const DefaultLookupTypeSchema = Type.Object({
  ID_LookupType: Type.Integer(),
  LookupTypeText: Type.String(),
  /** What the report type is for. */
  description: Type.String(),
});
export type DefaultLookupType = Static<typeof DefaultLookupTypeSchema>;
export const DefaultLookupSchema = Type.Object({
  ID_Lookup: Type.Integer(),
  LookupTitle: Type.String(),
  LookupText: Type.String(),
  LookupType: Type.Integer(),
});
export type DefaultLookup = Static<typeof DefaultLookupSchema>;

export const DefaultsAvailableResponseSchema = Type.Object({ available: Type.Boolean() });
export type DefaultsAvailableResponse = Static<typeof DefaultsAvailableResponseSchema>;
export const DefaultLookupTypesResponseSchema = Type.Object({
  lookup_types: Type.Array(DefaultLookupTypeSchema),
});
export type DefaultLookupTypesResponse = Static<typeof DefaultLookupTypesResponseSchema>;
export const DefaultLookupsResponseSchema = Type.Object({ lookups: Type.Array(DefaultLookupSchema) });
export type DefaultLookupsResponse = Static<typeof DefaultLookupsResponseSchema>;

/**
 * Copies the chosen default types and prompts into the user's group. A prompt whose type was not chosen brings its
 * type; what the group already has (a type of the same name, a prompt of the same type and title) is not copied
 * again, so importing twice changes nothing.
 */
export const DefaultsImportRequestSchema = Type.Object({
  lookupTypeIds: Type.Array(Id('Invalid default type id'), { maxItems: 1000 }),
  lookupIds: Type.Array(Id('Invalid default prompt id'), { maxItems: 10_000 }),
});
export type DefaultsImportRequest = Static<typeof DefaultsImportRequestSchema>;
export const DefaultsImportResponseSchema = Type.Object({
  message: Type.String(),
  imported_types: Type.Integer(),
  imported_lookups: Type.Integer(),
  /** Chosen items the group already had, so not copied again. */
  skipped_types: Type.Integer(),
  skipped_lookups: Type.Integer(),
});
export type DefaultsImportResponse = Static<typeof DefaultsImportResponseSchema>;

/** The cache-invalidation calls (TPL-10). The server reads prompts and templates from the database on every call. */
export const CacheInvalidatedResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
});
export type CacheInvalidatedResponse = Static<typeof CacheInvalidatedResponseSchema>;

const LookupIdParams = Type.Object({ id: Id('Invalid prompt id') });

export const promptCalls = {
  listLookups: defineCall({
    method: 'GET',
    url: '/api/lookups',
    schema: { response: { 200: LookupListResponseSchema, ...ERROR_RESPONSES } },
  }),
  listLookupTypes: defineCall({
    method: 'GET',
    url: '/api/lookup-types',
    schema: { response: { 200: LookupTypeListResponseSchema, ...ERROR_RESPONSES } },
  }),
  createLookup: defineCall({
    method: 'POST',
    url: '/api/lookups',
    schema: {
      body: LookupSaveRequestSchema,
      response: { 201: LookupSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  updateLookup: defineCall({
    method: 'PUT',
    url: '/api/lookups/:id',
    schema: {
      params: LookupIdParams,
      body: LookupSaveRequestSchema,
      response: { 200: LookupSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  deleteLookup: defineCall({
    method: 'DELETE',
    url: '/api/lookups/:id',
    schema: { params: LookupIdParams, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** A new type in the user's group; a name the group already has answers 409. */
  createLookupType: defineCall({
    method: 'POST',
    url: '/api/lookup-types',
    schema: {
      body: LookupTypeCreateRequestSchema,
      response: { 201: LookupTypeCreatedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  defaultsAvailable: defineCall({
    method: 'GET',
    url: '/api/defaults/available',
    schema: { response: { 200: DefaultsAvailableResponseSchema, ...ERROR_RESPONSES } },
  }),
  listDefaultLookupTypes: defineCall({
    method: 'GET',
    url: '/api/defaults/lookup-types',
    schema: { response: { 200: DefaultLookupTypesResponseSchema, ...ERROR_RESPONSES } },
  }),
  listDefaultLookups: defineCall({
    method: 'GET',
    url: '/api/defaults/lookups',
    schema: { response: { 200: DefaultLookupsResponseSchema, ...ERROR_RESPONSES } },
  }),
  importDefaults: defineCall({
    method: 'POST',
    url: '/api/defaults/import',
    schema: {
      body: DefaultsImportRequestSchema,
      response: { 200: DefaultsImportResponseSchema, ...ERROR_RESPONSES },
    },
  }),
} as const;
