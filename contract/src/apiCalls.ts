import { authCalls } from './auth.js';
import { authoringDocumentCalls } from './authoringDocuments.js';
import { adminCalls } from './capabilities.js';
import { chatCalls } from './chat.js';
import { chronologyCalls } from './chronology.js';
import { directoryCalls } from './directory.js';
import { documentCalls, fileCalls, processingCalls } from './documents.js';
import { draftReportCalls } from './draftReports.js';
import { healthCalls } from './health.js';
import { backgroundJobCalls, jobCalls } from './jobs.js';
import { opinionCalls } from './opinions.js';
import { pageViewCalls } from './pageViews.js';
import { patientCalls } from './patients.js';
import { promptCalls } from './prompts.js';
import { recordBundleCalls } from './recordBundles.js';
import { recordQuestionCalls } from './recordQuestions.js';
import { recordReviewCalls } from './recordReview.js';
import { researchCalls } from './research.js';
import { structuredTemplateCalls } from './structuredTemplates.js';
import { transcriptionCalls } from './transcription.js';
import { userCalls } from './users.js';

/** Each module's calls under the module's name (a test checks that no call name is used twice). */
export const CALL_GROUPS = {
  authCalls,
  authoringDocumentCalls,
  adminCalls,
  chatCalls,
  chronologyCalls,
  directoryCalls,
  documentCalls,
  processingCalls,
  fileCalls,
  draftReportCalls,
  healthCalls,
  jobCalls,
  backgroundJobCalls,
  opinionCalls,
  pageViewCalls,
  patientCalls,
  promptCalls,
  recordBundleCalls,
  recordQuestionCalls,
  recordReviewCalls,
  researchCalls,
  structuredTemplateCalls,
  transcriptionCalls,
  userCalls,
};

/** Every call of the API by its name. Names are unique across modules (a test checks it). */
export const apiCalls = {
  ...authCalls,
  ...authoringDocumentCalls,
  ...adminCalls,
  ...chatCalls,
  ...chronologyCalls,
  ...directoryCalls,
  ...documentCalls,
  ...processingCalls,
  ...fileCalls,
  ...draftReportCalls,
  ...healthCalls,
  ...jobCalls,
  ...backgroundJobCalls,
  ...opinionCalls,
  ...pageViewCalls,
  ...patientCalls,
  ...promptCalls,
  ...recordBundleCalls,
  ...recordQuestionCalls,
  ...recordReviewCalls,
  ...researchCalls,
  ...structuredTemplateCalls,
  ...transcriptionCalls,
  ...userCalls,
};

export type ApiCalls = typeof apiCalls;
export type ApiCallName = keyof ApiCalls;
