import { Typography } from 'antd';
import type { ManagedUser } from '@ewrt/contract';
import { ConfirmDeletionModal } from '@ewrt/shared/kit';
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
  return (
    <ConfirmDeletionModal
      open={open}
      question={
        user && (
          <Typography.Paragraph>
            Delete the account of <Typography.Text strong>{user.Name}</Typography.Text> ({user.Username})?
            They will no longer be able to sign in. This cannot be undone.
          </Typography.Paragraph>
        )
      }
      confirmText="Delete User"
      remove={() => deleteUser(user!.ID_User)}
      successMessage={ADMIN_MESSAGES.userDeleted}
      failureMessage={ADMIN_MESSAGES.deleteUserFailed}
      onCancel={onCancel}
      onDeleted={onDeleted}
    />
  );
}
