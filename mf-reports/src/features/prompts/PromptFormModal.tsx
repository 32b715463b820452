import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Select } from 'antd';
import type { Lookup, LookupType } from '@ewrt/contract';
import { PROMPT_TEXT_MAX_LENGTH, PROMPT_TITLE_MAX_LENGTH } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { addPrompt, updatePrompt } from '../api/promptsApi';
import {
  PROMPT_FORM_FIELDS,
  promptFormValues,
  promptSaveRequest,
  validatePromptForm,
  type PromptFormErrors,
  type PromptFormField,
  type PromptFormValues,
  type PromptSaver,
} from './promptForm';
import { PROMPT_MESSAGES } from './promptMessages';

interface PromptFormModalProps {
  open: boolean;
  /** The prompt being edited; null adds a new one. */
  prompt: Lookup | null;
  types: LookupType[];
  saver: PromptSaver;
  /** The type a new prompt starts with (the table's type filter), if any. */
  initialTypeId: number | null;
  onCancel: () => void;
  /** Called after a successful save (the success message is already shown). */
  onSaved: () => void;
}

/** Add Prompt and Edit Prompt: title, type and the prompt's content. */
export function PromptFormModal({ open, prompt, ...props }: PromptFormModalProps) {
  return (
    <Modal
      open={open}
      title={prompt ? 'Edit Prompt' : 'Add Prompt'}
      footer={null}
      onCancel={props.onCancel}
      destroyOnHidden
      width={760}
      mask={{ closable: false }}
    >
      <PromptForm prompt={prompt} {...props} />
    </Modal>
  );
}

const FIELD_IDS: Record<PromptFormField, string> = {
  title: 'prompt-form-title',
  typeId: 'prompt-form-type',
  text: 'prompt-form-text',
};

// Lives inside the modal body, which is destroyed on close: every opening starts from the prompt's values.
function PromptForm({
  prompt,
  types,
  saver,
  initialTypeId,
  onCancel,
  onSaved,
}: Omit<PromptFormModalProps, 'open'>) {
  const { message } = App.useApp();
  const [values, setValues] = useState<PromptFormValues>(() => promptFormValues(prompt, initialTypeId));
  const [errors, setErrors] = useState<PromptFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const controls = useRef<Partial<Record<PromptFormField, { focus: () => void } | null>>>({});

  const set = <Field extends PromptFormField>(field: Field, value: PromptFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  const submit = async () => {
    const found = validatePromptForm(values);
    const firstInvalid = PROMPT_FORM_FIELDS.find((field) => found[field]);
    if (firstInvalid || values.typeId === null) {
      setErrors(found);
      if (firstInvalid) controls.current[firstInvalid]?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const body = promptSaveRequest({ ...values, typeId: values.typeId }, saver, prompt);
      if (prompt) await updatePrompt(prompt.ID_Lookup, body);
      else await addPrompt(body);
      void message.success(prompt ? PROMPT_MESSAGES.updated : PROMPT_MESSAGES.added);
      onSaved();
    } catch (failure) {
      // The form keeps every value so nothing the user wrote is lost.
      setSaveError(
        getErrorMessage(failure, prompt ? PROMPT_MESSAGES.updateFailed : PROMPT_MESSAGES.addFailed),
      );
    } finally {
      setSaving(false);
    }
  };

  /** A required, labelled form item whose error the control announces. */
  const item = (
    field: PromptFormField,
    label: string,
    control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode,
  ) => {
    const id = FIELD_IDS[field];
    const error = errors[field];
    const errorId = `${id}-error`;
    return (
      <Form.Item
        label={label}
        htmlFor={id}
        required
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={errorId}>{error}</span> : undefined}
      >
        {control({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
      </Form.Item>
    );
  };

  return (
    <Form layout="vertical" component="form" onFinish={() => void submit()} requiredMark noValidate>
      {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
      {item('title', 'Title', (aria) => (
        <Input
          {...aria}
          ref={(element) => {
            controls.current.title = element;
          }}
          value={values.title}
          maxLength={PROMPT_TITLE_MAX_LENGTH}
          autoComplete="off"
          aria-required
          onChange={(event) => set('title', event.target.value)}
        />
      ))}
      {item('typeId', 'Type', (aria) => (
        <Select<number>
          {...aria}
          ref={(element) => {
            controls.current.typeId = element;
          }}
          value={values.typeId ?? undefined}
          placeholder="Choose the report type"
          aria-required
          showSearch={{ optionFilterProp: 'label' }}
          options={types.map((type) => ({ value: type.ID_LookupType, label: type.LookupTypeText }))}
          notFoundContent="No prompt types yet: create one with Create Type."
          onChange={(value) => set('typeId', value)}
        />
      ))}
      {item('text', 'Prompt Content', (aria) => (
        <Input.TextArea
          {...aria}
          ref={(element) => {
            controls.current.text = element;
          }}
          value={values.text}
          maxLength={PROMPT_TEXT_MAX_LENGTH}
          autoSize={{ minRows: 8, maxRows: 20 }}
          aria-required
          onChange={(event) => set('text', event.target.value)}
        />
      ))}
      <Flex justify="end" gap="small">
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {prompt ? 'Save Changes' : 'Add Prompt'}
        </Button>
      </Flex>
    </Form>
  );
}
