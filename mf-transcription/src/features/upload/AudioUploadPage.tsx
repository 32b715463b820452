import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Flex, Progress, Row, Select, Spin, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { AUDIO_UPLOAD_REDIRECT_DELAY_MS } from '@ewrt/contract/limits';
import { formatFileSize, hasFeature, useSession, type Patient } from '@ewrt/shared';
import { SectionCard, useRequestedPatient, type RequestedPatient } from '@ewrt/shared/kit';
import { AudioFilePicker } from './AudioFilePicker';
import { AudioUploadSidebar } from './AudioUploadSidebar';
import { AUDIO_UPLOAD_MESSAGES } from './audioUploadMessages';
import { isLargeAudioFile } from './checkAudioFile';
import { useAudioUpload, type AudioUploadState } from './useAudioUpload';
import { useUploadSetup, type Loaded, type SpeechStatus } from './useUploadSetup';

const PAGE_TITLE = 'Audio Upload Transcription';
const labelStyle = { display: 'block', fontWeight: 600, marginBottom: 4 } as const;

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {PAGE_TITLE}
      </Typography.Title>
      {children}
    </div>
  );
}

/** /transcription/upload: transcribes a recording of the ?patientId= patient (else the selected one) as a job. */
export function AudioUploadPage() {
  const requested = useRequestedPatient();
  if (!requested.patient) return <PatientNeeded requested={requested} />;
  // Keyed by patient so that a choice made for one patient is never uploaded for another.
  return <AudioUploadWorkspace key={requested.patient.ID_Patient} initialPatient={requested.patient} />;
}

/** Before the screen has its patient: loading the requested one, or why there is none and where to pick one. */
function PatientNeeded({ requested }: { requested: RequestedPatient }) {
  const navigate = useNavigate();
  return (
    <PageFrame>
      {requested.loading ? (
        <Flex role="status" justify="center" style={{ padding: 24 }}>
          <Spin description="Loading patient..." />
        </Flex>
      ) : (
        <Alert
          type="warning"
          showIcon
          title={
            requested.failed
              ? AUDIO_UPLOAD_MESSAGES.loadPatientFailed
              : AUDIO_UPLOAD_MESSAGES.noPatientSelected
          }
          action={
            <Button type="primary" onClick={() => navigate('/patients')}>
              Select Patient
            </Button>
          }
        />
      )}
    </PageFrame>
  );
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
  const typeList = types.status === 'ready' ? types.value : [];

  const submit = () => {
    if (file === null || typeId === null) {
      setMissingChoice(true);
      return;
    }
    setMissingChoice(false);
    void start(file, typeId);
  };

  return (
    <PageFrame>
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
                <label htmlFor={typeFieldId} style={labelStyle}>
                  Transcription type
                </label>
                <Select<number>
                  id={typeFieldId}
                  style={{ width: '100%', maxWidth: 480 }}
                  placeholder="Choose a transcription type"
                  loading={types.status === 'loading'}
                  disabled={busy || typeList.length === 0}
                  value={typeId ?? undefined}
                  onChange={(value) => {
                    setTypeId(value);
                    setMissingChoice(false);
                  }}
                  options={typeList.map((type) => ({
                    value: type.ID_transcription,
                    label: type.text_transcription_type,
                  }))}
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
    </PageFrame>
  );
}
