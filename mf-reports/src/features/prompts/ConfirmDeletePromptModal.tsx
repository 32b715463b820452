import { useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import type { Lookup } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
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
  const { message } = App.useApp();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!prompt) return;
    setDeleting(true);
    setError(null);
    try {
      await deletePrompt(prompt.ID_Lookup);
      void message.success(PROMPT_MESSAGES.deleted);
      onDeleted();
    } catch (failure) {
      setError(getErrorMessage(failure, PROMPT_MESSAGES.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };

  const cancel = () => {
    setError(null);
    onCancel();
  };

  return (
    <Modal
      open={open}
      title="Confirm Delete"
      okText="Delete Prompt"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      confirmLoading={deleting}
      onOk={() => void confirm()}
      onCancel={cancel}
      mask={{ closable: !deleting }}
      destroyOnHidden
    >
      {prompt && (
        <Typography.Paragraph>
          Delete the prompt <Typography.Text strong>{prompt.LookupTitle}</Typography.Text>? Nobody in your
          group will be able to draft with it any more. This cannot be undone.
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
