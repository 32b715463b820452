import { makeUser } from '@ewrt/shared/testing';
import {
  canDeleteUser,
  canEditUser,
  canManageUsers,
  canResetTwoFactor,
  canViewUserDashboard,
  dashboardAccess,
  showsGroupAndStatus,
  userRoleLabel,
} from './userManagementRules';

const administrator = makeUser({ ID_User: 1, Administrator: 'yes', Group: 1 });
const groupAdmin = makeUser({ ID_User: 2, group_admin: 'yes', Group: 1 });
const member = makeUser({ ID_User: 3, Group: 1 });
const adminOfGroupOne = makeUser({ ID_User: 4, Administrator: 'yes', Group: 1 });
const outsider = makeUser({ ID_User: 7, Group: 2 });

type Actor = 'administrator' | 'group admin' | 'member';
const ACTORS = { administrator, 'group admin': groupAdmin, member } as const;

test.each<[Actor, string, ReturnType<typeof makeUser>, boolean, boolean]>([
  // actor, target, user, may edit, may delete
  ['administrator', 'a member of any group', outsider, true, true],
  ['administrator', 'another administrator', adminOfGroupOne, true, true],
  ['administrator', 'themself', administrator, true, false],
  ['group admin', 'a member of their group', member, true, true],
  ['group admin', 'an administrator of their group', adminOfGroupOne, true, false],
  ['group admin', 'a user of another group', outsider, false, false],
  ['group admin', 'themself', groupAdmin, true, false],
  ['member', 'themself', member, true, false],
  ['member', 'another member of their group', makeUser({ ID_User: 5, Group: 1 }), false, false],
])('%s editing %s: edit %#', (actor, _target, target, mayEdit, mayDelete) => {
  expect(canEditUser(ACTORS[actor], target)).toBe(mayEdit);
  expect(canDeleteUser(ACTORS[actor], target)).toBe(mayDelete);
});

test('edit shows group and status to administrators, and to group admins editing someone else', () => {
  expect(showsGroupAndStatus(administrator, administrator)).toBe(true);
  expect(showsGroupAndStatus(administrator, member)).toBe(true);
  expect(showsGroupAndStatus(groupAdmin, member)).toBe(true);
  expect(showsGroupAndStatus(groupAdmin, groupAdmin)).toBe(false);
  expect(showsGroupAndStatus(member, member)).toBe(false);
});

test('user management is for administrators and group admins', () => {
  expect(canManageUsers(administrator)).toBe(true);
  expect(canManageUsers(groupAdmin)).toBe(true);
  expect(canManageUsers(member)).toBe(false);
  expect(canManageUsers(null)).toBe(false);
});

test('the role badge names administrators first, then group admins', () => {
  expect(userRoleLabel(makeUser({ Administrator: 'yes', group_admin: 'yes' }))).toBe('Administrator');
  expect(userRoleLabel(groupAdmin)).toBe('Group Admin');
  expect(userRoleLabel(member)).toBe('User');
});

test('a two-factor reset reaches as far as deleting, and includes oneself', () => {
  expect(canResetTwoFactor(administrator, outsider)).toBe(true);
  expect(canResetTwoFactor(groupAdmin, member)).toBe(true);
  expect(canResetTwoFactor(groupAdmin, adminOfGroupOne)).toBe(false);
  expect(canResetTwoFactor(groupAdmin, outsider)).toBe(false);
  expect(canResetTwoFactor(member, member)).toBe(false);
});

test('another user dashboard: administrators, group admins for their group, and oneself (USR-08)', () => {
  expect(dashboardAccess(administrator, 7)).toBe('allowed');
  expect(dashboardAccess(member, 3)).toBe('allowed');
  expect(dashboardAccess(member, 7)).toBe('denied');
  expect(dashboardAccess(groupAdmin, 7)).toBe('by-group');
  expect(dashboardAccess(null, 3)).toBe('denied');
  expect(canViewUserDashboard(groupAdmin, member)).toBe(true);
  expect(canViewUserDashboard(groupAdmin, outsider)).toBe(false);
  expect(canViewUserDashboard(administrator, outsider)).toBe(true);
  expect(canViewUserDashboard(member, outsider)).toBe(false);
});
