import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Select,
  type InputRef,
} from 'antd';
import type { AccessLevel, Group, ManagedUser } from '@ewrt/contract';
import {
  CONTACT_NUMBER_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  USER_NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '@ewrt/contract/limits';
import { getErrorMessage, type User } from '@ewrt/shared';
import { canAdministerEverything, canDeleteUser, showsGroupAndStatus } from '../access/userManagementRules';
import { createUser, updateUser } from '../api/usersApi';
import { ADMIN_MESSAGES } from '../messages/adminMessages';
import { groupLabel } from '../user-info/userLabels';
import {
  formValuesToUserCreate,
  formValuesToUserUpdate,
  userToFormValues,
  type UserFormField,
  type UserFormValues,
} from './userFormValues';
import { VALIDATED_USER_FIELDS, validateUserForm, type UserFormErrors } from './validateUserForm';

interface UserFormModalProps {
  open: boolean;
  /** The signed-in user: what they may set decides which fields show. */
  actor: User | null;
  /** The user being edited; null adds a new user. */
  user: ManagedUser | null;
  groups: Group[];
  accessLevels: AccessLevel[];
  onCancel: () => void;
  /** Called after a successful save (the success message is already shown). */
  onSaved: (user: ManagedUser) => void;
  /** Delete User was chosen in Edit User: the caller asks for confirmation. */
  onDelete: (user: ManagedUser) => void;
}

/** Add New User and Edit User (USR-02, USR-04, USR-07): one form, its fields shown by the role rules. */
export function UserFormModal({ open, user, ...props }: UserFormModalProps) {
  return (
    <Modal
      open={open}
      title={user ? 'Edit User' : 'Add New User'}
      footer={null}
      onCancel={props.onCancel}
      destroyOnHidden
      width={720}
      mask={{ closable: false }}
    >
      <UserForm user={user} {...props} />
    </Modal>
  );
}

const FIELD_IDS: Record<UserFormField, string> = {
  Name: 'user-form-name',
  Email: 'user-form-email',
  ContactNumber: 'user-form-contact-number',
  Username: 'user-form-username',
  Password: 'user-form-password',
  Group: 'user-form-group',
  Administrator: 'user-form-administrator',
  group_admin: 'user-form-group-admin',
  access_level: 'user-form-access-level',
  active: 'user-form-active',
};

type TextField = 'Name' | 'Email' | 'ContactNumber' | 'Username';

// Lives inside the modal body, which is destroyed on close: every opening starts from the user's values.
function UserForm({
  actor,
  user,
  groups,
  accessLevels,
  onCancel,
  onSaved,
  onDelete,
}: Omit<UserFormModalProps, 'open'>) {
  const { message } = App.useApp();
  const adding = user === null;
  const administers = canAdministerEverything(actor);
  const editingSelf = !!user && actor?.ID_User === user.ID_User;
  const showsGroup = adding || showsGroupAndStatus(actor, user);
  const showsStatus = adding ? administers : showsGroupAndStatus(actor, user);
  const [values, setValues] = useState<UserFormValues>(() => userToFormValues(user, actor));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const inputRefs = useRef<Partial<Record<UserFormField, { focus: () => void } | null>>>({});

  const set = <Field extends UserFormField>(field: Field, value: UserFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in errors) {
      setErrors((current) => {
        const rest = { ...current };
        delete rest[field as keyof UserFormErrors];
        return rest;
      });
    }
  };

  const submit = async () => {
    const found = validateUserForm(values, { adding });
    const firstInvalid = VALIDATED_USER_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      setErrors(found);
      inputRefs.current[firstInvalid]?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const answer = user
        ? await updateUser(user.ID_User, formValuesToUserUpdate(values, actor, user))
        : await createUser(formValuesToUserCreate(values, actor));
      void message.success(user ? ADMIN_MESSAGES.userUpdated : ADMIN_MESSAGES.userAdded);
      onSaved(answer.user);
    } catch (failure) {
      // The form keeps every value so nothing the user typed is lost.
      setSaveError(
        getErrorMessage(failure, user ? ADMIN_MESSAGES.updateUserFailed : ADMIN_MESSAGES.addUserFailed),
      );
    } finally {
      setSaving(false);
    }
  };

  /** A labelled form item whose hint and error the control announces (aria-describedby). */
  const item = (
    field: UserFormField,
    label: string,
    control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode,
    options: { required?: boolean; hint?: string } = {},
  ) => {
    const id = FIELD_IDS[field];
    const error = (errors as Partial<Record<UserFormField, string>>)[field];
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    const describedBy = [options.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
    return (
      <Form.Item
        label={label}
        htmlFor={id}
        required={options.required}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={errorId}>{error}</span> : undefined}
        extra={options.hint ? <span id={hintId}>{options.hint}</span> : undefined}
      >
        {control({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
      </Form.Item>
    );
  };

  const text = (
    field: TextField,
    label: string,
    maxLength: number,
    extra: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) =>
    item(
      field,
      label,
      (aria) => (
        <Input
          {...aria}
          ref={(element: InputRef | null) => {
            inputRefs.current[field] = element;
          }}
          type={extra.type ?? 'text'}
          value={values[field]}
          maxLength={maxLength}
          autoComplete={extra.autoComplete ?? 'off'}
          aria-required={extra.required ? true : undefined}
          onChange={(event) => set(field, event.target.value)}
        />
      ),
      { required: extra.required },
    );

  const groupName = adding
    ? groupLabel({ Group: actor?.Group ?? null, Group_Name: actor?.Group_Name ?? null })
    : groupLabel(user);

  return (
    <Form layout="vertical" component="form" onFinish={() => void submit()} requiredMark noValidate>
      {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {text('Name', 'Name', USER_NAME_MAX_LENGTH, { required: true, autoComplete: 'name' })}
        </Col>
        <Col xs={24} sm={12}>
          {text('Email', 'Email', EMAIL_MAX_LENGTH, { required: true, type: 'email', autoComplete: 'email' })}
        </Col>
        <Col xs={24} sm={12}>
          {text('ContactNumber', 'Contact number (optional)', CONTACT_NUMBER_MAX_LENGTH, { type: 'tel' })}
        </Col>
        <Col xs={24} sm={12}>
          {text('Username', 'Username', USERNAME_MAX_LENGTH, { required: true })}
        </Col>
        <Col xs={24} sm={12}>
          {item(
            'Password',
            adding ? 'Password' : 'New password',
            (aria) => (
              <Input.Password
                {...aria}
                ref={(element: InputRef | null) => {
                  inputRefs.current.Password = element;
                }}
                value={values.Password}
                maxLength={PASSWORD_MAX_LENGTH}
                autoComplete="new-password"
                aria-required={adding ? true : undefined}
                onChange={(event) => set('Password', event.target.value)}
              />
            ),
            {
              required: adding,
              hint: adding
                ? ADMIN_MESSAGES.passwordPolicy
                : `${ADMIN_MESSAGES.passwordKept} ${ADMIN_MESSAGES.passwordPolicy}`,
            },
          )}
        </Col>
        {showsGroup && (
          <Col xs={24} sm={12}>
            {administers
              ? item(
                  'Group',
                  'Group',
                  (aria) => (
                    <Select<number>
                      {...aria}
                      ref={(element) => {
                        inputRefs.current.Group = element;
                      }}
                      value={values.Group ?? undefined}
                      aria-required
                      options={groups.map((group) => ({ value: group.ID_Group, label: group.Group_Name }))}
                      onChange={(value) => set('Group', value)}
                    />
                  ),
                  { required: true },
                )
              : item('Group', 'Group', (aria) => <Input {...aria} value={groupName} readOnly />, {
                  hint: 'Group admins add and keep users in their own group.',
                })}
          </Col>
        )}
      </Row>
      {(administers || showsStatus) && (
        <>
          <Divider titlePlacement="start" plain>
            Role and access
          </Divider>
          <Row gutter={16}>
            {administers && (
              <Col xs={24} sm={12}>
                {item('access_level', 'Access Level', (aria) => (
                  <Select<number>
                    {...aria}
                    value={values.access_level ?? undefined}
                    options={accessLevels.map((level) => ({
                      value: level.ID_Access_level,
                      label: level.txt_access_level,
                    }))}
                    onChange={(value) => set('access_level', value)}
                  />
                ))}
              </Col>
            )}
            <Col xs={24} sm={12}>
              <Flex vertical gap={4} style={{ marginTop: 4 }}>
                {administers && (
                  <Checkbox
                    id={FIELD_IDS.Administrator}
                    checked={values.Administrator}
                    onChange={(event) => set('Administrator', event.target.checked)}
                  >
                    Administrator
                  </Checkbox>
                )}
                {administers && (
                  <Checkbox
                    id={FIELD_IDS.group_admin}
                    checked={values.group_admin}
                    onChange={(event) => set('group_admin', event.target.checked)}
                  >
                    Group Admin
                  </Checkbox>
                )}
                {showsStatus && (
                  <Checkbox
                    id={FIELD_IDS.active}
                    checked={values.active}
                    disabled={editingSelf}
                    aria-describedby={editingSelf ? `${FIELD_IDS.active}-hint` : undefined}
                    onChange={(event) => set('active', event.target.checked)}
                  >
                    Active
                  </Checkbox>
                )}
                {showsStatus && editingSelf && (
                  <span id={`${FIELD_IDS.active}-hint`} className="ant-form-item-extra">
                    You cannot deactivate your own account.
                  </span>
                )}
              </Flex>
            </Col>
          </Row>
        </>
      )}
      <Flex justify="space-between" gap="small" wrap style={{ marginTop: 8 }}>
        <div>
          {user && canDeleteUser(actor, user) && (
            <Button danger onClick={() => onDelete(user)} disabled={saving}>
              Delete User
            </Button>
          )}
        </div>
        <Flex gap="small">
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {adding ? 'Add User' : 'Save Changes'}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
