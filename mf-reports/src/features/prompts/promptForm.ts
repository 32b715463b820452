import type { Lookup, LookupSaveRequest } from '@ewrt/contract';
import { PROMPT_MESSAGES } from './promptMessages';

/** What the Add and Edit dialogs hold; the type is null until one is chosen. */
export interface PromptFormValues {
  title: string;
  typeId: number | null;
  text: string;
}

export type PromptFormField = keyof PromptFormValues;
export type PromptFormErrors = Partial<Record<PromptFormField, string>>;

/** The fields in the order they are shown, so the first one in error can take the focus. */
export const PROMPT_FORM_FIELDS: readonly PromptFormField[] = ['title', 'typeId', 'text'];

/** Add starts empty (with a type when the table is filtered by one); Edit starts from the prompt. */
export function promptFormValues(prompt: Lookup | null, typeId: number | null = null): PromptFormValues {
  if (!prompt) return { title: '', typeId, text: '' };
  return { title: prompt.LookupTitle, typeId: prompt.LookupType, text: prompt.LookupText };
}

/** TPL-02: Title, Type and Prompt Content are required (white space alone is not a value). */
export function validatePromptForm(values: PromptFormValues): PromptFormErrors {
  const errors: PromptFormErrors = {};
  if (values.title.trim() === '') errors.title = PROMPT_MESSAGES.titleRequired;
  if (values.typeId === null) errors.typeId = PROMPT_MESSAGES.typeRequired;
  if (values.text.trim() === '') errors.text = PROMPT_MESSAGES.contentRequired;
  return errors;
}

/** Who saves the prompt and in which group it lives. */
export interface PromptSaver {
  userId: number;
  groupId: number;
}

/**
 * The body of POST and PUT /api/lookups. A new prompt is the signed-in user's, in their group. An edit names the
 * prompt's own owner and group (an administrator or group admin editing someone's prompt leaves it theirs; a prompt
 * whose owner is gone is named by the editor), since the server never gives a prompt away or moves it.
 */
export function promptSaveRequest(
  values: PromptFormValues & { typeId: number },
  saver: PromptSaver,
  editing: Lookup | null,
): LookupSaveRequest {
  return {
    LookupTitle: values.title.trim(),
    LookupText: values.text.trim(),
    LookupType: values.typeId,
    ID_User: editing ? (editing.ID_User ?? saver.userId) : saver.userId,
    ID_Group: editing ? editing.ID_Group : saver.groupId,
  };
}
