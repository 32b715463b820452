import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Button, Flex, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { CHAT_MESSAGE_MAX_LENGTH } from '@ewrt/contract/limits';
import { MUTED_TEXT } from './chatStyles';

interface ChatComposerProps {
  label: string;
  placeholder: string;
  /** Sends the text; resolves true once answered, and only then is the box emptied (a failure loses nothing). */
  onSend: (text: string) => Promise<boolean>;
  sending: boolean;
  /** Why nothing can be typed or sent now (the service is unavailable); null when it can. */
  disabledReason?: string | null;
  /** Why the text cannot be sent as things stand (e.g. the context is too long); typing stays possible. */
  blockedReason?: string | null;
  /** The last send's failure, shown under the box. */
  error: string | null;
  /** More about what a message does, e.g. which domains are searched. */
  hint?: ReactNode;
}

/** The message box: Enter sends, Shift+Enter starts a new line, an empty message is never sent. */
export function ChatComposer({
  label,
  placeholder,
  onSend,
  sending,
  disabledReason = null,
  blockedReason = null,
  error,
  hint,
}: ChatComposerProps) {
  const id = useId();
  const keysId = `${id}-keys`;
  const reasonId = `${id}-reason`;
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const reason = disabledReason ?? blockedReason;
  const cannotSend = text.trim() === '' || sending || reason !== null;

  const submit = async () => {
    if (cannotSend) return;
    if (await onSend(text.trim())) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter confirms the word rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const describedBy = [hint ? hintId : null, keysId, reason ? reasonId : null].filter(Boolean).join(' ');

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
        {hint ? <div id={hintId}>{hint}</div> : null}
        <Input.TextArea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabledReason !== null}
          // Read-only rather than disabled while answering: the message stays legible and is kept on failure.
          readOnly={sending}
          placeholder={placeholder}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          rows={3}
          aria-describedby={describedBy}
        />
        <Flex justify="space-between" align="center" gap="small" wrap>
          <span id={keysId} style={MUTED_TEXT}>
            Enter sends; Shift+Enter starts a new line.
          </span>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined />}
            loading={sending}
            disabled={cannotSend}
          >
            Send
          </Button>
        </Flex>
        {reason ? <Alert id={reasonId} type="warning" showIcon title={reason} /> : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Flex>
    </form>
  );
}
