import { ACCESS_LEVEL_FEATURES, USER_ACCESS_LEVEL_LABELS, USER_FEATURES } from '@ewrt/contract/limits';
import type { AccessLevelDefinition, Feature, PatientFeature } from './types';

export const FEATURES: readonly Feature[] = USER_FEATURES;

/** Every patient dashboard feature of ACC-06. */
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
    label: USER_ACCESS_LEVEL_LABELS.FULL_ACCESS,
    features: ACCESS_LEVEL_FEATURES[USER_ACCESS_LEVEL_LABELS.FULL_ACCESS],
    description: 'Senior experts: every feature, including the advanced tools.',
  },
  {
    id: 2,
    label: USER_ACCESS_LEVEL_LABELS.STANDARD,
    features: ACCESS_LEVEL_FEATURES[USER_ACCESS_LEVEL_LABELS.STANDARD],
    description: 'Practitioners: documents, transcription, generative AI and tools.',
  },
  {
    id: 3,
    label: USER_ACCESS_LEVEL_LABELS.TRANSCRIPTION_ONLY,
    features: ACCESS_LEVEL_FEATURES[USER_ACCESS_LEVEL_LABELS.TRANSCRIPTION_ONLY],
    description: 'Secretaries and typists: transcription only.',
  },
  {
    id: 4,
    label: USER_ACCESS_LEVEL_LABELS.READ_ONLY,
    features: ACCESS_LEVEL_FEATURES[USER_ACCESS_LEVEL_LABELS.READ_ONLY],
    description: 'May search and view patients and their own user dashboard only.',
  },
];

/** Least privilege: an unknown or missing level label counts as this one. */
export const READ_ONLY_LEVEL_LABEL = USER_ACCESS_LEVEL_LABELS.READ_ONLY;

/** The level definition for a label (case and surrounding spaces ignored); unknown -> Read Only. */
export function accessLevelByLabel(label: string | null | undefined): AccessLevelDefinition {
  const wanted = (label ?? '').trim().toLowerCase();
  const found = ACCESS_LEVELS.find((level) => level.label.toLowerCase() === wanted);
  if (found) return found;
  return ACCESS_LEVELS.find((level) => level.label === READ_ONLY_LEVEL_LABEL) as AccessLevelDefinition;
}
