import type { ReactNode } from 'react';
import { Alert, Flex, Tag, Typography } from 'antd';
import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import type { ConversationEntry, SourceLocation } from '@ewrt/contract';
import { formatDateTime } from '@ewrt/shared';
import { AnswerText } from './AnswerText';
import { MUTED_TEXT, TINTED_PANEL } from './conversationStyles';
import { SourceLocationList } from './SourceLocationList';

interface ConversationEntryViewProps {
  entry: ConversationEntry;
  onOpenSource: (source: SourceLocation) => void;
}

const ENTRY_STYLE = { borderRadius: 8, padding: '12px 16px' } as const;

function EntryHeader({ icon, who, timestamp }: { icon: ReactNode; who: string; timestamp: string }) {
  return (
    <Flex gap="small" align="baseline" wrap>
      <span aria-hidden>{icon}</span>
      <Typography.Text strong>{who}</Typography.Text>
      <time dateTime={timestamp} style={MUTED_TEXT}>
        {formatDateTime(timestamp)}
      </time>
    </Flex>
  );
}

/** One question or answer of the conversation; an answer with its model, sources and detailed locations. */
export function ConversationEntryView({ entry, onOpenSource }: ConversationEntryViewProps) {
  if (entry.type === 'user') {
    return (
      <article aria-label="Your question" style={{ ...ENTRY_STYLE, ...TINTED_PANEL, marginInlineStart: 48 }}>
        <EntryHeader icon={<UserOutlined />} who="You" timestamp={entry.timestamp} />
        <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{entry.content}</div>
      </article>
    );
  }

  const metadata = entry.metadata;
  const retrievalOnly = metadata?.model_info.mode === 'retrieval-only';
  return (
    <article
      aria-label="Answer"
      style={{
        ...ENTRY_STYLE,
        background: 'var(--ant-color-bg-container)',
        border: '1px solid var(--ant-color-border-secondary)',
        marginInlineEnd: 48,
      }}
    >
      <Flex vertical gap="small">
        <Flex justify="space-between" align="baseline" wrap gap="small">
          <EntryHeader icon={<RobotOutlined />} who="Answer" timestamp={entry.timestamp} />
          {metadata?.from_cache ? <Tag>from cache</Tag> : null}
        </Flex>
        {metadata && retrievalOnly ? <Alert type="info" showIcon title={metadata.model_info.label} /> : null}
        {metadata && !retrievalOnly ? (
          <span style={MUTED_TEXT}>
            Answered by <span>{metadata.model_info.label}</span>
          </span>
        ) : null}
        <AnswerText
          content={entry.content}
          sentences={metadata?.sentences ?? []}
          sources={metadata?.source_locations ?? []}
          onOpenSource={onOpenSource}
        />
        {metadata ? (
          <>
            <Flex gap="small" wrap style={MUTED_TEXT}>
              <span>
                {metadata.context_documents_count}{' '}
                {metadata.context_documents_count === 1 ? 'document' : 'documents'} consulted
              </span>
              {metadata.location_summary ? (
                <>
                  <span aria-hidden>·</span>
                  <span>{metadata.location_summary}</span>
                </>
              ) : null}
            </Flex>
            <SourceLocationList sources={metadata.source_locations} onOpenSource={onOpenSource} />
          </>
        ) : null}
      </Flex>
    </article>
  );
}
