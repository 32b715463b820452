// The role rules of USR-04 and USR-07 as the browser applies them, to show or hide controls. The server applies
// the same rules to every call; these only keep the screens from offering what would be refused.
import { isAdmin, isAdministrator, type User } from '@ewrt/shared';

// A user of the list (ManagedUser) is a User as far as these rules go.
type MaybeUser = User | null | undefined;

/** A group admin who is not also an administrator: their powers stop at their own group. */
export function isGroupAdminOnly(user: MaybeUser): boolean {
  return !isAdministrator(user) && user?.group_admin === 'yes';
}

export type UserRoleLabel = 'Administrator' | 'Group Admin' | 'User';

/** The role badge of the user table (USR-02). */
export function userRoleLabel(user: Pick<User, 'Administrator' | 'group_admin'>): UserRoleLabel {
  if (user.Administrator === 'yes') return 'Administrator';
  if (user.group_admin === 'yes') return 'Group Admin';
  return 'User';
}

/** Administrators and group admins reach user management (/users). */
export function canManageUsers(actor: MaybeUser): boolean {
  return isAdmin(actor);
}

function isSelf(actor: MaybeUser, target: Pick<User, 'ID_User'>): boolean {
  return !!actor && actor.ID_User === target.ID_User;
}

function sameGroup(actor: MaybeUser, target: Pick<User, 'Group'>): boolean {
  return !!actor && actor.Group !== null && actor.Group === target.Group;
}

/** Administrators edit anyone; group admins the users of their group; everybody themself. */
export function canEditUser(actor: MaybeUser, target: User): boolean {
  if (!actor) return false;
  if (isAdministrator(actor) || isSelf(actor, target)) return true;
  return isGroupAdminOnly(actor) && sameGroup(actor, target);
}

/** Administrators delete anyone; group admins non-administrators of their group; nobody themself. */
export function canDeleteUser(actor: MaybeUser, target: User): boolean {
  if (!actor || isSelf(actor, target)) return false;
  if (isAdministrator(actor)) return true;
  return isGroupAdminOnly(actor) && sameGroup(actor, target) && target.Administrator !== 'yes';
}

/** Edit shows the group and status fields to administrators, and to group admins editing someone else. */
export function showsGroupAndStatus(actor: MaybeUser, target: User): boolean {
  if (isAdministrator(actor)) return true;
  return isGroupAdminOnly(actor) && !isSelf(actor, target);
}

/** Only administrators choose a group, set Administrator, Group Admin and the access level, and create groups. */
export function canAdministerEverything(actor: MaybeUser): boolean {
  return isAdministrator(actor);
}

/**
 * Clearing a user's two-factor set-up follows the delete rule's reach (administrators anyone, group admins the
 * non-administrators of their group) but includes oneself: it only makes the next sign-in enrol again.
 */
export function canResetTwoFactor(actor: MaybeUser, target: User): boolean {
  if (!actor) return false;
  if (isAdministrator(actor)) return true;
  return isGroupAdminOnly(actor) && sameGroup(actor, target) && target.Administrator !== 'yes';
}

/**
 * Whether the actor may open the dashboard of the user with this id (USR-08): 'allowed' for an
 * administrator or oneself, 'denied' for an ordinary user looking at someone else, and 'by-group' for a group
 * admin, who may see the users of their own group: decidable only once the user's group is known.
 */
export function dashboardAccess(actor: MaybeUser, targetId: number): 'allowed' | 'denied' | 'by-group' {
  if (!actor) return 'denied';
  if (isAdministrator(actor) || actor.ID_User === targetId) return 'allowed';
  return isGroupAdminOnly(actor) ? 'by-group' : 'denied';
}

/** The dashboard rule once the user is known. */
export function canViewUserDashboard(actor: MaybeUser, target: User): boolean {
  const access = dashboardAccess(actor, target.ID_User);
  return access === 'allowed' || (access === 'by-group' && sameGroup(actor, target));
}
