import { Typography } from 'antd';
import type { Lookup } from '@ewrt/contract';
import { ConfirmDeletionModal } from '@ewrt/shared/kit';
import { deletePrompt } from '../api/promptsApi';
import { PROMPT_MESSAGES } from './promptMessages';

interface ConfirmDeletePromptModalProps {
  open: boolean;
  prompt: Lookup | null;
  onCancel: () => void;
  /** Called after a successful deletion (the success message is already shown). */
  onDeleted: () => void;
}

/** Confirm Delete: the last step before a prompt is removed from the group. */
export function ConfirmDeletePromptModal({
  open,
  prompt,
  onCancel,
  onDeleted,
}: ConfirmDeletePromptModalProps) {
  return (
    <ConfirmDeletionModal
      open={open}
      question={
        prompt && (
          <Typography.Paragraph>
            Delete the prompt <Typography.Text strong>{prompt.LookupTitle}</Typography.Text>? Nobody in your
            group will be able to draft with it any more. This cannot be undone.
          </Typography.Paragraph>
        )
      }
      confirmText="Delete Prompt"
      remove={() => deletePrompt(prompt!.ID_Lookup)}
      successMessage={PROMPT_MESSAGES.deleted}
      failureMessage={PROMPT_MESSAGES.deleteFailed}
      onCancel={onCancel}
      onDeleted={onDeleted}
    />
  );
}
