import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, type InputRef } from 'antd';
import { getErrorMessage } from '@ewrt/shared';

interface CreateNamedItemModalProps {
  open: boolean;
  /** The dialog's title, e.g. 'Create Group'. */
  title: string;
  /** The name field's label and id. */
  label: string;
  inputId: string;
  maxLength: number;
  /** Shown under the field, e.g. what the thing is for. */
  hint?: string;
  /** Shown when the name is blank. */
  requiredMessage: string;
  submitText: string;
  /** Creates it from the trimmed name; a rejection is shown in the dialog, which keeps what was typed. */
  create: (name: string) => Promise<unknown>;
  successMessage: string;
  /** Shown when the server gives no message of its own. */
  failureMessage: string;
  onCancel: () => void;
  /** Called after it was created (the success message is already shown). */
  onCreated: () => void;
}

/** A dialog that creates something whose name is all it needs (a group, a report type). */
export function CreateNamedItemModal({ open, title, onCancel, ...form }: CreateNamedItemModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <CreateNamedItemForm onCancel={onCancel} {...form} />
    </Modal>
  );
}

function CreateNamedItemForm({
  label,
  inputId,
  maxLength,
  hint,
  requiredMessage,
  submitText,
  create,
  successMessage,
  failureMessage,
  onCancel,
  onCreated,
}: Omit<CreateNamedItemModalProps, 'open' | 'title'>) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const inputRef = useRef<InputRef>(null);

  const submit = async () => {
    if (name.trim() === '') {
      setNameError(requiredMessage);
      inputRef.current?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await create(name.trim());
      void message.success(successMessage);
      onCreated();
    } catch (failure) {
      setSaveError(getErrorMessage(failure, failureMessage));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" component="form" onFinish={() => void submit()} requiredMark noValidate>
      {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
      <Form.Item
        label={label}
        htmlFor={inputId}
        required
        validateStatus={nameError ? 'error' : undefined}
        help={nameError ? <span id={`${inputId}-error`}>{nameError}</span> : undefined}
        extra={hint}
      >
        <Input
          id={inputId}
          ref={inputRef}
          value={name}
          maxLength={maxLength}
          autoComplete="off"
          aria-required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${inputId}-error` : undefined}
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
          {submitText}
        </Button>
      </Flex>
    </Form>
  );
}
