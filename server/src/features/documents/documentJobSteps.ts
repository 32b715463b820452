import type { JobStepDeclaration } from '../jobs/JobQueue.js';

/** The steps of a document's processing job, in order (the job engine stores each one's result). */
export const DOCUMENT_PROCESSING_STEPS: JobStepDeclaration[] = [
  { name: 'extract', description: 'Reading the text of each page', weight: 3 },
  { name: 'ocr', description: 'Reading scanned pages by OCR', weight: 4 },
  { name: 'index', description: 'Cutting the text into passages and indexing them', weight: 1 },
  { name: 'finish', description: 'Recording the result', weight: 0.2 },
];

export const VECTOR_REBUILD_STEPS: JobStepDeclaration[] = [
  { name: 'reindex', description: 'Reading and indexing each stored document again' },
];
