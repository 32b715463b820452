import { NEW_USER_DEFAULTS, type UserCreate } from '@ewrt/contract';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { USER_MESSAGES } from './userMessages.js';
import type { StoredUser, UserFields } from './userRepository.js';

// The rules of USR-07, USR-08, as pure functions of the caller and the user acted on.

const isAdministrator = (user: StoredUser) => user.fields.Administrator === 'yes';

/** The caller is a group admin and the user belongs to the caller's group. */
function inGroupAdminsGroup(actor: AuthenticatedUser, target: StoredUser): boolean {
  return actor.isGroupAdmin && actor.groupId !== null && target.fields.Group === actor.groupId;
}

/**
 * A group admin manages the non-administrators of their group. Administrators in the group stay out of reach for
 * every change (the spec says so for deleting): otherwise a group admin could take over an administrator's account
 * by changing its password or email.
 */
function managedByGroupAdmin(actor: AuthenticatedUser, target: StoredUser): boolean {
  return inGroupAdminsGroup(actor, target) && !isAdministrator(target);
}

/** The user management list: administrators (everyone) and group admins (their group). */
export function canListUsers(actor: AuthenticatedUser): boolean {
  return actor.isAdministrator || actor.isGroupAdmin;
}

/** The user dashboard: oneself, a user of a group admin's group, anyone for an administrator. */
export function canViewUser(actor: AuthenticatedUser, target: StoredUser): boolean {
  return actor.isAdministrator || actor.id === target.id || inGroupAdminsGroup(actor, target);
}

export function canEditUser(actor: AuthenticatedUser, target: StoredUser): boolean {
  return actor.isAdministrator || actor.id === target.id || managedByGroupAdmin(actor, target);
}

/** Why the caller may not delete the user, or null when they may. Nobody deletes themself. */
export function deletionRefusal(actor: AuthenticatedUser, target: StoredUser): string | null {
  if (actor.id === target.id) return USER_MESSAGES.cannotDeleteSelf;
  return actor.isAdministrator || managedByGroupAdmin(actor, target) ? null : USER_MESSAGES.cannotDelete;
}

export function canResetTwoFactor(actor: AuthenticatedUser, target: StoredUser): boolean {
  return actor.isAdministrator || managedByGroupAdmin(actor, target);
}

/** Why the caller may not add this user, or null when they may. A refused value is refused, never dropped. */
export function creationRefusal(actor: AuthenticatedUser, input: UserCreate): string | null {
  if (actor.isAdministrator) return null;
  if (!actor.isGroupAdmin) return USER_MESSAGES.cannotManage;
  if (actor.groupId === null || input.Group !== actor.groupId) return USER_MESSAGES.ownGroupOnly;
  const setsAdminFields =
    (input.Administrator ?? NEW_USER_DEFAULTS.ADMINISTRATOR) !== NEW_USER_DEFAULTS.ADMINISTRATOR ||
    (input.group_admin ?? NEW_USER_DEFAULTS.GROUP_ADMIN) !== NEW_USER_DEFAULTS.GROUP_ADMIN ||
    (input.access_level ?? NEW_USER_DEFAULTS.ACCESS_LEVEL) !== NEW_USER_DEFAULTS.ACCESS_LEVEL;
  return setsAdminFields ? USER_MESSAGES.adminFieldsOnly : null;
}

const ADMIN_FIELDS: readonly (keyof UserFields)[] = ['Administrator', 'group_admin', 'access_level'];
const OWN_PROFILE_FIELDS: readonly (keyof UserFields)[] = ['Name', 'Email', 'ContactNumber'];

/**
 * Why the caller may not make these changes to a user they may edit, or null when they may. Administrators change
 * anything; a group admin everything but the group, the admin flags and the access level, and the status only of
 * others; a user on their own account only their name, email, contact number and password.
 */
export function changeRefusal(
  actor: AuthenticatedUser,
  target: StoredUser,
  changed: readonly (keyof UserFields)[],
): string | null {
  if (actor.isAdministrator) return null;
  if (managedByGroupAdmin(actor, target)) {
    if (changed.includes('Group')) return USER_MESSAGES.cannotChangeGroup;
    if (changed.some((field) => ADMIN_FIELDS.includes(field))) return USER_MESSAGES.adminFieldsOnly;
    if (changed.includes('user_active') && actor.id === target.id) return USER_MESSAGES.cannotChangeOwnStatus;
    return null;
  }
  return changed.every((field) => OWN_PROFILE_FIELDS.includes(field))
    ? null
    : USER_MESSAGES.ownProfileFieldsOnly;
}
