import { useState } from 'react';
import { Alert, App, Button, Divider, Modal } from 'antd';
import type { ManagedUser } from '@ewrt/contract';
import { getErrorMessage, type User } from '@ewrt/shared';
import { canResetTwoFactor } from '../access/userManagementRules';
import { resetUserTwoFactor } from '../api/usersApi';
import { ADMIN_MESSAGES } from '../messages/adminMessages';
import { UserAccountFacts, UserIdentityFacts } from '../user-info/UserFacts';

interface UserDetailsModalProps {
  open: boolean;
  actor: User | null;
  user: ManagedUser | null;
  onClose: () => void;
  /** The user changed on the server (two-factor reset): the list should be reloaded. */
  onChanged: () => void;
}

/** User Details: everything known about a user, and the two-factor reset for those who manage them. */
export function UserDetailsModal({ open, actor, user, onClose, onChanged }: UserDetailsModalProps) {
  return (
    <Modal
      open={open}
      title="User Details"
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {user && <UserDetails actor={actor} initialUser={user} onChanged={onChanged} />}
    </Modal>
  );
}

function UserDetails({
  actor,
  initialUser,
  onChanged,
}: {
  actor: User | null;
  initialUser: ManagedUser;
  onChanged: () => void;
}) {
  const { message, modal } = App.useApp();
  const [user, setUser] = useState(initialUser);
  const [error, setError] = useState<string | null>(null);

  const confirmReset = async () => {
    const confirmed = await modal.confirm({
      title: 'Reset two-factor authentication?',
      content: `${user.Name} will have to set up two-factor authentication again, with a new secret, at their next sign-in.`,
      okText: 'Reset two-factor',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
    });
    if (!confirmed) return;
    setError(null);
    try {
      const answer = await resetUserTwoFactor(user.ID_User);
      setUser(answer.user);
      void message.success(ADMIN_MESSAGES.twoFactorReset);
      onChanged();
    } catch (failure) {
      setError(getErrorMessage(failure, ADMIN_MESSAGES.resetTwoFactorFailed));
    }
  };

  return (
    <>
      <UserIdentityFacts user={user} />
      <Divider style={{ margin: '12px 0' }} />
      <UserAccountFacts user={user} />
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      {canResetTwoFactor(actor, user) && user.is_2fa_enabled && (
        <Button danger style={{ marginTop: 12 }} onClick={() => void confirmReset()}>
          Reset two-factor
        </Button>
      )}
    </>
  );
}
