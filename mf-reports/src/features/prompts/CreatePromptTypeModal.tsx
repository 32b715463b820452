import { PROMPT_TYPE_NAME_MAX_LENGTH } from '@ewrt/contract/limits';
import { CreateNamedItemModal } from '@ewrt/shared/kit';
import { createPromptType } from '../api/promptsApi';
import { PROMPT_MESSAGES } from './promptMessages';

interface CreatePromptTypeModalProps {
  open: boolean;
  onCancel: () => void;
  /** Called after the type was created (the success message is already shown). */
  onCreated: () => void;
}

/** Create Type: a new report type in the user's group; its name is all it needs. */
export function CreatePromptTypeModal({ open, onCancel, onCreated }: CreatePromptTypeModalProps) {
  return (
    <CreateNamedItemModal
      open={open}
      title="Create Prompt Type"
      label="Type Name"
      inputId="create-prompt-type-name"
      maxLength={PROMPT_TYPE_NAME_MAX_LENGTH}
      hint="A report type groups the prompts that draft one kind of report, e.g. Personal Injury."
      requiredMessage={PROMPT_MESSAGES.typeNameRequired}
      submitText="Create Type"
      create={createPromptType}
      successMessage={PROMPT_MESSAGES.typeCreated}
      failureMessage={PROMPT_MESSAGES.createTypeFailed}
      onCancel={onCancel}
      onCreated={onCreated}
    />
  );
}
