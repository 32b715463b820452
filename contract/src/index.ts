// The API contract: every call's request and answer as a TypeBox schema with its TypeScript type, and the
// spec's limits and enums. Browsers import types only from here; run-time values from '@ewrt/contract/limits'.
export * from './limits.js';
export * from './formats.js';
export * from './fieldSchemas.js';
export * from './errors.js';
export * from './defineCall.js';
export * from './health.js';
export * from './auth.js';
export * from './directory.js';
export * from './patients.js';
export * from './jobs.js';
export * from './documents.js';
export * from './users.js';
export * from './recordQuestions.js';
export * from './opinions.js';
export * from './recordBundles.js';
export * from './prompts.js';
export * from './authoringDocuments.js';
export * from './structuredTemplates.js';
export * from './chronology.js';
export * from './draftReports.js';
export * from './chat.js';
export * from './research.js';
export * from './transcription.js';
export * from './capabilities.js';
export * from './pageViews.js';
export * from './recordReview.js';
