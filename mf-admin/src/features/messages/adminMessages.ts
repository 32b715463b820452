// Every user-visible message of USR-06 for users and groups, verbatim, plus the few this area adds
// (password policy, two-factor reset). Screens use these names, never copies.
import { PASSWORD_MIN_LENGTH } from '@ewrt/contract/limits';

export const ADMIN_MESSAGES = {
  // USR-06: failures (the server's message is preferred when it gives one)
  loadUsersFailed: 'Failed to load users',
  addUserFailed: 'Failed to add user',
  updateUserFailed: 'Failed to update user',
  deleteUserFailed: 'Failed to delete user',
  createGroupFailed: 'Failed to create group',
  loadUserFailed: 'Failed to load user information',
  userNotFound: 'User not found',
  noDashboardPermission: 'You do not have permission to access this user dashboard',

  // USR-06: successes
  userAdded: 'User added successfully',
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  groupCreated: 'Group created successfully',

  // Beyond the spec's catalogue
  loadGroupsFailed: 'Failed to load groups',
  resetTwoFactorFailed: 'Failed to reset two-factor authentication',
  twoFactorReset:
    'Two-factor authentication has been reset. The user sets it up again at their next sign-in.',
  noManagePermission: 'You do not have permission to manage users',
  loadCapabilitiesFailed: "Failed to load the server's readiness",

  // Form validation
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address, for example name@example.com',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordIsUsername: 'Password must not be the same as the username',
  passwordsDiffer: 'The passwords do not match',
  groupRequired: 'Group is required',
  groupNameRequired: 'Group Name is required',

  // Hints
  passwordPolicy: `At least ${PASSWORD_MIN_LENGTH} characters, and not the same as the username.`,
  passwordKept: 'Leave blank to keep the current password.',
} as const;
