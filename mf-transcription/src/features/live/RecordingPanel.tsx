import { useId } from 'react';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { AudioOutlined, BorderOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { TranscriptionStatusResponse, TranscriptionType } from '@ewrt/contract';
import { SectionCard } from '@ewrt/shared/kit';
import { TranscriptionTypeSelect } from '../transcription-type/TranscriptionTypeSelect';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';
import { FIELD_LABEL, MUTED_TEXT, STATE_STYLE } from './liveTranscriptionStyles';
import type { Loaded } from './useLiveSetup';
import type { RecordingPhase, RecordingProblem } from './useLiveRecording';

interface RecordingPanelProps {
  types: Loaded<TranscriptionType[]>;
  typeId: number | null;
  onTypeChange: (typeId: number) => void;
  phase: RecordingPhase;
  speech: TranscriptionStatusResponse['speech'] | null;
  problem: RecordingProblem | null;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

/** The badge of TRN-02: RECORDING or PAUSED, in words (the colour only repeats them); else plain words. */
function RecordingBadge({ phase }: { phase: RecordingPhase }) {
  if (phase === 'starting') return <Typography.Text style={MUTED_TEXT}>Starting...</Typography.Text>;
  if (phase === 'recording') {
    return (
      <Tag style={STATE_STYLE.recording} icon={<AudioOutlined aria-hidden />}>
        RECORDING
      </Tag>
    );
  }
  if (phase === 'paused') {
    return (
      <Tag style={STATE_STYLE.paused} icon={<PauseCircleOutlined aria-hidden />}>
        PAUSED
      </Tag>
    );
  }
  return (
    <Typography.Text style={MUTED_TEXT}>{phase === 'stopped' ? 'Stopped' : 'Not recording'}</Typography.Text>
  );
}

/** What went wrong, with the recogniser's install command (copyable) when the server gives one. */
function ProblemAlert({ problem }: { problem: RecordingProblem }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={problem.text}
      description={
        problem.installCommand ? (
          <Flex vertical gap={4}>
            <span>{LIVE_TRANSCRIPTION_MESSAGES.installCommandIntro}</span>
            <Typography.Text
              code
              copyable={{ text: problem.installCommand }}
              style={{ overflowWrap: 'anywhere' }}
            >
              {problem.installCommand}
            </Typography.Text>
          </Flex>
        ) : undefined
      }
    />
  );
}

/** The speech recogniser is missing or broken on this server: said before anyone speaks into the void. */
function SpeechUnavailableNotice({ speech }: { speech: TranscriptionStatusResponse['speech'] }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={`Speech recognition is not available: ${speech.message}`}
      description={
        speech.install_command ? (
          <Flex vertical gap={4}>
            <span>An administrator can install it on the server with:</span>
            <Typography.Text
              code
              copyable={{ text: speech.install_command }}
              style={{ overflowWrap: 'anywhere' }}
            >
              {speech.install_command}
            </Typography.Text>
          </Flex>
        ) : undefined
      }
    />
  );
}

/** The transcription type, the recording controls and the recording's state. */
export function RecordingPanel({
  types,
  typeId,
  onTypeChange,
  phase,
  speech,
  problem,
  onStart,
  onPause,
  onResume,
  onStop,
}: RecordingPanelProps) {
  const typeFieldId = useId();
  const active = phase === 'starting' || phase === 'recording' || phase === 'paused';
  return (
    <SectionCard title="Recording">
      <Flex vertical gap="middle">
        {speech && !speech.available ? <SpeechUnavailableNotice speech={speech} /> : null}
        <div>
          <label htmlFor={typeFieldId} style={FIELD_LABEL}>
            Transcription type
          </label>
          <TranscriptionTypeSelect
            id={typeFieldId}
            types={types}
            value={typeId}
            disabled={active}
            maxWidth={420}
            onChange={onTypeChange}
          />
          <span style={{ ...MUTED_TEXT, display: 'block', marginTop: 4 }}>
            The type decides how the transcript is formatted into a document when you complete it.
          </span>
          {types.status === 'failed' ? (
            <Alert type="error" showIcon style={{ marginTop: 8 }} title={types.error} />
          ) : null}
        </div>
        <Flex gap="small" wrap align="center">
          <Button
            type="primary"
            icon={<AudioOutlined aria-hidden />}
            loading={phase === 'starting'}
            disabled={active && phase !== 'starting'}
            onClick={onStart}
          >
            {phase === 'starting' ? 'Starting...' : 'Start Recording'}
          </Button>
          {phase === 'paused' ? (
            <Button icon={<PlayCircleOutlined aria-hidden />} onClick={onResume}>
              Resume
            </Button>
          ) : (
            <Button
              icon={<PauseCircleOutlined aria-hidden />}
              disabled={phase !== 'recording'}
              onClick={onPause}
            >
              Pause
            </Button>
          )}
          <Button danger icon={<BorderOutlined aria-hidden />} disabled={!active} onClick={onStop}>
            Stop
          </Button>
          <span role="status" aria-label="Recording status">
            <RecordingBadge phase={phase} />
          </span>
        </Flex>
        {problem ? <ProblemAlert problem={problem} /> : null}
      </Flex>
    </SectionCard>
  );
}
