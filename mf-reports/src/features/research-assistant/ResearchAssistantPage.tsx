import { useMemo, useState } from 'react';
import { Button, Col, Flex, Row, Typography } from 'antd';
import { ClearOutlined, DownloadOutlined } from '@ant-design/icons';
import type { TrustedSource } from '@ewrt/contract';
import { ConfirmDeletionModal, SectionCard } from '@ewrt/shared/kit';
import { deleteTrustedSource, getResearchStatus } from '../api/researchApi';
import { ChatComposer } from '../chat-ui/ChatComposer';
import type { ChatEntry } from '../chat-ui/ChatEntry';
import { ChatMessageList } from '../chat-ui/ChatMessageList';
import { ChatStatistics } from '../chat-ui/ChatStatistics';
import { MUTED_TEXT } from '../chat-ui/chatStyles';
import { useServiceStatus } from '../chat-ui/useServiceStatus';
import { CitedPagesList } from './CitedPagesList';
import { RESEARCH_MESSAGES } from './researchMessages';
import { ResearchServiceStatus } from './ResearchServiceStatus';
import { TrustedSourceFormModal, type TrustedSourceEditing } from './TrustedSourceFormModal';
import { TrustedSourcesList } from './TrustedSourcesList';
import { useResearchChat } from './useResearchChat';
import { useTrustedSources } from './useTrustedSources';

function Welcome() {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>Welcome to the Research Assistant.</Typography.Text>
      <Typography.Text>
        Ask a medical question and the assistant searches only the trusted sources you have switched on, then
        answers citing the pages it used. It has no access to patient data.
      </Typography.Text>
    </Flex>
  );
}

const citedPages = (entry: ChatEntry) => <CitedPagesList sources={entry.sources ?? []} />;

/** /research-assistant: medical questions answered from the user's trusted web sources only. */
export function ResearchAssistantPage() {
  const status = useServiceStatus(getResearchStatus);
  const trusted = useTrustedSources();
  const research = useResearchChat();
  const [editing, setEditing] = useState<TrustedSourceEditing>(null);
  const [deleting, setDeleting] = useState<TrustedSource | null>(null);

  const activeDomains = trusted.sources
    .filter((source) => source.is_active)
    .map((source) => source.source_domain);
  const unavailableReason =
    status.state === 'known' && !status.status.available
      ? `Searching is disabled: ${status.status.message}`
      : null;

  const ask = (question: string) => {
    // The server refuses too; saying so here saves a round trip and keeps the question in the box.
    if (trusted.load.status === 'loaded' && activeDomains.length === 0) {
      research.refuse(RESEARCH_MESSAGES.noActiveSource);
      return Promise.resolve(false);
    }
    return research.ask(question);
  };

  const statistics = useMemo(() => {
    const questions = research.entries.filter((entry) => entry.role === 'user').length;
    return [
      { label: 'Questions', value: questions },
      { label: 'Answers', value: research.entries.length - questions },
      {
        label: 'Pages cited',
        value: research.entries.reduce((total, entry) => total + (entry.sources?.length ?? 0), 0),
      },
      { label: 'Active sources', value: trusted.sources.filter((source) => source.is_active).length },
    ];
  }, [research.entries, trusted.sources]);

  const searchedDomains =
    trusted.load.status !== 'loaded' ? null : (
      <span style={MUTED_TEXT}>
        {activeDomains.length > 0
          ? `Searching: ${activeDomains.join(', ')}`
          : 'No trusted source is switched on: switch one on to ask a question.'}
      </span>
    );

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <div>
          <Typography.Title level={1} style={{ marginTop: 0 }}>
            Research Assistant
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 880 }}>
            Answers to medical questions from the web sites you trust, with every page it used cited.
          </Typography.Paragraph>
        </div>
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={8}>
            <Flex vertical gap="large">
              <SectionCard title="Trusted Sources">
                <TrustedSourcesList
                  trusted={trusted}
                  onAdd={() => setEditing({ kind: 'add' })}
                  onEdit={(source) => setEditing({ kind: 'edit', source })}
                  onDelete={setDeleting}
                />
              </SectionCard>
              <SectionCard title="Research Statistics">
                <ChatStatistics items={statistics} />
              </SectionCard>
              <SectionCard title="Service Status">
                <ResearchServiceStatus status={status} />
              </SectionCard>
              <SectionCard title="Actions">
                <Flex gap="small" wrap>
                  <Button icon={<ClearOutlined />} onClick={research.clear}>
                    Clear Chat
                  </Button>
                  <Button icon={<DownloadOutlined />} onClick={() => void research.exportReport()}>
                    Export Report
                  </Button>
                </Flex>
              </SectionCard>
            </Flex>
          </Col>
          <Col xs={24} xl={16}>
            <SectionCard title="Research">
              <Flex vertical gap="large">
                <ChatMessageList
                  label="Research conversation"
                  entries={research.entries}
                  thinking={research.searching}
                  welcome={<Welcome />}
                  answerFooter={citedPages}
                />
                <ChatComposer
                  label="Your question"
                  placeholder="Ask a medical question"
                  sending={research.searching}
                  onSend={ask}
                  disabledReason={unavailableReason}
                  error={research.searchError}
                  hint={searchedDomains}
                />
              </Flex>
            </SectionCard>
          </Col>
        </Row>
      </Flex>
      <TrustedSourceFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(source) => {
          trusted.saved(source);
          setEditing(null);
        }}
      />
      <ConfirmDeletionModal
        open={deleting !== null}
        title="Delete Trusted Source"
        question={
          deleting ? (
            <Typography.Paragraph>
              Delete <Typography.Text strong>{deleting.source_name}</Typography.Text> (
              {deleting.source_domain})? Its pages will no longer be searched.
            </Typography.Paragraph>
          ) : null
        }
        confirmText="Delete"
        remove={() => (deleting ? deleteTrustedSource(deleting.ID_Source) : Promise.resolve())}
        successMessage={RESEARCH_MESSAGES.deleted}
        failureMessage={RESEARCH_MESSAGES.deleteFailed}
        onCancel={() => setDeleting(null)}
        onDeleted={() => {
          if (deleting) trusted.removed(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}
