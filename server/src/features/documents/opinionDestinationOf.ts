import { forbidden } from '../../http/HttpError.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { DocumentDestination } from './storeStagedDocument.js';

/** Every stored document records a group; opinion documents record their owner's. */
export const OPINION_GROUP_REQUIRED =
  'Your account does not belong to a group, so opinion documents cannot be stored. Ask an administrator to add you to one.';

/** Where the user's own opinion documents go: their personal collection, under their current group. */
export function opinionDestinationOf(user: AuthenticatedUser): DocumentDestination {
  if (user.groupId === null) throw forbidden(OPINION_GROUP_REQUIRED);
  return { owner: { kind: 'opinions', userId: user.id }, groupId: user.groupId, uploadedBy: user.id };
}
