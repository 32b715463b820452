import type { Migration } from './Migration.js';
import { m001InitialSchema } from './m001InitialSchema.js';
import { m002AuthHardening } from './m002AuthHardening.js';
import { m003SearchIndexes } from './m003SearchIndexes.js';
import { m004Jobs } from './m004Jobs.js';
import { m005Documents } from './m005Documents.js';
import { m006UserAdministration } from './m006UserAdministration.js';
import { m007RecordQuestions } from './m007RecordQuestions.js';
import { m008OcrPages } from './m008OcrPages.js';
import { m009ReportAuthoring } from './m009ReportAuthoring.js';
import { m010Chronology } from './m010Chronology.js';
import { m011DraftReports } from './m011DraftReports.js';
import { m012SocketIoAttachments } from './m012SocketIoAttachments.js';
import { m013Transcriptions } from './m013Transcriptions.js';
import { m014TokenRotations } from './m014TokenRotations.js';
import { m015FairJobClaims } from './m015FairJobClaims.js';
import { m016ChronologyFlags } from './m016ChronologyFlags.js';
import { m017PageViews } from './m017PageViews.js';
import { m018DictationCorrections } from './m018DictationCorrections.js';
import { m019RecordReview } from './m019RecordReview.js';
import { m020BundleOmittedDuplicates } from './m020BundleOmittedDuplicates.js';
import { m021GroupSpeechVocabulary } from './m021GroupSpeechVocabulary.js';

export const migrations: readonly Migration[] = [
  m001InitialSchema,
  m002AuthHardening,
  m003SearchIndexes,
  m004Jobs,
  m005Documents,
  m006UserAdministration,
  m007RecordQuestions,
  m008OcrPages,
  m009ReportAuthoring,
  m010Chronology,
  m011DraftReports,
  m012SocketIoAttachments,
  m013Transcriptions,
  m014TokenRotations,
  m015FairJobClaims,
  m016ChronologyFlags,
  m017PageViews,
  m018DictationCorrections,
  m019RecordReview,
  m020BundleOmittedDuplicates,
  m021GroupSpeechVocabulary,
];
