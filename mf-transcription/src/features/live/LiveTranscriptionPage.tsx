import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Col, Flex, Row, Spin, Typography } from 'antd';
import { DownloadOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TRANSCRIPTION_DEFAULT_TYPE_LABEL } from '@ewrt/contract/limits';
import { getErrorMessage, useSession, type Patient } from '@ewrt/shared';
import { saveExportedFile, useRequestedPatient, type RequestedPatient } from '@ewrt/shared/kit';
import { downloadTranscription, getTranscription } from '../api/transcriptionApi';
import { CompleteTranscriptionFlow, type CompletedDocument } from './CompleteTranscriptionFlow';
import { ConnectionStatusCard } from './ConnectionStatusCard';
import { countWords } from './liveTranscript';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';
import { LiveTranscriptionSidebar } from './LiveTranscriptionSidebar';
import { PreviousTranscriptionsCard } from './PreviousTranscriptionsCard';
import { RecordingPanel } from './RecordingPanel';
import { SaveIncompleteModal } from './SaveIncompleteModal';
import { TranscriptionSummaryCard } from './TranscriptionSummaryCard';
import { TranscriptView } from './TranscriptView';
import { useIncompleteTranscriptions } from './useIncompleteTranscriptions';
import { GroupWordsCard } from './GroupWordsCard';
import { MyWordsCard } from './MyWordsCard';
import { isEditable, useLiveRecording } from './useLiveRecording';
import { useLiveSetup } from './useLiveSetup';

const pageTitle = (
  <Typography.Title level={1} style={{ marginTop: 0 }}>
    Live Transcription
  </Typography.Title>
);

/** /transcription/live: dictation for the ?patientId= patient (else the selected one), recognised as it is spoken. */
export function LiveTranscriptionPage() {
  const requested = useRequestedPatient();
  if (!requested.patient) return <PatientNeeded requested={requested} />;
  return <LiveTranscriptionWorkspace key={requested.patient.ID_Patient} patient={requested.patient} />;
}

/** Before the screen has its patient: loading the requested one, or why there is none and where to pick one. */
function PatientNeeded({ requested }: { requested: RequestedPatient }) {
  const navigate = useNavigate();
  return (
    <div style={{ padding: 24 }}>
      {pageTitle}
      {requested.loading ? (
        <Spin description="Loading patient..." />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={
            requested.failed
              ? LIVE_TRANSCRIPTION_MESSAGES.loadPatientFailed
              : LIVE_TRANSCRIPTION_MESSAGES.noPatient
          }
          action={
            <Button icon={<UserOutlined aria-hidden />} onClick={() => navigate('/patients')}>
              Select Patient
            </Button>
          }
        />
      )}
    </div>
  );
}

