import { Button, Descriptions, Flex } from 'antd';
import { CheckOutlined, ClearOutlined, SaveOutlined } from '@ant-design/icons';
import { formatDateTime, formatDuration } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';

interface TranscriptionSummaryCardProps {
  typeLabel: string | null;
  words: number;
  segments: number;
  durationMs: number;
  draftId: number | null;
  lastSavedAt: string | null;
  /** The recogniser the server named for this recording, once one started. */
  recognizer: string | null;
  /** A modal is open or the page is saving: the actions wait. */
  busy: boolean;
  onSaveIncomplete: () => void;
  onComplete: () => void;
  onClearAll: () => void;
}

/** The transcription on screen in figures, and what can be done with it. */
export function TranscriptionSummaryCard({
  typeLabel,
  words,
  segments,
  durationMs,
  draftId,
  lastSavedAt,
  recognizer,
  busy,
  onSaveIncomplete,
  onComplete,
  onClearAll,
}: TranscriptionSummaryCardProps) {
  return (
    <SectionCard title="Transcription Summary">
      <Flex vertical gap="middle">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'type', label: 'Type', children: typeLabel ?? 'Not selected' },
            { key: 'words', label: 'Words', children: words },
            { key: 'segments', label: 'Segments', children: segments },
            { key: 'duration', label: 'Duration', children: formatDuration(durationMs / 1000) },
            {
              key: 'draft',
              label: 'Draft',
              children: draftId === null ? 'Not saved yet' : `#${draftId}`,
            },
            {
              key: 'saved',
              label: 'Last saved',
              children: lastSavedAt ? formatDateTime(lastSavedAt) : 'Not saved from this page yet',
            },
            ...(recognizer ? [{ key: 'recognizer', label: 'Recognised by', children: recognizer }] : []),
          ]}
        />
        <Flex gap="small" wrap>
          <Button icon={<SaveOutlined aria-hidden />} disabled={busy} onClick={onSaveIncomplete}>
            Save Incomplete
          </Button>
          <Button type="primary" icon={<CheckOutlined aria-hidden />} disabled={busy} onClick={onComplete}>
            Complete
          </Button>
          <Button danger icon={<ClearOutlined aria-hidden />} disabled={busy} onClick={onClearAll}>
            Clear All
          </Button>
        </Flex>
      </Flex>
    </SectionCard>
  );
}
