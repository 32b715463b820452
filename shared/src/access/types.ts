/** User-level features, granted by the user's access level (txt_access_level). */
export type Feature = 'documents' | 'transcription' | 'generative-ai' | 'tools' | 'advanced-tools';

/** Patient dashboard features of ACC-06, granted by the selected patient's access level. */
export type PatientFeature =
  | 'process-documents'
  | 'query-records'
  | 'vector-management'
  | 'background-jobs'
  | 'search-documents'
  | 'draft-reports'
  | 'pagination';

export interface AccessLevelDefinition {
  id: number;
  label: string;
  features: readonly Feature[];
  description: string;
}

export type RouteAccessDecision =
  | { allowed: true }
  | { allowed: false; reason: 'user-level' | 'patient-level' | 'admin-only'; levelLabel: string };
