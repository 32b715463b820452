import { useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import type { ManagedUser } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { deleteUser } from '../api/usersApi';
import { ADMIN_MESSAGES } from '../messages/adminMessages';

interface ConfirmDeleteModalProps {
  open: boolean;
  user: ManagedUser | null;
  onCancel: () => void;
  /** Called after a successful deletion (the success message is already shown). */
  onDeleted: () => void;
}

/** Confirm Delete: the last step before a user's account is removed. */
export function ConfirmDeleteModal({ open, user, onCancel, onDeleted }: ConfirmDeleteModalProps) {
  const { message } = App.useApp();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!user) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteUser(user.ID_User);
      void message.success(ADMIN_MESSAGES.userDeleted);
      onDeleted();
    } catch (failure) {
      setError(getErrorMessage(failure, ADMIN_MESSAGES.deleteUserFailed));
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
      okText="Delete User"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      confirmLoading={deleting}
      onOk={() => void confirm()}
      onCancel={cancel}
      mask={{ closable: !deleting }}
      destroyOnHidden
    >
      {user && (
        <Typography.Paragraph>
          Delete the account of <Typography.Text strong>{user.Name}</Typography.Text> ({user.Username})? They
          will no longer be able to sign in. This cannot be undone.
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
