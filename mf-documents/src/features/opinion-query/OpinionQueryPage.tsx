import { Card, Col, Flex, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ConversationActions } from '../conversation/ConversationActions';
import { ConversationArea } from '../conversation/ConversationArea';
import { useConversation } from '../conversation/useConversation';
import { opinionConversationSource } from './opinionConversationSource';
import { OPINION_CONVERSATION_MESSAGES } from './opinionQueryMessages';

const LINK_STYLE = { textDecoration: 'underline' } as const;

/** /opinions/query: questions about the user's own opinion documents, with the same checkable answers. */
export function OpinionQueryPage() {
  const conversation = useConversation(opinionConversationSource);
  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Query Opinion Documents
        </Typography.Title>
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={7}>
            <Flex vertical gap="middle">
              <Card
                title={
                  <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
                    Your opinion documents
                  </Typography.Title>
                }
              >
                <Typography.Paragraph>
                  Questions here are answered from your own opinion documents only: the reports and opinions
                  you have uploaded, kept apart from patient records. Nobody else, an administrator included,
                  can list or query them.
                </Typography.Paragraph>
                <Flex vertical gap="small">
                  <Link to="/opinion-documents" style={LINK_STYLE}>
                    Manage your opinion documents
                  </Link>
                  <Link to="/opinions/upload" style={LINK_STYLE}>
                    Upload opinion documents
                  </Link>
                </Flex>
              </Card>
              {conversation.entries.length > 0 ? (
                <Card
                  title={
                    <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
                      Actions
                    </Typography.Title>
                  }
                >
                  <ConversationActions
                    conversation={conversation}
                    saveExplanation={OPINION_CONVERSATION_MESSAGES.saveExplanation}
                    vertical
                  />
                </Card>
              ) : null}
            </Flex>
          </Col>
          <Col xs={24} lg={17}>
            <ConversationArea
              source={opinionConversationSource}
              conversation={conversation}
              questionLabel="Your question about your opinion documents"
              questionPlaceholder="For example: What did I conclude about causation in whiplash cases?"
            />
          </Col>
        </Row>
      </Flex>
    </div>
  );
}
