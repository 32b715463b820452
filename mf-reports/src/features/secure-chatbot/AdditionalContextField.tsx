import { useId } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { CHAT_CONTEXT_MAX_LENGTH, CHAT_CONTEXT_MAX_WORDS } from '@ewrt/contract/limits';
import { formatCount } from '../chat-ui/countWords';
import { MUTED_TEXT } from '../chat-ui/chatStyles';

interface AdditionalContextFieldProps {
  context: string;
  onChange: (context: string) => void;
  words: number;
  /** Why the context cannot be sent; shown beside the field, which is then marked invalid. */
  problem: string | null;
}

/** The pasted material every message is sent with, its word counter, and Clear Context. */
export function AdditionalContextField({ context, onChange, words, problem }: AdditionalContextFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const counterId = `${id}-counter`;
  const problemId = `${id}-problem`;
  return (
    <Flex vertical gap="small">
      <label htmlFor={id} style={{ fontWeight: 600 }}>
        Additional Context
      </label>
      <span id={helpId} style={MUTED_TEXT}>
        Paste text the assistant should work from, such as guidance or your own notes. It is sent with every
        message. Leave out anything that identifies a patient.
      </span>
      <Input.TextArea
        id={id}
        value={context}
        onChange={(event) => onChange(event.target.value)}
        maxLength={CHAT_CONTEXT_MAX_LENGTH}
        rows={8}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[helpId, counterId, problem ? problemId : null].filter(Boolean).join(' ')}
      />
      <Flex justify="space-between" align="center" gap="small" wrap>
        <span id={counterId} style={problem ? { color: 'var(--ant-color-error)' } : MUTED_TEXT}>
          {formatCount(words)} / {formatCount(CHAT_CONTEXT_MAX_WORDS)} words
        </span>
        <Button onClick={() => onChange('')} disabled={context === ''}>
          Clear Context
        </Button>
      </Flex>
      {problem ? (
        <Typography.Text id={problemId} type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
