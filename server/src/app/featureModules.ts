import { authFeature } from '../features/auth/authFeature.js';
import { authoringDocumentsFeature } from '../features/authoring-documents/authoringDocumentsFeature.js';
import { bundlesFeature } from '../features/bundles/bundlesFeature.js';
import { capabilitiesFeature } from '../features/capabilities/capabilitiesFeature.js';
import { chatFeature } from '../features/chat/chatFeature.js';
import { chronologyFeature } from '../features/chronology/chronologyFeature.js';
import { conversationsFeature } from '../features/conversations/conversationsFeature.js';
import { directoryFeature } from '../features/directory/directoryFeature.js';
import { documentsFeature } from '../features/documents/documentsFeature.js';
import { downloadsFeature } from '../features/downloads/downloadsFeature.js';
import { draftReportsFeature } from '../features/draft-reports/draftReportsFeature.js';
import type { FeatureModule } from '../features/FeatureModule.js';
import { generatedReportsFeature } from '../features/generated-reports/generatedReportsFeature.js';
import { healthFeature } from '../features/health/healthFeature.js';
import { jobsFeature } from '../features/jobs/jobsFeature.js';
import { opinionsFeature } from '../features/opinions/opinionsFeature.js';
import { pageViewsFeature } from '../features/page-views/pageViewsFeature.js';
import { patientsFeature } from '../features/patients/patientsFeature.js';
import { promptsFeature } from '../features/prompts/promptsFeature.js';
import { recordReviewFeature } from '../features/record-review/recordReviewFeature.js';
import { researchFeature } from '../features/research/researchFeature.js';
import { structuredTemplatesFeature } from '../features/structured-templates/structuredTemplatesFeature.js';
import { transcriptionFeature } from '../features/transcription/transcriptionFeature.js';
import { usersFeature } from '../features/users/usersFeature.js';

/**
 * Every feature of the API, composed by buildApp in this order. The order matters only for "Delete all patient
 * data": the purgers run as listed (transcription before jobs, so recordings of audio jobs not yet run go too).
 */
export const featureModules: readonly FeatureModule[] = [
  healthFeature,
  downloadsFeature,
  authFeature,
  patientsFeature,
  directoryFeature,
  transcriptionFeature,
  jobsFeature,
  documentsFeature,
  opinionsFeature,
  conversationsFeature,
  bundlesFeature,
  chronologyFeature,
  recordReviewFeature,
  pageViewsFeature,
  promptsFeature,
  authoringDocumentsFeature,
  structuredTemplatesFeature,
  draftReportsFeature,
  generatedReportsFeature,
  chatFeature,
  researchFeature,
  capabilitiesFeature,
  usersFeature,
];
