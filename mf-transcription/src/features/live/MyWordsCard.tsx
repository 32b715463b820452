import { useEffect, useId, useState } from 'react';
import { Alert, App, Button, Flex, Input, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { MY_WORDS_MAX } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { getMyWords, saveMyWords } from '../api/transcriptionApi';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';
import { FIELD_LABEL, MUTED_TEXT } from './liveTranscriptionStyles';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The user's own words for the offline recogniser (drug names, local hospitals, surgeons' names), one a line:
 * added to its vocabulary for this user's dictation from the next recording.
 */
export function MyWordsCard() {
  const { message } = App.useApp();
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    getMyWords()
      .then((words) => current && setText(words.join('\n')))
      .catch((error: unknown) => {
        if (!current) return;
        setText('');
        setProblem(getErrorMessage(error, LIVE_TRANSCRIPTION_MESSAGES.myWordsLoadFailed));
      });
    return () => {
      current = false;
    };
  }, []);

  const save = async () => {
    if (text === null) return;
    setSaving(true);
    setProblem(null);
    try {
      const saved = await saveMyWords(linesOf(text));
      setText(saved.join('\n'));
      void message.success(LIVE_TRANSCRIPTION_MESSAGES.myWordsSaved);
    } catch (error) {
      setProblem(getErrorMessage(error, LIVE_TRANSCRIPTION_MESSAGES.myWordsSaveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SectionCard title="My words">
      <Flex vertical gap="small">
        <label htmlFor={fieldId} style={FIELD_LABEL}>
          Words and names the recogniser should know
        </label>
        <Typography.Paragraph id={hintId} style={{ ...MUTED_TEXT, marginBottom: 0 }}>
          Drug names, local hospitals, surgeons&apos; names: one a line, up to {MY_WORDS_MAX}. Used for your
          own dictation from your next recording.
        </Typography.Paragraph>
        <Input.TextArea
          id={fieldId}
          aria-describedby={hintId}
          value={text ?? ''}
          disabled={text === null}
          onChange={(event) => setText(event.target.value)}
          autoSize={{ minRows: 3, maxRows: 10 }}
        />
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        <div>
          <Button
            icon={<SaveOutlined aria-hidden />}
            loading={saving}
            disabled={text === null}
            onClick={() => void save()}
          >
            Save my words
          </Button>
        </div>
      </Flex>
    </SectionCard>
  );
}