/** Parses ?loadTranscription= (a positive id), null when absent or not an id. */
function requestedTranscriptionId(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

function LiveTranscriptionWorkspace({ patient }: { patient: Patient }) {
  const { message } = App.useApp();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const patientId = patient.ID_Patient;
  const setup = useLiveSetup();
  const incomplete = useIncompleteTranscriptions(patientId);
  const [typeId, setTypeId] = useState<number | null>(null);
  const recording = useLiveRecording({ patientId, typeId });
  const [loadingTranscription, setLoadingTranscription] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [completeOpen, setCompleteOpen] = useState(false);
  const [completed, setCompleted] = useState<CompletedDocument | null>(null);
  const [downloading, setDownloading] = useState(false);

  const types = setup.types.status === 'ready' ? setup.types.value : [];
  const selectedType = types.find((type) => type.ID_transcription === typeId) ?? null;
  const words = countWords(recording.text);
  const { startOver, reportProblem } = recording;
  const reloadIncomplete = incomplete.reload;

  /** Continues a saved transcription: its text and type restored, new segments appended to it (TRN-03). */
  const loadTranscription = useCallback(
    async (transcriptionId: number, loadedMessage: string) => {
      setLoadingTranscription(true);
      try {
        const transcription = await getTranscription(transcriptionId);
        if (transcription.patient_id !== patientId || transcription.Status === 'Complete') {
          throw new Error('Not an incomplete transcription of this patient');
        }
        startOver({
          text: transcription.Transcription,
          transcriptionId: transcription.ID_Transcription,
          durationSeconds: transcription.duration_seconds ?? 0,
          segmentCount: transcription.segment_count ?? 0,
        });
        setTypeId(transcription.transcriptionType);
        setCompleted(null);
        void message.success(loadedMessage);
      } catch (error) {
        reportProblem(getErrorMessage(error, LIVE_TRANSCRIPTION_MESSAGES.loadSelectedFailed));
      } finally {
        setLoadingTranscription(false);
      }
    },
    [patientId, startOver, reportProblem, message],
  );

  // ?loadTranscription= (Manage Transcriptions' continue editing): loaded once, when the screen opens.
  const requestedLoad = requestedTranscriptionId(searchParams.get('loadTranscription'));
  const loadedFromQuery = useRef(false);
  useEffect(() => {
    if (loadedFromQuery.current || requestedLoad === null) return;
    loadedFromQuery.current = true;
    void loadTranscription(requestedLoad, LIVE_TRANSCRIPTION_MESSAGES.loadedFromManage);
  }, [requestedLoad, loadTranscription]);

  // A new draft (the server opened one, or a save made one) belongs in Previous Transcriptions.
  useEffect(() => {
    if (recording.draftId !== null) reloadIncomplete();
  }, [recording.draftId, reloadIncomplete]);

  const newTranscription = () => {
    startOver();
    setCompleted(null);
    void message.success(LIVE_TRANSCRIPTION_MESSAGES.startedNew);
  };

  const clearAll = () => {
    startOver();
    setCompleted(null);
    void message.success(LIVE_TRANSCRIPTION_MESSAGES.cleared);
  };

  const openSave = () => {
    if (recording.text.trim() === '') {
      reportProblem(LIVE_TRANSCRIPTION_MESSAGES.nothingToSave);
      return;
    }
    if (typeId === null) {
      reportProblem(LIVE_TRANSCRIPTION_MESSAGES.noTypeToProcess);
      return;
    }
    setSaveOpen(true);
  };

  const openComplete = () => {
    if (recording.text.trim() === '') {
      reportProblem(LIVE_TRANSCRIPTION_MESSAGES.nothingToProcess);
      return;
    }
    if (typeId === null) {
      reportProblem(LIVE_TRANSCRIPTION_MESSAGES.noTypeToProcess);
      return;
    }
    if (!selectedType) {
      reportProblem(LIVE_TRANSCRIPTION_MESSAGES.unknownType);
      return;
    }
    // The document is written from the transcript as it is now: the recording ends first.
    recording.stop();
    setCompleteOpen(true);
  };

  const onCompleted = (document: CompletedDocument) => {
    setCompleteOpen(false);
    // The completed transcription is no longer a draft: whatever is recorded next starts a new one.
    startOver();
    setCompleted(document);
    reloadIncomplete();
    void message.success(LIVE_TRANSCRIPTION_MESSAGES.completed);
  };

  const download = async () => {
    if (!completed) return;
    setDownloading(true);
    try {
      saveExportedFile(
        await downloadTranscription({
          ID_Transcription: completed.transcriptionId,
          S3_Link: completed.s3Link,
          filename: completed.filename,
        }),
      );
    } catch (error) {
      void message.error(getErrorMessage(error, LIVE_TRANSCRIPTION_MESSAGES.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  const typeLabel = selectedType?.text_transcription_type ?? null;
  const patientName = `${patient.FirstName} ${patient.Surname}`;

  return (
    <div style={{ padding: 24 }}>
      <div style={{ marginBottom: 16 }}>
        {pageTitle}
        <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 880 }}>
          Dictate for {patientName}: the words appear as you speak and each finished sentence is stored
          straight away, so a closed window loses at most the sentence being spoken. Complete it to write the
          Word document.
        </Typography.Paragraph>
      </div>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={9} xl={7}>
          <LiveTranscriptionSidebar
            patient={patient}
            connection={
              <ConnectionStatusCard
                status={recording.connection.status}
                connectError={recording.connection.connectError}
                onReconnect={recording.connection.reconnect}
              />
            }
            previousTranscriptions={
              <PreviousTranscriptionsCard
                incomplete={incomplete.state}
                draftId={recording.draftId}
                busy={loadingTranscription || recording.phase === 'starting'}
                onChoose={(id) => void loadTranscription(id, LIVE_TRANSCRIPTION_MESSAGES.loadedPrevious)}
                onNew={newTranscription}
              />
            }
            summary={
              <TranscriptionSummaryCard
                typeLabel={typeLabel}
                words={words}
                segments={recording.restoredSegments + recording.transcript.segments.length}
                durationMs={recording.durationMs}
                draftId={recording.draftId}
                lastSavedAt={recording.lastSavedAt}
                recognizer={recording.recognizer}
                busy={loadingTranscription || recording.phase === 'starting'}
                onSaveIncomplete={openSave}
                onComplete={openComplete}
                onClearAll={clearAll}
              />
            }
          />
        </Col>
        <Col xs={24} lg={15} xl={17}>
          <Flex vertical gap="large">
            {completed ? (
              <Alert
                type="success"
                showIcon
                title={LIVE_TRANSCRIPTION_MESSAGES.completed}
                description={completed.filename ?? undefined}
                action={
                  <Button
                    icon={<DownloadOutlined aria-hidden />}
                    loading={downloading}
                    onClick={() => void download()}
                  >
                    Download
                  </Button>
                }
              />
            ) : null}
            <RecordingPanel
              types={setup.types}
              typeId={typeId}
              onTypeChange={setTypeId}
              phase={recording.phase}
              speech={setup.capabilities.status === 'ready' ? setup.capabilities.value.speech : null}
              problem={recording.problem}
              onStart={() => void recording.start()}
              onPause={recording.pause}
              onResume={recording.resume}
              onStop={recording.stop}
            />
            <TranscriptView
              transcript={recording.transcript}
              onEdit={isEditable(recording.phase) ? recording.edit : null}
            />
            <MyWordsCard />
            <GroupWordsCard />
          </Flex>
        </Col>
      </Row>
      <SaveIncompleteModal
        open={saveOpen}
        words={words}
        typeLabel={typeLabel ?? TRANSCRIPTION_DEFAULT_TYPE_LABEL}
        patientName={patientName}
        save={recording.saveDraft}
        onSaved={() => {
          setSaveOpen(false);
          reloadIncomplete();
          void message.success(LIVE_TRANSCRIPTION_MESSAGES.saved);
        }}
        onCancel={() => setSaveOpen(false)}
      />
      {selectedType ? (
        <CompleteTranscriptionFlow
          open={completeOpen}
          patient={patient}
          type={selectedType}
          text={recording.text}
          draftId={recording.draftId}
          capabilities={setup.capabilities}
          userName={user?.Name ?? null}
          onCancel={() => setCompleteOpen(false)}
          onCompleted={onCompleted}
        />
      ) : null}
    </div>
  );
}
