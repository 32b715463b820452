import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import {
  IsoDate,
  IsoDateTime,
  Nullable,
  OptionalIsoDate,
  OptionalName,
  RequiredName,
  StoredText,
} from './fieldSchemas.js';
import {
  MAX_ID,
  PATIENT_ACCESS,
  PATIENT_TEXT_MAX_LENGTH,
  SEARCH_MAX_PAGE,
  SEARCH_TERM_MAX_LENGTH,
} from './limits.js';

export const PatientAccessLevelSchema = Type.Union([
  Type.Literal(PATIENT_ACCESS.FULL),
  Type.Literal(PATIENT_ACCESS.PAGINATION_ONLY),
  Type.Literal(PATIENT_ACCESS.VIEW_ONLY),
]);
export type PatientAccessLevel = Static<typeof PatientAccessLevelSchema>;

/** The patient as every answer gives it (PAT-01). */
export const PatientSchema = Type.Object({
  ID_Patient: Type.Integer(),
  FirstName: Type.String(),
  Surname: Type.String(),
  /** yyyy-mm-dd. */
  DateOfBirth: Type.String(),
  MRN: Type.String(),
  /** yyyy-mm-dd. */
  DateofEvent: Nullable(Type.String()),
  Solicitorname: Nullable(Type.String()),
  Solicitorcompany: Nullable(Type.String()),
  Solicitorreference: Nullable(Type.String()),
  Ourreference: Nullable(Type.String()),
  /** When the calling user last opened the patient. */
  last_accessed: Nullable(IsoDateTime()),
  created_by_name: Nullable(Type.String()),
  created_at: IsoDateTime(),
  /** The caller's access to this patient; absent means full access. */
  access_level: Type.Optional(PatientAccessLevelSchema),
  ID_Group: Type.Optional(Type.Integer()),
});
export type Patient = Static<typeof PatientSchema>;

/**
 * The add/edit form (PAT-07). Every text field is a name or an identifier, so control and invisible
 * characters are refused. Text is trimmed; an optional field that is absent, null or blank is stored as null.
 * A date of birth in the future is refused too, which a schema cannot say.
 */
export const PatientInputSchema = Type.Object(
  {
    FirstName: RequiredName(PATIENT_TEXT_MAX_LENGTH, { title: 'First name' }),
    Surname: RequiredName(PATIENT_TEXT_MAX_LENGTH, { title: 'Surname' }),
    DateOfBirth: IsoDate({ title: 'Date of birth' }),
    MRN: RequiredName(PATIENT_TEXT_MAX_LENGTH, { title: 'MRN' }),
    DateofEvent: OptionalIsoDate({ title: 'Date of event' }),
    Solicitorname: OptionalName(PATIENT_TEXT_MAX_LENGTH, { title: 'Solicitor name' }),
    Solicitorcompany: OptionalName(PATIENT_TEXT_MAX_LENGTH, { title: 'Solicitor company' }),
    Solicitorreference: OptionalName(PATIENT_TEXT_MAX_LENGTH, { title: 'Solicitor reference' }),
    Ourreference: OptionalName(PATIENT_TEXT_MAX_LENGTH, { title: 'Our reference' }),
  },
  { errorMessage: { type: 'Send the patient fields as a JSON object' } },
);
export type PatientInput = Static<typeof PatientInputSchema>;

export const PatientIdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid patient id' }),
});

/** A search term: any storable text, since it is only compared with what is stored. */
const queryText = (name: string) =>
  Type.Optional(
    StoredText(SEARCH_TERM_MAX_LENGTH, {
      errorMessage: {
        type: `Query parameter ${name} must be given once`,
        maxLength: `Query parameter ${name} is too long`,
        format: `Query parameter ${name} must not contain NUL characters or unpaired surrogates`,
      },
    }),
  );

export const PatientSearchQuerySchema = Type.Object({
  /** Matched anywhere in first name, surname, "first surname", "surname first" or MRN; blank finds nothing. */
  term: queryText('term'),
  page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SEARCH_MAX_PAGE,
      errorMessage: 'Page must be a positive whole number',
    }),
  ),
});
export type PatientSearchQuery = Static<typeof PatientSearchQuerySchema>;

/** Each filter matches anywhere in its field; filters are ANDed; blank ones are ignored, none finds nothing. */
export const AdvancedSearchFiltersSchema = Type.Object({
  FirstName: queryText('FirstName'),
  Surname: queryText('Surname'),
  MRN: queryText('MRN'),
  Solicitorname: queryText('Solicitorname'),
  Solicitorcompany: queryText('Solicitorcompany'),
  Solicitorreference: queryText('Solicitorreference'),
});
export type AdvancedSearchFilters = Static<typeof AdvancedSearchFiltersSchema>;

