import { useEffect, useState } from 'react';
import { Alert, Flex, Modal, Typography } from 'antd';
import { getErrorMessage } from '@ewrt/shared';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';

interface SaveIncompleteModalProps {
  open: boolean;
  words: number;
  typeLabel: string;
  patientName: string;
  save: () => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
}

/** Save Incomplete (TRN-02): the transcript is stored as Incomplete, to be continued or completed later. */
export function SaveIncompleteModal({
  open,
  words,
  typeLabel,
  patientName,
  save,
  onSaved,
  onCancel,
}: SaveIncompleteModalProps) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    setSaving(true);
    setError(null);
    try {
      await save();
      onSaved();
    } catch (failure) {
      setError(getErrorMessage(failure, LIVE_TRANSCRIPTION_MESSAGES.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Save Incomplete Transcription"
      okText="Save Incomplete"
      onOk={() => void confirm()}
      confirmLoading={saving}
      onCancel={onCancel}
      cancelButtonProps={{ disabled: saving }}
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>
          Saves the {typeLabel} transcription of {patientName} ({words} {words === 1 ? 'word' : 'words'}) as
          Incomplete. You can continue it later from Previous Transcriptions here or from Manage
          Transcriptions, and complete it when it is finished.
        </Typography.Paragraph>
        {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
      </Flex>
    </Modal>
  );
}
