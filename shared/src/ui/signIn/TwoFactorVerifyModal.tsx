import { Alert, Button, Form, Modal, Typography } from 'antd';
import { TotpCodeField, type TotpCodeValues } from './TotpCodeField';

export interface TwoFactorVerifyModalProps {
  open: boolean;
  error: string | null;
  submitting: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/** Sign-in with two-factor already set up: confirm the current authenticator code. */
export function TwoFactorVerifyModal({
  open,
  error,
  submitting,
  onSubmit,
  onCancel,
}: TwoFactorVerifyModalProps) {
  return (
    <Modal
      open={open}
      title="Two-factor verification"
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<TotpCodeValues>
        name="twoFactorVerify"
        layout="vertical"
        requiredMark={false}
        onFinish={({ code }) => onSubmit(code.trim())}
      >
        <Typography.Paragraph>Enter the 6-digit code from your authenticator app.</Typography.Paragraph>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
        <TotpCodeField />
        <Button type="primary" htmlType="submit" loading={submitting} block>
          Verify
        </Button>
      </Form>
    </Modal>
  );
}