export const PatientSearchResponseSchema = Type.Object({
  patients: Type.Array(PatientSchema),
  /** Every match, for the page count. */
  total: Type.Integer(),
});
export type PatientSearchResponse = Static<typeof PatientSearchResponseSchema>;

export const PatientListResponseSchema = Type.Object({ patients: Type.Array(PatientSchema) });
export type PatientListResponse = Static<typeof PatientListResponseSchema>;

export const PatientResponseSchema = Type.Object({ patient: PatientSchema });
export type PatientResponse = Static<typeof PatientResponseSchema>;

const duplicateFieldsRequired = 'FirstName, Surname and DateOfBirth are required';

export const DuplicateCheckRequestSchema = Type.Object(
  {
    FirstName: RequiredName(PATIENT_TEXT_MAX_LENGTH),
    Surname: RequiredName(PATIENT_TEXT_MAX_LENGTH),
    DateOfBirth: IsoDate({ title: 'Date of birth' }),
    /** The patient being edited, who is not their own duplicate. */
    excludePatientId: Type.Optional(
      Nullable(
        Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'excludePatientId must be a patient id' }),
      ),
    ),
  },
  {
    errorMessage: { type: 'Send FirstName, Surname and DateOfBirth', required: duplicateFieldsRequired },
  },
);
export type DuplicateCheckRequest = Static<typeof DuplicateCheckRequestSchema>;

export const DuplicateCheckResponseSchema = Type.Object({ isDuplicate: Type.Boolean() });
export type DuplicateCheckResponse = Static<typeof DuplicateCheckResponseSchema>;

export const RecordPatientAccessResponseSchema = Type.Object({
  success: Type.Boolean(),
  last_accessed: IsoDateTime(),
});
export type RecordPatientAccessResponse = Static<typeof RecordPatientAccessResponseSchema>;

export const DeleteAllPatientDataResponseSchema = Type.Object({
  message: Type.String(),
  /** How many of each kind of stored item were removed. */
  deleted: Type.Record(Type.String(), Type.Integer()),
});
export type DeleteAllPatientDataResponse = Static<typeof DeleteAllPatientDataResponseSchema>;

/** Every patient call is scoped to the caller's group: another group's patient answers 404. */
export const patientCalls = {
  /** The caller's recently opened patients, newest first. */
  listRecentPatients: defineCall({
    method: 'GET',
    url: '/api/patients/recent',
    schema: { response: { 200: PatientListResponseSchema, ...ERROR_RESPONSES } },
  }),
  searchPatients: defineCall({
    method: 'GET',
    url: '/api/patients/search',
    schema: {
      querystring: PatientSearchQuerySchema,
      response: { 200: PatientSearchResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  searchPatientsAdvanced: defineCall({
    method: 'GET',
    url: '/api/patients/search-advanced',
    schema: {
      querystring: AdvancedSearchFiltersSchema,
      response: { 200: PatientListResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  checkDuplicatePatient: defineCall({
    method: 'POST',
    url: '/api/patients/check-duplicate',
    schema: {
      body: DuplicateCheckRequestSchema,
      response: { 200: DuplicateCheckResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  createPatient: defineCall({
    method: 'POST',
    url: '/api/patients',
    schema: { body: PatientInputSchema, response: { 201: PatientResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** The patient itself, not wrapped. */
  getPatient: defineCall({
    method: 'GET',
    url: '/api/patients/:id',
    schema: { params: PatientIdParamsSchema, response: { 200: PatientSchema, ...ERROR_RESPONSES } },
  }),
  /** Takes the whole form. */
  updatePatient: defineCall({
    method: 'PUT',
    url: '/api/patients/:id',
    schema: {
      params: PatientIdParamsSchema,
      body: PatientInputSchema,
      response: { 200: PatientResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Records that the caller opened the patient (the recent list). */
  recordPatientAccess: defineCall({
    method: 'POST',
    url: '/api/patients/:id/access',
    schema: {
      params: PatientIdParamsSchema,
      response: { 200: RecordPatientAccessResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Erases everything stored for the patient; the record itself remains. */
  deleteAllPatientData: defineCall({
    method: 'DELETE',
    url: '/api/patients/:id/delete-all-data',
    schema: {
      params: PatientIdParamsSchema,
      response: { 200: DeleteAllPatientDataResponseSchema, ...ERROR_RESPONSES },
    },
  }),
};
