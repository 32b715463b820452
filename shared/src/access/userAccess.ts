import type { User } from '../api/types';
import { FEATURES, READ_ONLY_LEVEL_LABEL, accessLevelByLabel } from './accessLevels';
import type { Feature } from './types';

type MaybeUser = User | null | undefined;

/** A system administrator: every feature and every route whatever the level. */
export function isAdministrator(user: MaybeUser): boolean {
  return user?.Administrator === 'yes';
}

/** The admin check of ACC-01 (Manage users link, /users): administrators and group admins. */
export function isAdmin(user: MaybeUser): boolean {
  return isAdministrator(user) || user?.group_admin === 'yes';
}

/** The level label the rules apply to the user (unknown or missing -> Read Only). */
export function userLevelLabel(user: MaybeUser): string {
  return accessLevelByLabel(user?.txt_access_level).label;
}

export function userFeatures(user: MaybeUser): Feature[] {
  if (!user) return [];
  if (isAdministrator(user)) return [...FEATURES];
  return [...accessLevelByLabel(user.txt_access_level).features];
}

export function hasFeature(user: MaybeUser, feature: Feature): boolean {
  return userFeatures(user).includes(feature);
}

/** The read-only kind of user of ACC-01 (never an administrator). */
export function isReadOnlyUser(user: MaybeUser): boolean {
  if (isAdministrator(user)) return false;
  return userLevelLabel(user) === READ_ONLY_LEVEL_LABEL;
}
