import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { forbidden } from '../../http/HttpError.js';
import { hasUserFeature } from '../patients/patientPermissions.js';

export const AUTHORING_ACCESS_MESSAGES = {
  noDraftReports: 'Your access level does not include draft reports',
  noAuthoringTools: 'Your access level does not include the report authoring tools',
} as const;

/**
 * What drives draft reports (prompts, the style document, report templates, structured templates) is read by
 * whoever drafts reports (the generative-ai feature) and changed only by those with the authoring screens, the
 * advanced tools of the access-level table (README "Access levels").
 */
export type AuthoringUse = 'read' | 'change';

export function mayChangeAuthoring(user: AuthenticatedUser): boolean {
  return hasUserFeature(user, 'advanced-tools');
}

export function checkAuthoringAccess(user: AuthenticatedUser, use: AuthoringUse): void {
  if (use === 'change') {
    if (!mayChangeAuthoring(user)) throw forbidden(AUTHORING_ACCESS_MESSAGES.noAuthoringTools);
    return;
  }
  if (!hasUserFeature(user, 'generative-ai') && !mayChangeAuthoring(user)) {
    throw forbidden(AUTHORING_ACCESS_MESSAGES.noDraftReports);
  }
}
