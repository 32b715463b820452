import { Alert, Flex, Typography } from 'antd';
import type { ChatStatusResponse } from '@ewrt/contract';
import type { ServiceStatus } from '../chat-ui/useServiceStatus';
import { formatCount } from '../chat-ui/countWords';
import { CHATBOT_MESSAGES } from './chatbotMessages';

/** Whether the chat service can answer, and with which model, as the server reports it. */
export function ChatServiceStatus({ status }: { status: ServiceStatus<ChatStatusResponse> }) {
  if (status.state === 'checking') return <Typography.Text>Checking the chat service...</Typography.Text>;
  if (status.state === 'unknown')
    return <Alert type="error" showIcon title={CHATBOT_MESSAGES.statusFailed} />;
  const { available, message, model_info: modelInfo, max_tokens: maxTokens } = status.status;
  if (!available) return <Alert type="warning" showIcon title={CHATBOT_MESSAGES.unavailable(message)} />;
  return (
    <Flex vertical gap="small">
      <Alert type="success" showIcon title="Chat service is available" />
      <span>
        Model: <Typography.Text strong>{modelInfo?.label ?? message}</Typography.Text>
      </span>
      {maxTokens !== null ? <span>Longest answer: {formatCount(maxTokens)} tokens</span> : null}
    </Flex>
  );
}
