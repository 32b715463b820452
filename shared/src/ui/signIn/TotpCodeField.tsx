import { Form, Input } from 'antd';
import { TOTP_CODE_LENGTH } from '../../constants';
import { MESSAGES } from '../../messages';

export interface TotpCodeValues {
  code: string;
}

/** The 6-digit authenticator code: required, at most 6 characters (AUTH-03). */
export function TotpCodeField() {
  return (
    <Form.Item
      label="Authentication code"
      name="code"
      rules={[
        { required: true, whitespace: true, message: MESSAGES.codeRequired },
        { max: TOTP_CODE_LENGTH, message: MESSAGES.codeTooLong },
      ]}
    >
      <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
    </Form.Item>
  );
}
