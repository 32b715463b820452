import { Alert, Button, Form, Modal, Space, Typography } from 'antd';
import { QrCodeImage } from './QrCodeImage';
import { TotpCodeField, type TotpCodeValues } from './TotpCodeField';

export interface TwoFactorSetupModalProps {
  open: boolean;
  totpUri: string;
  totpSecret: string;
  error: string | null;
  submitting: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/** First sign-in: enrol an authenticator app from the QR code or the secret, then confirm a code. */
export function TwoFactorSetupModal({
  open,
  totpUri,
  totpSecret,
  error,
  submitting,
  onSubmit,
  onCancel,
}: TwoFactorSetupModalProps) {
  return (
    <Modal
      open={open}
      title="Set up two-factor authentication"
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<TotpCodeValues>
        name="twoFactorSetup"
        layout="vertical"
        requiredMark={false}
        onFinish={({ code }) => onSubmit(code.trim())}
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Scan this QR code with your authenticator app, or enter the secret by hand, then type the 6-digit
            code the app shows.
          </Typography.Paragraph>
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <QrCodeImage value={totpUri} alt="QR code for your authenticator app" />
          </div>
          <div>
            <Typography.Text>Secret: </Typography.Text>
            <Typography.Text code copyable data-testid="totp-secret">
              {totpSecret}
            </Typography.Text>
          </div>
          {error ? <Alert type="error" showIcon title={error} /> : null}
          <TotpCodeField />
          <Button type="primary" htmlType="submit" loading={submitting} block>
            Complete Setup
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
