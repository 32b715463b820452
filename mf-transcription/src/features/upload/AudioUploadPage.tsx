import { useId, useState } from 'react';
import { Alert, Button, Col, Flex, Progress, Row, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { AUDIO_UPLOAD_REDIRECT_DELAY_MS } from '@ewrt/contract/limits';
import { formatFileSize, hasFeature, useSession, type Patient } from '@ewrt/shared';
import { SectionCard, useRequestedPatient } from '@ewrt/shared/kit';
import { FIELD_LABEL } from '../live/liveTranscriptionStyles';
import { PatientNeededScreen, PatientScreenFrame } from '../patient-frame/PatientScreenFrame';
import { TranscriptionTypeSelect } from '../transcription-type/TranscriptionTypeSelect';
import { AudioFilePicker } from './AudioFilePicker';
import { AudioUploadSidebar } from './AudioUploadSidebar';
import { AUDIO_UPLOAD_MESSAGES } from './audioUploadMessages';
import { isLargeAudioFile } from './checkAudioFile';
import { useAudioUpload, type AudioUploadState } from './useAudioUpload';
import { useUploadSetup, type Loaded, type SpeechStatus } from './useUploadSetup';

const PAGE_TITLE = 'Audio Upload Transcription';

/** /transcription/upload: transcribes a recording of the ?patientId= patient (else the selected one) as a job. */
export function AudioUploadPage() {
  const requested = useRequestedPatient();
  if (!requested.patient)
    return <PatientNeededScreen title={PAGE_TITLE} requested={requested} messages={AUDIO_UPLOAD_MESSAGES} />;
  // Keyed by patient so that a choice made for one patient is never uploaded for another.
  return <AudioUploadWorkspace key={requested.patient.ID_Patient} initialPatient={requested.patient} />;
}

/** This server can turn an uploaded file into text: it recognises speech and reads audio files (ffmpeg). */
function readsAudioFiles(speech: SpeechStatus): boolean {
  return speech.available && speech.reads_files;
}

/** Said up front when this server cannot transcribe files, with the command that installs what is missing. */
function SpeechUnavailableNotice({ speech }: { speech: Loaded<SpeechStatus> }) {
  if (speech.status !== 'ready' || readsAudioFiles(speech.value)) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={
        speech.value.available
          ? AUDIO_UPLOAD_MESSAGES.audioFilesUnreadable
          : AUDIO_UPLOAD_MESSAGES.speechUnavailable
      }
      description={
        <Flex vertical gap={4}>
          <span>{speech.value.message}</span>
          {speech.value.install_command && (
            <span>
              An administrator can install it with:{' '}
              <Typography.Text code copyable>
                {speech.value.install_command}
              </Typography.Text>
            </span>
          )}
        </Flex>
      }
    />
  );
}

/** The upload's progress bar while it is sent, then the queued job and where the screen goes next. */
function UploadProgress({ upload }: { upload: AudioUploadState }) {
  if (upload.phase === 'uploading') {
    return <Progress percent={upload.percent} status="active" aria-label="Upload progress" />;
  }
  if (upload.phase === 'queued') {
    return (
      <Flex vertical gap="small">
        <Progress percent={100} status="success" aria-label="Upload progress" />
        <Alert
          type="success"
          showIcon
          title={upload.message || 'The recording is queued for transcription'}
          description={
            <span>
              Job #{upload.jobId}. Moving on in {AUDIO_UPLOAD_REDIRECT_DELAY_MS / 1000} seconds.{' '}
              <Link to={upload.redirectTo}>Go there now</Link>
            </span>
          }
        />
      </Flex>
    );
  }
  return null;
}

function AudioUploadWorkspace({ initialPatient }: { initialPatient: Patient }) {
  const { user } = useSession();
  const [patient, setPatient] = useState(initialPatient);
  const patientId = patient.ID_Patient;
  const { types, speech, reloadTypes } = useUploadSetup();
  const { state: upload, start } = useAudioUpload(patientId);
  const [file, setFile] = useState<File | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [missingChoice, setMissingChoice] = useState(false);
  const typeFieldId = useId();

  const busy = upload.phase === 'uploading' || upload.phase === 'queued';
  const speechUnavailable = speech.status === 'ready' && !readsAudioFiles(speech.value);

  const submit = () => {
    if (file === null || typeId === null) {
      setMissingChoice(true);
      return;
    }
    setMissingChoice(false);
    void start(file, typeId);
  };

  return (
    <PatientScreenFrame title={PAGE_TITLE}>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={9} xl={7}>
          <AudioUploadSidebar
            patient={patient}
            canEditDateOfEvent={hasFeature(user, 'documents')}
            onPatientUpdated={setPatient}
            file={file}
            upload={upload}
          />
        </Col>
        <Col xs={24} lg={15} xl={17}>
          <SectionCard title="Upload Audio">
            <Flex vertical gap="large">
              <Typography.Paragraph style={{ margin: 0, maxWidth: 880 }}>
                Transcribe a recorded consultation or dictation for {patient.FirstName} {patient.Surname}.{' '}
                {AUDIO_UPLOAD_MESSAGES.processingTime}
              </Typography.Paragraph>
              <SpeechUnavailableNotice speech={speech} />
              <div>
                <label htmlFor={typeFieldId} style={FIELD_LABEL}>
                  Transcription type
                </label>
                <TranscriptionTypeSelect
                  id={typeFieldId}
                  types={types}
                  value={typeId}
                  disabled={busy}
                  maxWidth={480}
                  onChange={(value) => {
                    setTypeId(value);
                    setMissingChoice(false);
                  }}
                />
                {types.status === 'failed' && (
                  <Alert
                    type="error"
                    showIcon
                    style={{ marginTop: 8 }}
                    title={types.error}
                    action={<Button onClick={reloadTypes}>Retry</Button>}
                  />
                )}
              </div>
              <AudioFilePicker
                file={file}
                disabled={busy}
                onChange={(chosen) => {
                  setFile(chosen);
                  setMissingChoice(false);
                }}
              />
              {file && isLargeAudioFile(file) && (
                <Alert
                  type="warning"
                  showIcon
                  role="note"
                  title={AUDIO_UPLOAD_MESSAGES.largeFile(formatFileSize(file.size))}
                />
              )}
              {missingChoice && <Alert type="error" showIcon title={AUDIO_UPLOAD_MESSAGES.missingChoice} />}
              {upload.phase === 'failed' && <Alert type="error" showIcon title={upload.error} />}
              <div>
                <Button
                  type="primary"
                  size="large"
                  icon={<CloudUploadOutlined aria-hidden />}
                  loading={upload.phase === 'uploading'}
                  disabled={speechUnavailable || busy}
                  onClick={submit}
                >
                  Upload and Transcribe
                </Button>
              </div>
              <UploadProgress upload={upload} />
            </Flex>
          </SectionCard>
        </Col>
      </Row>
    </PatientScreenFrame>
  );
}
