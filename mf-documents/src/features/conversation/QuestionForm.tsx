import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Flex, Input, Spin } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { QUERY_MAX_LENGTH } from '@ewrt/contract/limits';
import { ELAPSED_TICK_MS, QUERY_DURATION_NOTICE } from './conversationLimits';
import { MUTED_TEXT, TINTED_PANEL } from './conversationStyles';
import type { PendingQuestion } from './useConversation';

interface QuestionFormProps {
  label: string;
  placeholder: string;
  pending: PendingQuestion | null;
  error: string | null;
  /** Resolves true once the question is answered: only then is the box emptied. */
  onAsk: (question: string) => Promise<boolean>;
}

function useElapsedSeconds(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ELAPSED_TICK_MS);
    return () => clearInterval(timer);
  }, [since]);
  return Math.max(0, Math.floor((now - since) / 1000));
}

/** Shown while a question is answered: how long it usually takes and how long it has taken so far. */
function QueryProgress({ sentAt }: { sentAt: number }) {
  const elapsed = useElapsedSeconds(sentAt);
  return (
    <Flex gap="small" align="center" wrap style={{ ...TINTED_PANEL, padding: '8px 12px' }}>
      <Spin size="small" />
      {/* Announced once; the counter beside it is not a live region, so it does not speak every second. */}
      <span role="status">Answering your question... {QUERY_DURATION_NOTICE}</span>
      <span>
        Elapsed: <span data-testid="query-elapsed">{elapsed} s</span>
      </span>
    </Flex>
  );
}

/** The question box: Enter sends, Shift+Enter starts a new line, blank text is never sent. */
export function QuestionForm({ label, placeholder, pending, error, onAsk }: QuestionFormProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const submit = async () => {
    if (blank || pending) return;
    if (await onAsk(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter confirms the word rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Flex vertical gap="small">
        <label htmlFor={id} style={{ fontWeight: 600 }}>
          {label}
        </label>
        <Input.TextArea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          // Read-only rather than disabled while answering: the question stays legible and is kept on failure.
          readOnly={pending !== null}
          placeholder={placeholder}
          maxLength={QUERY_MAX_LENGTH}
          rows={4}
          aria-describedby={hintId}
        />
        <Flex justify="space-between" align="center" gap="small" wrap>
          <span id={hintId} style={MUTED_TEXT}>
            Enter sends the question; Shift+Enter starts a new line.
          </span>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined />}
            loading={pending !== null}
            disabled={blank}
          >
            Send
          </Button>
        </Flex>
        {pending ? <QueryProgress sentAt={pending.sentAt} /> : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Flex>
    </form>
  );
}
