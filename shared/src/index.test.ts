import fs from 'node:fs';
import path from 'node:path';
import packageJson from '../package.json';
import * as shared from './index';
import { CONTRACT_VERSION, SHARED_VERSION } from './constants';

// The team contract lists these runtime names; other packages code against exactly this set.
const CONTRACT_EXPORTS = [
  'ACCESS_LEVELS',
  'ADVANCED_SEARCH_DEBOUNCE_MS',
  'AUDIO_UPLOAD_TIMEOUT_MS',
  'AppProviders',
  'AreaUnavailable',
  'CONTRACT_VERSION',
  'DATE_ENTRY_FORMAT',
  'DRAFT_JOBS_DEFAULT_LIMIT',
  'DRAFT_JOBS_DEFAULT_PAGE',
  'DUPLICATE_CHECK_DELAY_MS',
  'DateInput',
  'FEATURES',
  'FullPageSpinner',
  'IdleSignOutWarning',
  'MESSAGES',
  'MODAL_TRANSITION_MS',
  'PATIENT_ACCESS',
  'RECENT_PATIENTS_LIMIT',
  'REQUEST_TIMEOUT_MS',
  'SEARCH_PAGE_SIZE',
  'SHARED_VERSION',
  'SIMPLE_SEARCH_DEBOUNCE_MS',
  'SIMPLE_SEARCH_MIN_CHARS',
  'STORAGE_KEYS',
  'SignInModal',
  'TOTP_CODE_LENGTH',
  'apiClient',
  'callApi',
  'callPath',
  'canAddPatient',
  'canDeletePatientData',
  'canEditPatient',
  'canUseResource',
  'checkRouteAccess',
  'configureApi',
  'createRemoteLifecycles',
  'declaredRoutes',
  'findRoute',
  'formatDate',
  'formatDateOrNotSpecified',
  'formatDateTime',
  'formatDuration',
  'formatFileSize',
  'getErrorMessage',
  'getRuntimeConfig',
  'hasFeature',
  'initialsOf',
  'isAdmin',
  'isAdministrator',
  'isReadOnlyUser',
  'loadRuntimeConfig',
  'mountStandalone',
  'navigateTo',
  'openAuthenticatedSocket',
  'patientAccessLevel',
  'patientFeatures',
  'patientLevelsUnderSpec',
  'patientLink',
  'parseDateEntry',
  'selectedPatientStore',
  'subscribeToJobUpdates',
  'sessionStore',
  'toDateInputValue',
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

test('CONTRACT_VERSION is the version of @ewrt/contract installed for this package', () => {
  // Where the build reads it from too (tooling/webpack.app.cjs), for the remotes' manifests.
  const installed = path.join(__dirname, '..', 'node_modules', '@ewrt', 'contract', 'package.json');
  const contractPackage = JSON.parse(fs.readFileSync(installed, 'utf8')) as { version: string };
  expect(CONTRACT_VERSION).toBe(contractPackage.version);
});

test('the constants of PROD-03', () => {
  expect(shared.REQUEST_TIMEOUT_MS).toBe(120000);
  expect(shared.STORAGE_KEYS).toEqual({ token: 'token', selectedPatient: 'selectedPatient' });
  expect(shared.PATIENT_ACCESS).toEqual({ FULL: 1, PAGINATION_ONLY: 2, VIEW_ONLY: 3 });
  expect(shared.MESSAGES.typeMoreCharacters(2)).toBe('Type 2 more character(s) to search');
  expect(shared.MESSAGES.noResultsForTerm('smith')).toBe(
    'No patients found matching "smith". Try a different search term or add a new patient.',
  );
});
