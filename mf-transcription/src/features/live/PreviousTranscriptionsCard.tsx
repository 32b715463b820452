import { useId } from 'react';
import { Alert, Button, Flex, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Transcription } from '@ewrt/contract';
import { TRANSCRIPTION_DEFAULT_TYPE_LABEL, TRANSCRIPTION_PREVIEW_LENGTH } from '@ewrt/contract/limits';
import { formatDateTime } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { FIELD_LABEL, MUTED_TEXT } from './liveTranscriptionStyles';
import type { Loaded } from './useLiveSetup';

interface PreviousTranscriptionsCardProps {
  incomplete: Loaded<Transcription[]>;
  /** The draft on screen, selected in the list when it is there. */
  draftId: number | null;
  /** Loading or recording: choosing another one waits. */
  busy: boolean;
  onChoose: (transcriptionId: number) => void;
  onNew: () => void;
}

function optionLabel(transcription: Transcription): string {
  const type = transcription.text_transcription_type ?? TRANSCRIPTION_DEFAULT_TYPE_LABEL;
  const text = transcription.Transcription.trim();
  const preview =
    text.length > TRANSCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, TRANSCRIPTION_PREVIEW_LENGTH)}...` : text;
  return `${formatDateTime(transcription.DateOfTranscription)} · ${type}${preview ? ` · ${preview}` : ''}`;
}

/** The patient's incomplete transcriptions to continue, and New Transcription to start afresh. */
export function PreviousTranscriptionsCard({
  incomplete,
  draftId,
  busy,
  onChoose,
  onNew,
}: PreviousTranscriptionsCardProps) {
  const fieldId = useId();
  const list = incomplete.status === 'ready' ? incomplete.value : [];
  const selected =
    draftId !== null && list.some((each) => each.ID_Transcription === draftId) ? draftId : undefined;
  return (
    <SectionCard title="Transcriptions">
      <Flex vertical gap="middle">
        <div>
          <label htmlFor={fieldId} style={FIELD_LABEL}>
            Previous Transcriptions
          </label>
          <Select<number>
            id={fieldId}
            style={{ width: '100%' }}
            placeholder={list.length === 0 ? 'No incomplete transcriptions' : 'Continue an incomplete one'}
            loading={incomplete.status === 'loading'}
            disabled={busy || list.length === 0}
            value={selected}
            onChange={onChoose}
            options={list.map((transcription) => ({
              value: transcription.ID_Transcription,
              label: optionLabel(transcription),
            }))}
          />
          <span style={{ ...MUTED_TEXT, display: 'block', marginTop: 4 }}>
            The patient&rsquo;s incomplete transcriptions; choosing one continues it.
          </span>
          {incomplete.status === 'failed' ? (
            <Alert type="error" showIcon style={{ marginTop: 8 }} title={incomplete.error} />
          ) : null}
        </div>
        <div>
          <Button icon={<PlusOutlined aria-hidden />} onClick={onNew}>
            New Transcription
          </Button>
        </div>
      </Flex>
    </SectionCard>
  );
}
