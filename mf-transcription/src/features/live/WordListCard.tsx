import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Input, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { getErrorMessage } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { FIELD_LABEL, MUTED_TEXT } from './liveTranscriptionStyles';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A list of words as the server keeps it, and whether this user may change it. */
export interface WordList {
  words: string[];
  editable: boolean;
}

interface WordListCardProps {
  title: string;
  /** The field's label. */
  label: string;
  hint: ReactNode;
  saveLabel: string;
  load: () => Promise<WordList>;
  /** Saves the lines and answers them as stored. */
  save: (words: string[]) => Promise<string[]>;
  messages: { loadFailed: string; saveFailed: string; saved: string };
}

/**
 * A list of words for the offline recogniser, one a line: edited and saved where the user may change it, read
 * otherwise. The user's own words and their group's are both one of these.
 */
export function WordListCard({ title, label, hint, saveLabel, load, save, messages }: WordListCardProps) {
  const { message } = App.useApp();
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState<string | null>(null);
  const [editable, setEditable] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    load()
      .then((list) => {
        if (!current) return;
        setText(list.words.join('\n'));
        setEditable(list.editable);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setText('');
        setProblem(getErrorMessage(error, messages.loadFailed));
      });
    return () => {
      current = false;
    };
  }, [load, messages.loadFailed]);

  const onSave = async () => {
    if (text === null) return;
    setSaving(true);
    setProblem(null);
    try {
      const saved = await save(linesOf(text));
      setText(saved.join('\n'));
      void message.success(messages.saved);
    } catch (error) {
      setProblem(getErrorMessage(error, messages.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard title={title}>
      <Flex vertical gap="small">
        <label htmlFor={fieldId} style={FIELD_LABEL}>
          {label}
        </label>
        <Typography.Paragraph id={hintId} style={{ ...MUTED_TEXT, marginBottom: 0 }}>
          {hint}
        </Typography.Paragraph>
        <Input.TextArea
          id={fieldId}
          aria-describedby={hintId}
          value={text ?? ''}
          disabled={text === null}
          readOnly={text !== null && !editable}
          onChange={(event) => setText(event.target.value)}
          autoSize={{ minRows: 3, maxRows: 10 }}
        />
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {editable ? (
          <div>
            <Button icon={<SaveOutlined aria-hidden />} loading={saving} onClick={() => void onSave()}>
              {saveLabel}
            </Button>
          </div>
        ) : null}
      </Flex>
    </SectionCard>
  );
}
