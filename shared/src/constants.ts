// Business constants of the specification (PROD-03 and the shared parts of 2 and 3), in one place. Those the
// server enforces too are the contract's: they come from its run-time module, which imports nothing.
export {
  PATIENT_ACCESS,
  RECENT_PATIENTS_LIMIT,
  SEARCH_PAGE_SIZE,
  TOTP_CODE_LENGTH,
} from '@ewrt/contract/limits';

/** Version of this package; a remote must have been built for a range that includes it. */
export const SHARED_VERSION = '1.9.0';
/** Version of @ewrt/contract this package's calls are typed from: the API contract of the host that owns it. */
export const CONTRACT_VERSION = '1.8.0';

export const REQUEST_TIMEOUT_MS = 120_000;
export const AUDIO_UPLOAD_TIMEOUT_MS = 120_000;

export const STORAGE_KEYS = {
  token: 'token',
  selectedPatient: 'selectedPatient',
} as const;

export const SIMPLE_SEARCH_MIN_CHARS = 3;
export const SIMPLE_SEARCH_DEBOUNCE_MS = 300;
export const ADVANCED_SEARCH_DEBOUNCE_MS = 500;
export const DUPLICATE_CHECK_DELAY_MS = 500;
export const MODAL_TRANSITION_MS = 300;
export const DRAFT_JOBS_DEFAULT_PAGE = 1;
export const DRAFT_JOBS_DEFAULT_LIMIT = 10;
