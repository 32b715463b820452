import type { AccessLevelDefinition, Feature, PatientFeature } from './types';

export const FEATURES: readonly Feature[] = [
  'documents',
  'transcription',
  'generative-ai',
  'tools',
  'advanced-tools',
];

/** Every patient dashboard feature of part 1 §6. */
export const PATIENT_FEATURES: readonly PatientFeature[] = [
  'process-documents',
  'query-records',
  'vector-management',
  'background-jobs',
  'search-documents',
  'draft-reports',
  'pagination',
];

/** The user access levels (ID_Access_level / txt_access_level) the server seeds; the lead's design. */
export const ACCESS_LEVELS: readonly AccessLevelDefinition[] = [
  {
    id: 1,
    label: 'Full Access',
    features: ['documents', 'transcription', 'generative-ai', 'tools', 'advanced-tools'],
    description: 'Senior experts: every feature, including the advanced tools.',
  },
  {
    id: 2,
    label: 'Standard',
    features: ['documents', 'transcription', 'generative-ai', 'tools'],
    description: 'Practitioners: documents, transcription, generative AI and tools.',
  },
  {
    id: 3,
    label: 'Transcription Only',
    features: ['transcription'],
    description: 'Secretaries and typists: transcription only.',
  },
  {
    id: 4,
    label: 'Read Only',
    features: [],
    description: 'May search and view patients and their own user dashboard only.',
  },
];

/** Least privilege: an unknown or missing level label counts as this one. */
export const READ_ONLY_LEVEL_LABEL = 'Read Only';

/** The level definition for a label (case and surrounding spaces ignored); unknown -> Read Only. */
export function accessLevelByLabel(label: string | null | undefined): AccessLevelDefinition {
  const wanted = (label ?? '').trim().toLowerCase();
  const found = ACCESS_LEVELS.find((level) => level.label.toLowerCase() === wanted);
  if (found) return found;
  return ACCESS_LEVELS.find((level) => level.label === READ_ONLY_LEVEL_LABEL) as AccessLevelDefinition;
}
