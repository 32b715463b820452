import type { ManagedUser } from '@ewrt/contract';
import { sessionStore } from '@ewrt/shared';

/**
 * After the signed-in user's own account was saved, the session (navbar initials, every open tab) takes the
 * saved name and details at once instead of at the next sign-in. Another user's save changes nothing.
 */
export function refreshSignedInUser(saved: ManagedUser): void {
  const { status, user, token } = sessionStore.getState();
  if (status !== 'signed-in' || !user || !token || user.ID_User !== saved.ID_User) return;
  sessionStore.signIn(token, { ...user, ...saved });
}
