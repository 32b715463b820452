import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, type InputRef } from 'antd';
import { GROUP_NAME_MAX_LENGTH } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { createGroup } from '../api/usersApi';
import { ADMIN_MESSAGES } from '../messages/adminMessages';

interface CreateGroupModalProps {
  open: boolean;
  onCancel: () => void;
  /** Called after the group was created (the success message is already shown). */
  onCreated: () => void;
}

const NAME_ID = 'create-group-name';

/** Create Group (administrators): a name is all a group needs. */
export function CreateGroupModal({ open, onCancel, onCreated }: CreateGroupModalProps) {
  return (
    <Modal
      open={open}
      title="Create Group"
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <CreateGroupForm onCancel={onCancel} onCreated={onCreated} />
    </Modal>
  );
}

function CreateGroupForm({ onCancel, onCreated }: Omit<CreateGroupModalProps, 'open'>) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const inputRef = useRef<InputRef>(null);

  const submit = async () => {
    if (name.trim() === '') {
      setNameError(ADMIN_MESSAGES.groupNameRequired);
      inputRef.current?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await createGroup({ Group_Name: name.trim() });
      void message.success(ADMIN_MESSAGES.groupCreated);
      onCreated();
    } catch (failure) {
      setSaveError(getErrorMessage(failure, ADMIN_MESSAGES.createGroupFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" component="form" onFinish={() => void submit()} requiredMark noValidate>
      {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
      <Form.Item
        label="Group Name"
        htmlFor={NAME_ID}
        required
        validateStatus={nameError ? 'error' : undefined}
        help={nameError ? <span id={`${NAME_ID}-error`}>{nameError}</span> : undefined}
      >
        <Input
          id={NAME_ID}
          ref={inputRef}
          value={name}
          maxLength={GROUP_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${NAME_ID}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
        />
      </Form.Item>
      <Flex justify="end" gap="small">
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Create Group
        </Button>
      </Flex>
    </Form>
  );
}
