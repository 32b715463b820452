import { useState } from 'react';
import { Alert, App, Button, Col, Descriptions, Flex, Row, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Transcription } from '@ewrt/contract';
import { getErrorMessage, type Patient } from '@ewrt/shared';
import { ConfirmDeletionModal, SectionCard, saveExportedFile, useRequestedPatient } from '@ewrt/shared/kit';
import { deleteTranscription, downloadTranscription } from '../api/transcriptionApi';
import { PatientNeededScreen, PatientScreenFrame } from '../patient-frame/PatientScreenFrame';
import { ManageTranscriptionsSidebar } from './ManageTranscriptionsSidebar';
import { MANAGE_TRANSCRIPTIONS_MESSAGES } from './manageTranscriptionsMessages';
import { splitTranscriptions } from './splitTranscriptions';
import { transcriptionDateLabel, transcriptionTypeLabel } from './transcriptionLabels';
import { TranscriptionsTable } from './TranscriptionsTable';
import { usePatientTranscriptions } from './usePatientTranscriptions';

const PAGE_TITLE = 'Manage Transcriptions';

/** /transcription/manage: the saved transcriptions of the ?patientId= patient, or else the selected one. */
export function ManageTranscriptionsPage() {
  const requested = useRequestedPatient();
  if (!requested.patient)
    return (
      <PatientNeededScreen
        title={PAGE_TITLE}
        requested={requested}
        messages={MANAGE_TRANSCRIPTIONS_MESSAGES}
      />
    );
  // Keyed by patient so that another patient's list never shows, even for a moment.
  return <PatientTranscriptions key={requested.patient.ID_Patient} patient={requested.patient} />;
}

/** What the deletion dialog asks: which transcription (date, type, status) and what goes with it. */
function DeletionQuestion({ transcription }: { transcription: Transcription }) {
  return (
    <Flex vertical gap="small">
      <Typography.Paragraph style={{ margin: 0 }}>Delete this transcription?</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'date', label: 'Date', children: transcriptionDateLabel(transcription) },
          { key: 'type', label: 'Type', children: transcriptionTypeLabel(transcription) },
          { key: 'status', label: 'Status', children: transcription.Status },
        ]}
      />
      <Typography.Paragraph strong style={{ margin: 0 }}>
        {MANAGE_TRANSCRIPTIONS_MESSAGES.deleteWarning}
      </Typography.Paragraph>
    </Flex>
  );
}

function PatientTranscriptions({ patient }: { patient: Patient }) {
  const patientId = patient.ID_Patient;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { state, reload } = usePatientTranscriptions(patientId);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Transcription | null>(null);

  const listed = state.status === 'failed' ? null : state.listing;
  const { completed, incomplete } = splitTranscriptions(listed ?? []);
  const loadError =
    state.status === 'failed'
      ? getErrorMessage(state.error, MANAGE_TRANSCRIPTIONS_MESSAGES.loadFailed)
      : null;
  const loading = state.status === 'loading';

  const download = async (transcription: Transcription) => {
    // Without a stored document the server writes one from the text; with no text either there is nothing to write.
    if (!transcription.S3_Link && transcription.Transcription.trim() === '') {
      void message.error(MANAGE_TRANSCRIPTIONS_MESSAGES.noDocument);
      return;
    }
    setDownloadingId(transcription.ID_Transcription);
    try {
      const file = await downloadTranscription(transcription);
      if (file.blob.size === 0) {
        void message.error(MANAGE_TRANSCRIPTIONS_MESSAGES.noDocument);
        return;
      }
      saveExportedFile(file);
      void message.success(MANAGE_TRANSCRIPTIONS_MESSAGES.downloaded(file.filename));
    } catch (error) {
      void message.error(getErrorMessage(error, MANAGE_TRANSCRIPTIONS_MESSAGES.downloadFailed));
    } finally {
      setDownloadingId(null);
    }
  };

  // What both tables share: the loading state and the deletion dialog.
  const tableActions = { loading, onDelete: setDeleting };

  const continueEditing = (transcription: Transcription) =>
    navigate(
      `/transcription/live?patientId=${patientId}&loadTranscription=${transcription.ID_Transcription}`,
    );

  return (
    <PatientScreenFrame title={PAGE_TITLE}>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8} xl={6}>
          <ManageTranscriptionsSidebar
            patient={patient}
            counts={listed ? { completed: completed.length, incomplete: incomplete.length } : null}
            countsUnavailable={loadError !== null}
            refreshing={loading}
            onRefresh={reload}
          />
        </Col>
        <Col xs={24} lg={16} xl={18}>
          <Flex vertical gap="large">
            {loadError && (
              <Alert
                type="error"
                showIcon
                title={loadError}
                action={<Button onClick={reload}>Retry</Button>}
              />
            )}
            {!loadError && (
              <>
                <SectionCard title="Completed Transcriptions">
                  <TranscriptionsTable
                    kind="completed"
                    transcriptions={completed}
                    {...tableActions}
                    downloadingId={downloadingId}
                    onDownload={(transcription) => void download(transcription)}
                  />
                </SectionCard>
                <SectionCard title="Incomplete Transcriptions">
                  <TranscriptionsTable
                    kind="incomplete"
                    transcriptions={incomplete}
                    {...tableActions}
                    onContinue={continueEditing}
                  />
                </SectionCard>
              </>
            )}
          </Flex>
        </Col>
      </Row>
      <ConfirmDeletionModal
        open={deleting !== null}
        title="Delete Transcription"
        question={deleting && <DeletionQuestion transcription={deleting} />}
        confirmText="Delete"
        remove={() => (deleting ? deleteTranscription(deleting.ID_Transcription) : Promise.resolve())}
        successMessage={MANAGE_TRANSCRIPTIONS_MESSAGES.deleted}
        failureMessage={MANAGE_TRANSCRIPTIONS_MESSAGES.deleteFailed}
        onCancel={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          reload();
        }}
      />
    </PatientScreenFrame>
  );
}
