import { GROUP_NAME_MAX_LENGTH } from '@ewrt/contract/limits';
import { CreateNamedItemModal } from '@ewrt/shared/kit';
import { createGroup } from '../api/usersApi';
import { ADMIN_MESSAGES } from '../messages/adminMessages';

interface CreateGroupModalProps {
  open: boolean;
  onCancel: () => void;
  /** Called after the group was created (the success message is already shown). */
  onCreated: () => void;
}

/** Create Group (administrators): a name is all a group needs. */
export function CreateGroupModal({ open, onCancel, onCreated }: CreateGroupModalProps) {
  return (
    <CreateNamedItemModal
      open={open}
      title="Create Group"
      label="Group Name"
      inputId="create-group-name"
      maxLength={GROUP_NAME_MAX_LENGTH}
      requiredMessage={ADMIN_MESSAGES.groupNameRequired}
      submitText="Create Group"
      create={(name) => createGroup({ Group_Name: name })}
      successMessage={ADMIN_MESSAGES.groupCreated}
      failureMessage={ADMIN_MESSAGES.createGroupFailed}
      onCancel={onCancel}
      onCreated={onCreated}
    />
  );
}
