import { Button, Input, theme } from 'antd';
import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '../../messages';

export interface CredentialsValues {
  username: string;
  password: string;
}

export interface CredentialsFormProps {
  /** The sign-in failure to show above the button, if any. */
  error: string | null;
  submitting: boolean;
  onSubmit: (values: CredentialsValues) => void;
}

// Only a failed attempt needs the alert: it is not part of what opening the sign-in modal loads.
const SignInErrorAlert = lazy(() =>
  import('./SignInErrorAlert').then((module) => ({ default: module.SignInErrorAlert })),
);

type FieldName = keyof CredentialsValues;

function requiredMessage(name: FieldName, values: CredentialsValues): string | null {
  if (name === 'username') return values.username.trim() ? null : MESSAGES.usernameRequired;
  return values.password ? null : MESSAGES.passwordRequired;
}

/** One vertical form row laid out like antd's Form.Item: label, control, validation message. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label
        htmlFor={id}
        style={{ display: 'inline-block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}
      >
        {label}
      </label>
      {children}
      {error ? (
        <div
          id={`${id}-error`}
          role="alert"
          style={{ color: token.colorError, lineHeight: token.lineHeight }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The credentials step of the sign-in flow: username (not blank) and password (required), checked as
 * soon as a field is edited and on submit. Plain form markup with antd inputs: antd's Form machinery
 * (form store, async validator, label tooltips) would double what the landing page loads for two
 * required fields.
 */
export function CredentialsForm({ error, submitting, onSubmit }: CredentialsFormProps) {
  const idPrefix = useId();
  const [values, setValues] = useState<CredentialsValues>({ username: '', password: '' });
  const [checked, setChecked] = useState<Record<FieldName, boolean>>({ username: false, password: false });

  const fieldError = (name: FieldName) => (checked[name] ? requiredMessage(name, values) : null);
  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setChecked((current) => ({ ...current, [name]: true }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked({ username: true, password: true });
    if (requiredMessage('username', values) || requiredMessage('password', values)) return;
    onSubmit(values);
  };

  const usernameId = `${idPrefix}-username`;
  const passwordId = `${idPrefix}-password`;
  const usernameError = fieldError('username');
  const passwordError = fieldError('password');
  return (
    <form name="signInCredentials" noValidate onSubmit={submit}>
      <Field id={usernameId} label="Username" error={usernameError}>
        <Input
          id={usernameId}
          name="username"
          autoComplete="username"
          autoFocus
          value={values.username}
          status={usernameError ? 'error' : undefined}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? `${usernameId}-error` : undefined}
          onChange={(event) => change('username', event.target.value)}
        />
      </Field>
      <Field id={passwordId} label="Password" error={passwordError}>
        <Input.Password
          id={passwordId}
          name="password"
          autoComplete="current-password"
          value={values.password}
          status={passwordError ? 'error' : undefined}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${passwordId}-error` : undefined}
          onChange={(event) => change('password', event.target.value)}
        />
      </Field>
      {error ? (
        <Suspense fallback={null}>
          <SignInErrorAlert message={error} />
        </Suspense>
      ) : null}
      <Button type="primary" htmlType="submit" loading={submitting} block>
        Login
      </Button>
    </form>
  );
}
