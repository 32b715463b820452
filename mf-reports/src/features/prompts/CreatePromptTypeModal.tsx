import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, type InputRef } from 'antd';
import { PROMPT_TYPE_NAME_MAX_LENGTH } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { createPromptType } from '../api/promptsApi';
import { PROMPT_MESSAGES } from './promptMessages';

interface CreatePromptTypeModalProps {
  open: boolean;
  onCancel: () => void;
  /** Called after the type was created (the success message is already shown). */
  onCreated: () => void;
}

const NAME_ID = 'create-prompt-type-name';

/** Create Type: a new report type in the user's group; its name is all it needs. */
export function CreatePromptTypeModal({ open, onCancel, onCreated }: CreatePromptTypeModalProps) {
  return (
    <Modal
      open={open}
      title="Create Prompt Type"
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <CreatePromptTypeForm onCancel={onCancel} onCreated={onCreated} />
    </Modal>
  );
}

function CreatePromptTypeForm({ onCancel, onCreated }: Omit<CreatePromptTypeModalProps, 'open'>) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const inputRef = useRef<InputRef>(null);

  const submit = async () => {
    if (name.trim() === '') {
      setNameError(PROMPT_MESSAGES.typeNameRequired);
      inputRef.current?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await createPromptType(name.trim());
      void message.success(PROMPT_MESSAGES.typeCreated);
      onCreated();
    } catch (failure) {
      setSaveError(getErrorMessage(failure, PROMPT_MESSAGES.createTypeFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" component="form" onFinish={() => void submit()} requiredMark noValidate>
      {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
      <Form.Item
        label="Type Name"
        htmlFor={NAME_ID}
        required
        validateStatus={nameError ? 'error' : undefined}
        help={nameError ? <span id={`${NAME_ID}-error`}>{nameError}</span> : undefined}
        extra="A report type groups the prompts that draft one kind of report, e.g. Personal Injury."
      >
        <Input
          id={NAME_ID}
          ref={inputRef}
          value={name}
          maxLength={PROMPT_TYPE_NAME_MAX_LENGTH}
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
          Create Type
        </Button>
      </Flex>
    </Form>
  );
}
