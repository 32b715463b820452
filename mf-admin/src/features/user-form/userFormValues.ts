import type { ManagedUser, UserCreate, UserUpdate } from '@ewrt/contract';
import { NEW_USER_DEFAULTS } from '@ewrt/contract/limits';
import type { User } from '@ewrt/shared';
import { canAdministerEverything, showsGroupAndStatus } from '../access/userManagementRules';

/** What the Add New User and Edit User forms hold while the user types. */
export interface UserFormValues {
  Name: string;
  Email: string;
  ContactNumber: string;
  Username: string;
  /** Blank when editing keeps the current password. */
  Password: string;
  Group: number | null;
  Administrator: boolean;
  group_admin: boolean;
  access_level: number | null;
  active: boolean;
}

export type UserFormField = keyof UserFormValues;

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');
const isYes = (flag: string) => flag === 'yes';

/** An edited user's values, or a new user's defaults (USR-05: the adder's group, else group 1). */
export function userToFormValues(user: ManagedUser | null, actor: User | null): UserFormValues {
  if (!user) {
    return {
      Name: '',
      Email: '',
      ContactNumber: '',
      Username: '',
      Password: '',
      Group: actor?.Group ?? NEW_USER_DEFAULTS.GROUP,
      Administrator: isYes(NEW_USER_DEFAULTS.ADMINISTRATOR),
      group_admin: isYes(NEW_USER_DEFAULTS.GROUP_ADMIN),
      access_level: NEW_USER_DEFAULTS.ACCESS_LEVEL,
      active: NEW_USER_DEFAULTS.USER_ACTIVE === 1,
    };
  }
  return {
    Name: user.Name,
    Email: user.Email ?? '',
    ContactNumber: user.ContactNumber ?? '',
    Username: user.Username,
    Password: '',
    Group: user.Group,
    Administrator: isYes(user.Administrator),
    group_admin: isYes(user.group_admin),
    access_level: user.access_level,
    active: user.user_active === 1,
  };
}

function contactNumber(values: UserFormValues): string | null {
  const trimmed = values.ContactNumber.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The body of POST /api/users. A group admin's new user goes to their own group and carries no flags, level or
 * status: the server gives it the defaults, and would refuse a group admin who set them.
 */
export function formValuesToUserCreate(values: UserFormValues, actor: User | null): UserCreate {
  const common = {
    Name: values.Name.trim(),
    Email: values.Email.trim(),
    ContactNumber: contactNumber(values),
    Username: values.Username.trim(),
    Password: values.Password,
  };
  if (!canAdministerEverything(actor)) {
    return { ...common, Group: actor?.Group ?? NEW_USER_DEFAULTS.GROUP };
  }
  return {
    ...common,
    Group: values.Group ?? NEW_USER_DEFAULTS.GROUP,
    user_active: values.active ? 1 : 0,
    Administrator: yesNo(values.Administrator),
    group_admin: yesNo(values.group_admin),
    access_level: values.access_level ?? NEW_USER_DEFAULTS.ACCESS_LEVEL,
  };
}

/**
 * The body of PUT /api/users/{id}: only what the actor may change is sent. No password keeps the current one;
 * the group stays the user's own unless an administrator picks another; the status is sent when the form
 * shows it, except for one's own account (nobody deactivates themself).
 */
export function formValuesToUserUpdate(
  values: UserFormValues,
  actor: User | null,
  user: ManagedUser,
): UserUpdate {
  const administers = canAdministerEverything(actor);
  const update: UserUpdate = {
    Name: values.Name.trim(),
    Email: values.Email.trim(),
    ContactNumber: contactNumber(values),
    Username: values.Username.trim(),
    Group: (administers ? values.Group : user.Group) ?? NEW_USER_DEFAULTS.GROUP,
  };
  if (values.Password !== '') update.Password = values.Password;
  if (showsGroupAndStatus(actor, user) && actor?.ID_User !== user.ID_User) {
    update.user_active = values.active ? 1 : 0;
  }
  if (administers) {
    update.Administrator = yesNo(values.Administrator);
    update.group_admin = yesNo(values.group_admin);
    if (values.access_level !== null) update.access_level = values.access_level;
  }
  return update;
}
