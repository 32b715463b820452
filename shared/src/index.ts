// The public API of @ewrt/shared (team contract). Curated: test helpers live in ./testing only.

// Types
export type {
  AccessLevel,
  AdvancedSearchFilters,
  ApiErrorBody,
  DuplicateCheckRequest,
  DuplicateCheckResponse,
  Group,
  LoginRequest,
  LoginResponse,
  Patient,
  PatientAccessLevel,
  PatientInput,
  PatientListResponse,
  PatientResponse,
  PatientSearchResponse,
  RefreshTokenResponse,
  User,
  UserNameResponse,
} from './api/types';
export type { AreaName, RemoteConfig, RuntimeConfig } from './config/types';
export type { Feature, PatientFeature, RouteEntry } from './access/types';
export type { SessionState } from './session/types';

// Constants and messages
export {
  ADVANCED_SEARCH_DEBOUNCE_MS,
  AUDIO_UPLOAD_TIMEOUT_MS,
  DRAFT_JOBS_DEFAULT_LIMIT,
  DRAFT_JOBS_DEFAULT_PAGE,
  DUPLICATE_CHECK_DELAY_MS,
  MODAL_TRANSITION_MS,
  PATIENT_ACCESS,
  RECENT_PATIENTS_LIMIT,
  REQUEST_TIMEOUT_MS,
  SEARCH_PAGE_SIZE,
  SHARED_VERSION,
  SIMPLE_SEARCH_DEBOUNCE_MS,
  SIMPLE_SEARCH_MIN_CHARS,
  STORAGE_KEYS,
  TOTP_CODE_LENGTH,
} from './constants';
export { MESSAGES } from './messages';

// Session and selected patient
export { sessionStore } from './session/sessionStore';
export { useSession } from './session/useSession';
export { selectedPatientStore } from './session/selectedPatientStore';
export { useSelectedPatient } from './session/useSelectedPatient';

// API
export { apiClient, configureApi } from './api/apiClient';
export { getErrorMessage } from './api/getErrorMessage';
export { login, refreshToken } from './api/authApi';
export {
  checkDuplicatePatient,
  createPatient,
  deleteAllPatientData,
  getPatient,
  getRecentPatients,
  recordPatientAccess,
  searchPatients,
  searchPatientsAdvanced,
  updatePatient,
} from './api/patientsApi';
export { getUserName, invalidateUserCache } from './api/usersApi';
export { navigateTo } from './navigation/navigateTo';

// Access rules
export { ACCESS_LEVELS, FEATURES } from './access/accessLevels';
export { ROUTES, findRoute, matchPattern } from './access/routes';
export { hasFeature, isAdmin, isAdministrator, isReadOnlyUser, userFeatures } from './access/userAccess';
export {
  canAddPatient,
  canDeletePatientData,
  canEditPatient,
  canUseResource,
  isRouteAllowedForPatientLevel,
  patientAccessLevel,
  patientFeatures,
} from './access/patientAccess';
export { checkRouteAccess } from './access/checkRouteAccess';

// Formatting
export { formatDate, formatDateOrNotSpecified, formatDateTime, toDateInputValue } from './format/dateFormat';
export { formatDuration, formatFileSize } from './format/numberFormat';
export { initialsOf } from './format/initialsOf';

// Runtime configuration
export { getRuntimeConfig, loadRuntimeConfig } from './config/runtimeConfig';

// UI
export { AppProviders } from './ui/AppProviders';
export { AreaUnavailable } from './ui/AreaUnavailable';
export { ErrorBoundary } from './ui/ErrorBoundary';
export { FullPageSpinner } from './ui/FullPageSpinner';
export { SignInModal } from './ui/signIn/SignInModal';

// Remote kit
export { createRemoteLifecycles } from './remote/createRemoteLifecycles';
export { mountStandalone } from './remote/mountStandalone';
