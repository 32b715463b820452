import { useState } from 'react';
import { Flex } from 'antd';
import type { SourceLocation } from '@ewrt/contract';
import { PageViewer } from '@ewrt/shared/kit';
import { ConversationPanel } from './ConversationPanel';
import type { ConversationSource } from './ConversationSource';
import { QuestionForm } from './QuestionForm';
import { sourceLabel } from './sourceLabel';
import type { Conversation } from './useConversation';

interface ConversationAreaProps {
  source: ConversationSource;
  conversation: Conversation;
  questionLabel: string;
  questionPlaceholder: string;
}

/** The question box, the conversation and the citation view: the body both question screens share. */
export function ConversationArea({
  source,
  conversation,
  questionLabel,
  questionPlaceholder,
}: ConversationAreaProps) {
  const [citation, setCitation] = useState<SourceLocation | null>(null);
  return (
    <Flex vertical gap="large">
      <QuestionForm
        label={questionLabel}
        placeholder={questionPlaceholder}
        pending={conversation.pending}
        error={conversation.askError}
        onAsk={conversation.ask}
      />
      <ConversationPanel
        entries={conversation.entries}
        load={conversation.load}
        onRetry={conversation.reload}
        emptyHint={source.messages.emptyHint}
        onOpenSource={setCitation}
      />
      <PageViewer
        citation={citation}
        title={citation ? sourceLabel(citation) : ''}
        source={source}
        onClose={() => setCitation(null)}
      />
    </Flex>
  );
}
