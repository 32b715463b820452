import packageJson from '../package.json';
import * as shared from './index';
import { SHARED_VERSION } from './constants';

// The team contract lists these runtime names; other packages code against exactly this set.
const CONTRACT_EXPORTS = [
  'ACCESS_LEVELS',
  'ADVANCED_SEARCH_DEBOUNCE_MS',
  'AUDIO_UPLOAD_TIMEOUT_MS',
  'AppProviders',
  'AreaUnavailable',
  'DRAFT_JOBS_DEFAULT_LIMIT',
  'DRAFT_JOBS_DEFAULT_PAGE',
  'DUPLICATE_CHECK_DELAY_MS',
  'ErrorBoundary',
  'FEATURES',
  'FullPageSpinner',
  'MESSAGES',
  'MODAL_TRANSITION_MS',
  'PATIENT_ACCESS',
  'RECENT_PATIENTS_LIMIT',
  'REQUEST_TIMEOUT_MS',
  'ROUTES',
  'SEARCH_PAGE_SIZE',
  'SHARED_VERSION',
  'SIMPLE_SEARCH_DEBOUNCE_MS',
  'SIMPLE_SEARCH_MIN_CHARS',
  'STORAGE_KEYS',
  'SignInModal',
  'TOTP_CODE_LENGTH',
  'apiClient',
  'canAddPatient',
  'canDeletePatientData',
  'canEditPatient',
  'canUseResource',
  'checkDuplicatePatient',
  'checkRouteAccess',
  'configureApi',
  'createPatient',
  'createRemoteLifecycles',
  'deleteAllPatientData',
  'findRoute',
  'formatDate',
  'formatDateOrNotSpecified',
  'formatDateTime',
  'formatDuration',
  'formatFileSize',
  'getErrorMessage',
  'getPatient',
  'getRecentPatients',
  'getRuntimeConfig',
  'getUserName',
  'hasFeature',
  'initialsOf',
  'invalidateUserCache',
  'isAdmin',
  'isAdministrator',
  'isReadOnlyUser',
  'isRouteAllowedForPatientLevel',
  'loadRuntimeConfig',
  'login',
  'matchPattern',
  'mountStandalone',
  'navigateTo',
  'patientAccessLevel',
  'patientFeatures',
  'recordPatientAccess',
  'refreshToken',
  'searchPatients',
  'searchPatientsAdvanced',
  'selectedPatientStore',
  'sessionStore',
  'toDateInputValue',
  'updatePatient',
  'useSelectedPatient',
  'useSession',
  'userFeatures',
];

test('the public entry exports exactly the contract names', () => {
  expect(Object.keys(shared).sort()).toEqual([...CONTRACT_EXPORTS].sort());
});

test('SHARED_VERSION is the package version', () => {
  expect(SHARED_VERSION).toBe(packageJson.version);
});

test('the constants of part 1 §9', () => {
  expect(shared.REQUEST_TIMEOUT_MS).toBe(120000);
  expect(shared.STORAGE_KEYS).toEqual({ token: 'token', selectedPatient: 'selectedPatient' });
  expect(shared.PATIENT_ACCESS).toEqual({ FULL: 1, PAGINATION_ONLY: 2, VIEW_ONLY: 3 });
  expect(shared.MESSAGES.typeMoreCharacters(2)).toBe('Type 2 more character(s) to search');
  expect(shared.MESSAGES.noResultsForTerm('smith')).toBe(
    'No patients found matching "smith". Try a different search term or add a new patient.',
  );
});
