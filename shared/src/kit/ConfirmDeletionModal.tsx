import { useState, type ReactNode } from 'react';
import { Alert, App, Modal } from 'antd';
import { getErrorMessage } from '@ewrt/shared';

interface ConfirmDeletionModalProps {
  open: boolean;
  /** What is about to be deleted, as a question; null while there is nothing to delete. */
  question: ReactNode;
  /** The danger button's text, e.g. 'Delete User'. */
  confirmText: string;
  /** Deletes it; a rejection is shown in the dialog, which stays open. */
  remove: () => Promise<unknown>;
  successMessage: string;
  /** Shown when the server gives no message of its own. */
  failureMessage: string;
  onCancel: () => void;
  /** Called after a successful deletion (the success message is already shown). */
  onDeleted: () => void;
  title?: string;
}

/** Confirm Delete: the last step before something is removed, with the failure kept in view. */
export function ConfirmDeletionModal({
  open,
  question,
  confirmText,
  remove,
  successMessage,
  failureMessage,
  onCancel,
  onDeleted,
  title = 'Confirm Delete',
}: ConfirmDeletionModalProps) {
  const { message } = App.useApp();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (question === null) return;
    setDeleting(true);
    setError(null);
    try {
      await remove();
      void message.success(successMessage);
      onDeleted();
    } catch (failure) {
      setError(getErrorMessage(failure, failureMessage));
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
      title={title}
      okText={confirmText}
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      confirmLoading={deleting}
      onOk={() => void confirm()}
      onCancel={cancel}
      mask={{ closable: !deleting }}
      destroyOnHidden
    >
      {question}
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
