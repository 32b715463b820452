// The spec's limits and enums that the server enforces and the clients need at run time. This module imports
// nothing (no TypeBox), so a browser bundle can import these values from '@ewrt/contract/limits' at no cost.

/** Per-user access to one patient (part 1 §3): 1 full access, 2 pagination only, 3 view only; absent = full. */
export const PATIENT_ACCESS = {
  FULL: 1,
  PAGINATION_ONLY: 2,
  VIEW_ONLY: 3,
} as const;

export const PATIENT_ACCESS_LEVELS = [
  PATIENT_ACCESS.FULL,
  PATIENT_ACCESS.PAGINATION_ONLY,
  PATIENT_ACCESS.VIEW_ONLY,
] as const;

/** How the API writes a flag of the user (Administrator, group_admin). */
export const YES_NO = ['yes', 'no'] as const;

/** The user access levels the server seeds (ID_Access_level / txt_access_level); part 2 names the others. */
export const USER_ACCESS_LEVEL_LABELS = {
  FULL_ACCESS: 'Full Access',
  STANDARD: 'Standard',
  TRANSCRIPTION_ONLY: 'Transcription Only',
  READ_ONLY: 'Read Only',
} as const;

/** Digits of a two-factor code. */
export const TOTP_CODE_LENGTH = 6;

/** Patients per page of the simple search, and in the recent list. */
export const SEARCH_PAGE_SIZE = 5;
export const RECENT_PATIENTS_LIMIT = 5;
/** The advanced search answers at most this many patients. */
export const ADVANCED_SEARCH_RESULTS_LIMIT = 500;
/** Highest page number the simple search takes. */
export const SEARCH_MAX_PAGE = 999_999;

/** Longest text of any patient field, and of a search term or filter. */
export const PATIENT_TEXT_MAX_LENGTH = 200;
export const SEARCH_TERM_MAX_LENGTH = 200;

export const USERNAME_MAX_LENGTH = 200;
export const PASSWORD_MAX_LENGTH = 1024;
/** A login setup or temp token (opaque, issued by the server). */
export const LOGIN_CHALLENGE_TOKEN_MAX_LENGTH = 200;

/** Largest database id an id in a path or body may name (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** The advanced-search filter fields (part 1 §3), which are also its query parameters. */
export const ADVANCED_SEARCH_FIELDS = [
  'FirstName',
  'Surname',
  'MRN',
  'Solicitorname',
  'Solicitorcompany',
  'Solicitorreference',
] as const;
