import type { PatientAccessLevel } from '../api/types';
import { PATIENT_ACCESS } from '../constants';
import { normalisePath } from './findRoute';

// ACC-03 writes the selected-patient rule as path prefixes. At run time the rule is the
// `patientLevels` data of each declared route; these lists let a route's author check that data.
const PAGINATION_ONLY_DENIED_PREFIXES = [
  '/documents',
  '/transcription',
  '/generative-docs',
  '/secure-chatbot',
  '/research-assistant',
  '/users',
  '/example-report',
  '/structured-templates',
  '/prompt-edit',
  '/opinions',
  '/draft-report',
];
const PAGINATION_ONLY_ALLOWED_EXCEPTION = '/users/dashboard';
const VIEW_ONLY_ALLOWED_PREFIXES = ['/patients', '/users/dashboard'];

/** True when the path is the prefix or continues it with a "/" (segment-wise prefix match). */
function hasPathPrefix(path: string, prefix: string): boolean {
  const normalised = normalisePath(path);
  return normalised === prefix || normalised.startsWith(`${prefix}/`);
}

/**
 * The selected-patient access levels that ACC-03 lets open a path (or a route pattern): what a
 * route's `patientLevels` should say. Full access (1) always may.
 */
export function patientLevelsUnderSpec(path: string): PatientAccessLevel[] {
  const levels: PatientAccessLevel[] = [PATIENT_ACCESS.FULL];
  const paginationOnlyDenied =
    !hasPathPrefix(path, PAGINATION_ONLY_ALLOWED_EXCEPTION) &&
    PAGINATION_ONLY_DENIED_PREFIXES.some((prefix) => hasPathPrefix(path, prefix));
  if (!paginationOnlyDenied) levels.push(PATIENT_ACCESS.PAGINATION_ONLY);
  if (VIEW_ONLY_ALLOWED_PREFIXES.some((prefix) => hasPathPrefix(path, prefix))) {
    levels.push(PATIENT_ACCESS.VIEW_ONLY);
  }
  return levels;
}
