// The public API of @ewrt/shared (team contract). Curated: test helpers live in ./testing only.

// Types
export type {
  ActiveJobsResponse,
  AdvancedSearchFilters,
  BackgroundJob,
  DismissJobResponse,
  DuplicateCheckRequest,
  Job,
  Patient,
  PatientInput,
  RecentCompletedJobsResponse,
  User,
} from './api/types';
export type { RemoteConfig, RuntimeConfig } from './config/types';
export type { Feature, PatientFeature } from './access/types';
export type { ActionCardEntry, NavEntry, RouteDeclaration } from './routing/types';
export type { DeclaredRoute } from './routing/declaredRoutes';
export type { SessionState } from './session/types';

// Constants and messages
export {
  ADVANCED_SEARCH_DEBOUNCE_MS,
  AUDIO_UPLOAD_TIMEOUT_MS,
  CONTRACT_VERSION,
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
export { callApi, callPath } from './api/callApi';
export type { CallAnswer, CallRequest } from './api/callApi';
export { getErrorMessage } from './api/getErrorMessage';
export { navigateTo } from './navigation/navigateTo';

// Access rules
export { ACCESS_LEVELS, FEATURES } from './access/accessLevels';
export { findRoute } from './routing/findRoute';
export { declaredRoutes } from './routing/declaredRoutes';
export { patientLink } from './routing/patientLink';
export { patientLevelsUnderSpec } from './routing/patientLevelsUnderSpec';
export { hasFeature, isAdmin, isAdministrator, isReadOnlyUser, userFeatures } from './access/userAccess';
export {
  canAddPatient,
  canDeletePatientData,
  canEditPatient,
  canUseResource,
  patientAccessLevel,
  patientFeatures,
} from './access/patientAccess';
export { checkRouteAccess } from './access/checkRouteAccess';

// Formatting
export { formatDate, formatDateOrNotSpecified, formatDateTime, toDateInputValue } from './format/dateFormat';
export { DATE_ENTRY_FORMAT, parseDateEntry } from './format/dateEntry';
export { formatDuration, formatFileSize } from './format/numberFormat';
export { initialsOf } from './format/initialsOf';

// Live job updates (socket.io, loaded after sign-in)
export { subscribeToJobUpdates, type JobUpdateListener } from './realtime/subscribeToJobUpdates';
export { openAuthenticatedSocket, type AuthenticatedSocket } from './realtime/openAuthenticatedSocket';

// Runtime configuration
export { getRuntimeConfig, loadRuntimeConfig } from './config/runtimeConfig';

// UI
export { AppProviders } from './ui/AppProviders';
export { AreaUnavailable } from './ui/AreaUnavailable';
export { DateInput } from './ui/DateInput';
export { FullPageSpinner } from './ui/FullPageSpinner';
export { IdleSignOutWarning } from './ui/IdleSignOutWarning';
export { SignInModal } from './ui/signIn/SignInModal';

// Remote kit
export { createRemoteLifecycles } from './remote/createRemoteLifecycles';
export { mountStandalone } from './remote/mountStandalone';
