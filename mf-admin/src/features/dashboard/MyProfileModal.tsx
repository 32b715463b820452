import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, type InputRef } from 'antd';
import type { ManagedUser, UserUpdate } from '@ewrt/contract';
import { CONTACT_NUMBER_MAX_LENGTH, PASSWORD_MAX_LENGTH, USER_NAME_MAX_LENGTH } from '@ewrt/contract/limits';
import { getErrorMessage, MESSAGES } from '@ewrt/shared';
import { updateUser } from '../api/usersApi';
import { ADMIN_MESSAGES } from '../messages/adminMessages';
import { passwordPolicyProblem } from '../user-form/passwordPolicyProblem';

interface MyProfileModalProps {
  open: boolean;
  /** The signed-in user's own account, as the server last answered it. */
  user: ManagedUser;
  onCancel: () => void;
  /** Called with the saved account (the success message is already shown). */
  onSaved: (user: ManagedUser) => void;
}

/** My Profile: a user changes their own name, contact number and password. */
export function MyProfileModal({ open, ...props }: MyProfileModalProps) {
  return (
    <Modal
      open={open}
      title="My Profile"
      footer={null}
      onCancel={props.onCancel}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <MyProfileForm {...props} />
    </Modal>
  );
}

type ProfileField = 'Name' | 'ContactNumber' | 'Password' | 'ConfirmPassword';
type ProfileErrors = Partial<Record<ProfileField, string>>;

const FIELD_IDS: Record<ProfileField, string> = {
  Name: 'my-profile-name',
  ContactNumber: 'my-profile-contact-number',
  Password: 'my-profile-password',
  ConfirmPassword: 'my-profile-confirm-password',
};

function validateProfile(values: Record<ProfileField, string>, username: string): ProfileErrors {
  const errors: ProfileErrors = {};
  if (values.Name.trim() === '') errors.Name = ADMIN_MESSAGES.nameRequired;
  if (values.Password !== '') {
    const problem = passwordPolicyProblem(values.Password, username);
    if (problem) errors.Password = problem;
  }
  if (values.Password !== values.ConfirmPassword) errors.ConfirmPassword = ADMIN_MESSAGES.passwordsDiffer;
  return errors;
}

function MyProfileForm({ user, onCancel, onSaved }: Omit<MyProfileModalProps, 'open'>) {
  const { message } = App.useApp();
  const [values, setValues] = useState<Record<ProfileField, string>>({
    Name: user.Name,
    ContactNumber: user.ContactNumber ?? '',
    Password: '',
    ConfirmPassword: '',
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const inputRefs = useRef<Partial<Record<ProfileField, InputRef | null>>>({});

  const submit = async () => {
    const found = validateProfile(values, user.Username);
    const firstInvalid = (Object.keys(FIELD_IDS) as ProfileField[]).find((field) => found[field]);
    if (firstInvalid) {
      setErrors(found);
      inputRefs.current[firstInvalid]?.focus();
      return;
    }
    if (user.Group === null) {
      // The update must name the user's group unchanged; without one there is nothing valid to send.
      setSaveError(MESSAGES.noGroup);
      return;
    }
    // Email, username and group go back unchanged: the update takes the whole account.
    const update: UserUpdate = {
      Name: values.Name.trim(),
      Email: user.Email ?? '',
      ContactNumber: values.ContactNumber.trim() === '' ? null : values.ContactNumber.trim(),
      Username: user.Username,
      Group: user.Group,
    };
    if (values.Password !== '') update.Password = values.Password;
    setSaving(true);
    setSaveError(null);
    try {
      const answer = await updateUser(user.ID_User, update);
      void message.success(ADMIN_MESSAGES.userUpdated);
      onSaved(answer.user);
    } catch (failure) {
      setSaveError(getErrorMessage(failure, ADMIN_MESSAGES.updateUserFailed));
    } finally {
      setSaving(false);
    }
  };

  const field = (
    name: ProfileField,
    label: string,
    options: {
      password?: boolean;
      required?: boolean;
      hint?: string;
      maxLength: number;
      autoComplete: string;
    },
  ) => {
    const id = FIELD_IDS[name];
    const error = errors[name];
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    const describedBy = [options.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
    const common = {
      id,
      ref: (element: InputRef | null) => {
        inputRefs.current[name] = element;
      },
      value: values[name],
      maxLength: options.maxLength,
      autoComplete: options.autoComplete,
      'aria-invalid': error ? true : undefined,
      'aria-required': options.required ? true : undefined,
      'aria-describedby': describedBy || undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
    return (
      <Form.Item
        label={label}
        htmlFor={id}
        required={options.required}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={errorId}>{error}</span> : undefined}
        extra={options.hint ? <span id={hintId}>{options.hint}</span> : undefined}
      >
        {options.password ? <Input.Password {...common} /> : <Input {...common} type="text" />}
      </Form.Item>
    );
  };

  return (
    <Form layout="vertical" component="form" onFinish={() => void submit()} requiredMark noValidate>
      {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
      {field('Name', 'Name', { required: true, maxLength: USER_NAME_MAX_LENGTH, autoComplete: 'name' })}
      {field('ContactNumber', 'Contact number (optional)', {
        maxLength: CONTACT_NUMBER_MAX_LENGTH,
        autoComplete: 'tel',
      })}
      {field('Password', 'New password', {
        password: true,
        maxLength: PASSWORD_MAX_LENGTH,
        autoComplete: 'new-password',
        hint: `${ADMIN_MESSAGES.passwordKept} ${ADMIN_MESSAGES.passwordPolicy}`,
      })}
      {field('ConfirmPassword', 'Confirm new password', {
        password: true,
        maxLength: PASSWORD_MAX_LENGTH,
        autoComplete: 'new-password',
      })}
      <Flex justify="end" gap="small">
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save Changes
        </Button>
      </Flex>
    </Form>
  );
}
