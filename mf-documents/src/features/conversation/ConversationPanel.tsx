import { useEffect, useId, useRef } from 'react';
import { Alert, Badge, Button, Card, Empty, Flex, Spin, Typography } from 'antd';
import type { ConversationEntry, SourceLocation } from '@ewrt/contract';
import { CONVERSATION_PANEL_MAX_HEIGHT } from './conversationLimits';
import { MUTED_TEXT } from './conversationStyles';
import { ConversationEntryView } from './ConversationEntryView';
import type { ConversationLoad } from './useConversation';

interface ConversationPanelProps {
  entries: readonly ConversationEntry[];
  load: ConversationLoad;
  onRetry: () => void;
  emptyHint: string;
  onOpenSource: (source: SourceLocation) => void;
}

const entryCountLabel = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/** The conversation, oldest first, in a panel that scrolls to the newest entry (QRY-01: at most 600 px). */
export function ConversationPanel({
  entries,
  load,
  onRetry,
  emptyHint,
  onOpenSource,
}: ConversationPanelProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [entries.length]);

  return (
    <Card
      title={
        <Flex align="center" gap="small">
          <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }} id={titleId}>
            Conversation
          </Typography.Title>
          {/* antd's default red badge is below 4.5:1 with white text; the theme's primary colour passes. */}
          <Badge
            count={entries.length}
            showZero
            overflowCount={999}
            color="var(--ant-color-primary)"
            title={entryCountLabel(entries.length)}
            aria-label={entryCountLabel(entries.length)}
          />
        </Flex>
      }
    >
      {load.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={load.error}
          action={
            <Button size="small" onClick={onRetry}>
              Retry
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {/* A keyboard user can scroll the log (it is focusable); new entries are announced politely. */}
      <div
        ref={scrollerRef}
        role="log"
        aria-labelledby={titleId}
        tabIndex={0}
        style={{ maxHeight: CONVERSATION_PANEL_MAX_HEIGHT, overflowY: 'auto', paddingInlineEnd: 4 }}
      >
        {load.status === 'loading' ? (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin description="Loading conversation..." />
          </Flex>
        ) : null}
        {load.status !== 'loading' && entries.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={<span style={MUTED_TEXT}>{emptyHint}</span>}
          />
        ) : null}
        <Flex vertical gap="middle">
          {entries.map((entry) => (
            <ConversationEntryView key={entry.id} entry={entry} onOpenSource={onOpenSource} />
          ))}
        </Flex>
      </div>
    </Card>
  );
}
