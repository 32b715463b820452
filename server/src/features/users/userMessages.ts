import { PASSWORD_MIN_LENGTH } from '@ewrt/contract';

/** What the user and group calls answer; the spec's wording where it gives one (USR-06). */
export const USER_MESSAGES = {
  added: 'User added successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  groupCreated: 'Group created successfully',
  twoFactorReset:
    'Two-factor authentication has been reset. The user sets it up again at their next sign-in.',
  notFound: 'User not found',
  cannotManage: 'You do not have permission to manage users',
  cannotViewDashboard: 'You do not have permission to access this user dashboard',
  cannotEdit: 'You do not have permission to edit this user',
  cannotDelete: 'You do not have permission to delete this user',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotResetTwoFactor: 'You do not have permission to reset two-factor authentication for this user',
  ownGroupOnly: 'Group admins can add users only to their own group',
  adminFieldsOnly: 'Only an administrator can set Administrator, Group Admin or the access level',
  cannotChangeGroup: 'Only an administrator can move a user to another group',
  cannotChangeOwnStatus: 'You cannot change the status of your own account',
  ownProfileFieldsOnly: 'You can change only your own name, email, contact number and password',
  lastAdministrator:
    'The last active administrator cannot be removed, deactivated or demoted. Make another user an active administrator first.',
  ownsRecords:
    'This user still owns documents or background jobs, which must be kept, so the account cannot be deleted. Deactivate it instead.',
  usernameTaken: 'That username is already taken',
  emailTaken: 'That email address is already in use',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordIsUsername: 'Password must not be the same as the username',
  unknownGroup: 'That group does not exist',
  unknownAccessLevel: 'That access level does not exist',
  onlyAdministratorsCreateGroups: 'Only an administrator can create groups',
  groupNameTaken: 'A group with that name already exists',
} as const;
