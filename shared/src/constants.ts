// Business constants of the specification (part 1 §9 and the shared parts of 2 and 3), in one place.

/** Version of this package; its major number is the version of the team contract. */
export const SHARED_VERSION = '1.0.0';

export const REQUEST_TIMEOUT_MS = 120_000;
export const AUDIO_UPLOAD_TIMEOUT_MS = 120_000;

export const STORAGE_KEYS = {
  token: 'token',
  selectedPatient: 'selectedPatient',
} as const;

export const PATIENT_ACCESS = {
  FULL: 1,
  PAGINATION_ONLY: 2,
  VIEW_ONLY: 3,
} as const;

export const SIMPLE_SEARCH_MIN_CHARS = 3;
export const SIMPLE_SEARCH_DEBOUNCE_MS = 300;
export const ADVANCED_SEARCH_DEBOUNCE_MS = 500;
export const DUPLICATE_CHECK_DELAY_MS = 500;
export const SEARCH_PAGE_SIZE = 5;
export const RECENT_PATIENTS_LIMIT = 5;
export const TOTP_CODE_LENGTH = 6;
export const MODAL_TRANSITION_MS = 300;
export const DRAFT_JOBS_DEFAULT_PAGE = 1;
export const DRAFT_JOBS_DEFAULT_LIMIT = 10;
