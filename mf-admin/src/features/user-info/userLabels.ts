import type { ManagedUser } from '@ewrt/contract';
import { formatDate, formatDateTime } from '@ewrt/shared';

/** The date a user was added, en-GB; 'N/A' when the server has none (USR-02). */
export function dateAddedLabel(user: Pick<ManagedUser, 'date_added'>): string {
  return formatDate(user.date_added) || 'N/A';
}

export function lastSignInLabel(user: Pick<ManagedUser, 'last_login'>): string {
  return formatDateTime(user.last_login) || 'Never signed in';
}

export function twoFactorLabel(user: Pick<ManagedUser, 'is_2fa_enabled'>): string {
  return user.is_2fa_enabled ? 'Set up' : 'Not set up (set up at next sign-in)';
}

export function accessLevelLabel(user: Pick<ManagedUser, 'txt_access_level'>): string {
  return user.txt_access_level ?? 'Not set';
}

export function groupLabel(user: Pick<ManagedUser, 'Group' | 'Group_Name'>): string {
  if (user.Group_Name) return user.Group_Name;
  return user.Group === null ? 'No group' : `Group ${user.Group}`;
}

/** Blank optional text (contact number, email) shown as such rather than as nothing. */
export function orNotGiven(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : 'Not given';
}
