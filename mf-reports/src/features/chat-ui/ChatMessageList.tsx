import { useEffect, useRef, type ReactNode } from 'react';
import { Flex, Spin, Typography } from 'antd';
import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import { CHAT_SCROLL_DELAY_MS } from '@ewrt/contract/limits';
import { formatDateTime } from '@ewrt/shared';
import { AnswerText } from './AnswerText';
import type { ChatEntry } from './ChatEntry';
import { ANSWER_BUBBLE, END_MARKER, MESSAGE_TEXT, MUTED_TEXT, QUESTION_BUBBLE } from './chatStyles';

export const END_OF_RESPONSE = 'End of response';
export const THINKING = 'Thinking...';

interface ChatMessageListProps {
  /** Names the conversation for assistive technology, e.g. "Chat messages". */
  label: string;
  entries: readonly ChatEntry[];
  /** True while an answer is awaited: the Thinking indicator shows. */
  thinking: boolean;
  /** Shown above the messages: what this chat is for. */
  welcome: ReactNode;
  /** What follows an answer's text, e.g. the pages it cites. */
  answerFooter?: (entry: ChatEntry) => ReactNode;
}

function MessageHeader({ icon, who, timestamp }: { icon: ReactNode; who: string; timestamp: string }) {
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

/**
 * The conversation: each message with its time, each answer closed by an 'End of response' marker, and the
 * Thinking indicator while the next answer is awaited. It scrolls to the latest message shortly after each change,
 * once the new message has been laid out.
 */
export function ChatMessageList({ label, entries, thinking, welcome, answerFooter }: ChatMessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      const element = scroller.current;
      if (element) element.scrollTop = element.scrollHeight;
    }, CHAT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [entries, thinking]);

  return (
    <Flex vertical gap="small">
      <div
        ref={scroller}
        role="log"
        aria-label={label}
        // Focusable so the keyboard can scroll a long conversation.
        tabIndex={0}
        style={{ maxHeight: 560, overflowY: 'auto', padding: 4 }}
      >
        <Flex vertical gap="middle">
          <div>{welcome}</div>
          {entries.map((entry) =>
            entry.role === 'user' ? (
              <article key={entry.id} aria-label="Message from you" style={QUESTION_BUBBLE}>
                <MessageHeader icon={<UserOutlined />} who="You" timestamp={entry.timestamp} />
                <div style={MESSAGE_TEXT}>{entry.content}</div>
              </article>
            ) : (
              <article key={entry.id} aria-label="Response" style={ANSWER_BUBBLE}>
                <MessageHeader icon={<RobotOutlined />} who="Assistant" timestamp={entry.timestamp} />
                {entry.modelLabel ? <div style={MUTED_TEXT}>Model: {entry.modelLabel}</div> : null}
                <AnswerText content={entry.content} sources={entry.sources} />
                {answerFooter?.(entry)}
                {/* Plain text rather than a separator, whose content assistive technology would not read. */}
                <p style={END_MARKER}>{END_OF_RESPONSE}</p>
              </article>
            ),
          )}
        </Flex>
      </div>
      {/* Always present so screen readers announce the indicator when it fills in. */}
      <div role="status">
        {thinking ? (
          <Flex gap="small" align="center">
            <Spin size="small" />
            <span>{THINKING}</span>
          </Flex>
        ) : null}
      </div>
    </Flex>
  );
}
