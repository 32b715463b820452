import { PASSWORD_MIN_LENGTH } from '@ewrt/contract';
import { USER_MESSAGES } from './userMessages.js';

/**
 * Why a new password is refused, or null when it may be used: at least PASSWORD_MIN_LENGTH characters (counted as
 * people count them, so an emoji is one) and not the username in any case.
 */
export function passwordPolicyProblem(password: string, username: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return USER_MESSAGES.passwordTooShort;
  if (password.trim().toLowerCase() === username.trim().toLowerCase())
    return USER_MESSAGES.passwordIsUsername;
  return null;
}
