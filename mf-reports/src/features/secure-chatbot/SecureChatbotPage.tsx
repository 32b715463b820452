import { useMemo, useState } from 'react';
import { Button, Col, Flex, Row, Typography } from 'antd';
import { ClearOutlined, DownloadOutlined } from '@ant-design/icons';
import { SectionCard } from '@ewrt/shared/kit';
import { getChatStatus } from '../api/chatApi';
import { ChatComposer } from '../chat-ui/ChatComposer';
import { ChatMessageList } from '../chat-ui/ChatMessageList';
import { ChatStatistics } from '../chat-ui/ChatStatistics';
import { useServiceStatus } from '../chat-ui/useServiceStatus';
import { AdditionalContextField } from './AdditionalContextField';
import { ChatServiceStatus } from './ChatServiceStatus';
import { useContextValidation } from './useContextValidation';
import { useSecureChat } from './useSecureChat';

function Welcome() {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>Welcome to the Secure Chatbot.</Typography.Text>
      <Typography.Text>
        Ask general clinical or writing questions, or paste material into Additional Context for the assistant
        to work from. This chat has no access to patient data: it cannot see your patients or their records,
        and the conversation is not stored on the server. Keep identifying details out of what you type.
      </Typography.Text>
    </Flex>
  );
}

/** /secure-chatbot: a general chat with the configured language model, with optional pasted context. */
export function SecureChatbotPage() {
  const status = useServiceStatus(getChatStatus);
  const [context, setContext] = useState('');
  const validation = useContextValidation(context);
  const chat = useSecureChat();

  const unavailableReason =
    status.state === 'known' && !status.status.available
      ? `Sending is disabled: ${status.status.message}`
      : null;
  const statistics = useMemo(() => {
    const questions = chat.entries.filter((entry) => entry.role === 'user').length;
    return [
      { label: 'Messages', value: chat.entries.length },
      { label: 'Your questions', value: questions },
      { label: 'Responses', value: chat.entries.length - questions },
      { label: 'Context words', value: validation.words },
    ];
  }, [chat.entries, validation.words]);

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <div>
          <Typography.Title level={1} style={{ marginTop: 0 }}>
            Secure Chatbot
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 880 }}>
            A private assistant for general questions and drafting help. It never reads patient records.
          </Typography.Paragraph>
        </div>
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={8}>
            <Flex vertical gap="large">
              <SectionCard title="Context">
                <AdditionalContextField
                  context={context}
                  onChange={setContext}
                  words={validation.words}
                  problem={validation.problem}
                />
              </SectionCard>
              <SectionCard title="Chat Statistics">
                <ChatStatistics items={statistics} />
              </SectionCard>
              <SectionCard title="Service Status">
                <ChatServiceStatus status={status} />
              </SectionCard>
              <SectionCard title="Actions">
                <Flex gap="small" wrap>
                  <Button icon={<ClearOutlined />} onClick={chat.clear}>
                    Clear Chat
                  </Button>
                  <Button icon={<DownloadOutlined />} onClick={() => void chat.exportHistory(context)}>
                    Export Chat
                  </Button>
                </Flex>
              </SectionCard>
            </Flex>
          </Col>
          <Col xs={24} xl={16}>
            <SectionCard title="Chat">
              <Flex vertical gap="large">
                <ChatMessageList
                  label="Chat messages"
                  entries={chat.entries}
                  thinking={chat.sending}
                  welcome={<Welcome />}
                />
                <ChatComposer
                  label="Your message"
                  placeholder="Type your message"
                  sending={chat.sending}
                  onSend={(text) => chat.send(text, context)}
                  disabledReason={unavailableReason}
                  blockedReason={
                    validation.problem
                      ? 'Sending is blocked until the Additional Context is within the word limit.'
                      : null
                  }
                  error={chat.sendError}
                />
              </Flex>
            </SectionCard>
          </Col>
        </Row>
      </Flex>
    </div>
  );
}
