import { PASSWORD_MIN_LENGTH } from '@ewrt/contract/limits';
import { ADMIN_MESSAGES } from '../messages/adminMessages';

/**
 * Why a new password would be refused, or null: the server's policy, checked before sending. Characters are
 * counted as people count them (an emoji is one), as the server counts them.
 */
export function passwordPolicyProblem(password: string, username: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return ADMIN_MESSAGES.passwordTooShort;
  if (username.trim() !== '' && password.trim().toLowerCase() === username.trim().toLowerCase()) {
    return ADMIN_MESSAGES.passwordIsUsername;
  }
  return null;
}
