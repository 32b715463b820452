import type { PatientFeature } from '@ewrt/shared';

export interface ActionCardDefinition {
  feature: PatientFeature;
  title: string;
  description: string;
  /** Where Access goes; these screens belong to other areas of the suite. */
  target: (patientId: number) => string;
}

export const ACTION_CARD_DEFINITIONS: readonly ActionCardDefinition[] = [
  {
    feature: 'process-documents',
    title: 'Process Documents',
    description: 'Upload medical documents to be extracted, chunked and indexed for questions.',
    target: (id) => `/documents/process?patientId=${id}`,
  },
  {
    feature: 'query-records',
    title: 'Query Medical Records',
    description: "Ask questions about this patient's processed records.",
    target: (id) => `/patients/${id}/simplequery`,
  },
  {
    feature: 'vector-management',
    title: 'Vector Management',
    description: "Review and manage this patient's indexed documents.",
    target: (id) => `/documents/patient/${id}`,
  },
  {
    feature: 'background-jobs',
    title: 'Background Job List',
    description: 'Follow processing jobs, their progress and their logs.',
    target: (id) => `/patient/${id}/jobs`,
  },
  {
    feature: 'search-documents',
    title: 'Search Documents',
    description: "Search the text of this patient's documents.",
    target: (id) => `/documents/search?patientId=${id}`,
  },
  {
    feature: 'draft-reports',
    title: 'View Draft Reports',
    description: 'Open the draft reports generated for this patient.',
    target: (id) => `/generative-docs?patientId=${id}`,
  },
  {
    feature: 'pagination',
    title: 'Pagination',
    description: "Paginate and organise this patient's documents.",
    target: (id) => `/pagination?patientId=${id}`,
  },
];
