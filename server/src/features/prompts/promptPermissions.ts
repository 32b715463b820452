import type { AuthenticatedUser } from '../auth/userDirectory.js';

/** Whose a prompt is: its group, and the user who owns it (null once that user is deleted). */
export interface PromptOwnership {
  groupId: number;
  userId: number | null;
}

/**
 * TPL-03: everyone in the group may view a prompt; administrators may edit and delete any prompt, group admins
 * those of their own group, and everyone their own. The one rule behind `can_edit` and the server's refusals.
 */
export function canEditPrompt(user: AuthenticatedUser, prompt: PromptOwnership): boolean {
  if (user.isAdministrator) return true;
  if (user.isGroupAdmin && user.groupId === prompt.groupId) return true;
  return prompt.userId === user.id;
}

/** Another group's prompt is not revealed to anyone but an administrator: for them it does not exist. */
export function canSeePrompt(user: AuthenticatedUser, prompt: PromptOwnership): boolean {
  return user.isAdministrator || user.groupId === prompt.groupId;
}
