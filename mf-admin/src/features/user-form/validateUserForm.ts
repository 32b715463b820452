import { ADMIN_MESSAGES } from '../messages/adminMessages';
import { passwordPolicyProblem } from './passwordPolicyProblem';
import type { UserFormValues } from './userFormValues';

/** The fields that can be wrong, in the order the form shows them: the first one gets focus. */
export const VALIDATED_USER_FIELDS = ['Name', 'Email', 'Username', 'Password', 'Group'] as const;

export type ValidatedUserField = (typeof VALIDATED_USER_FIELDS)[number];

export type UserFormErrors = Partial<Record<ValidatedUserField, string>>;

// One "@", something either side, a dot in the domain, no spaces: what people mistype, not RFC 5322.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * USR-04: Name, Email (an email address), Username, Password and Group are required to add a user; when
 * editing, a blank password keeps the current one. A new password must meet the server's policy.
 */
export function validateUserForm(values: UserFormValues, { adding }: { adding: boolean }): UserFormErrors {
  const errors: UserFormErrors = {};
  if (values.Name.trim() === '') errors.Name = ADMIN_MESSAGES.nameRequired;
  const email = values.Email.trim();
  if (email === '') errors.Email = ADMIN_MESSAGES.emailRequired;
  else if (!EMAIL_SHAPE.test(email)) errors.Email = ADMIN_MESSAGES.emailInvalid;
  if (values.Username.trim() === '') errors.Username = ADMIN_MESSAGES.usernameRequired;
  if (values.Password === '') {
    if (adding) errors.Password = ADMIN_MESSAGES.passwordRequired;
  } else {
    const problem = passwordPolicyProblem(values.Password, values.Username);
    if (problem) errors.Password = problem;
  }
  if (values.Group === null) errors.Group = ADMIN_MESSAGES.groupRequired;
  return errors;
}
