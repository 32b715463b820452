// The API's shapes, as the contract declares them (types only: nothing of @ewrt/contract is bundled).
export type {
  ActiveJobsResponse,
  AdvancedSearchFilters,
  BackgroundJob,
  DismissJobResponse,
  Job,
  RecentCompletedJobsResponse,
  DuplicateCheckRequest,
  LoginRequest,
  LoginResponse,
  Patient,
  PatientAccessLevel,
  PatientInput,
  RefreshTokenResponse,
  User,
} from '@ewrt/contract';
