import { Alert } from 'antd';

/** A failed sign-in step's message, as an antd error alert. */
export function SignInErrorAlert({ message }: { message: string }) {
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
}
