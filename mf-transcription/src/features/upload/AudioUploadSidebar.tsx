import { Descriptions, Flex, Typography } from 'antd';
import { AudioOutlined, DashboardOutlined } from '@ant-design/icons';
import { formatDateOrNotSpecified, formatFileSize, type Patient } from '@ewrt/shared';
import { DateOfEventField, SectionCard } from '@ewrt/shared/kit';
import { updateDateOfEvent } from '../api/transcriptionApi';
import { PatientInfoCard } from '../patient-frame/PatientInfoCard';
import { SidebarNavigation } from '../patient-frame/SidebarNavigation';
import { AUDIO_UPLOAD_MESSAGES } from './audioUploadMessages';
import { audioFileKind } from './checkAudioFile';
import type { AudioUploadState } from './useAudioUpload';

const DATE_OF_EVENT_MESSAGES = {
  updated: AUDIO_UPLOAD_MESSAGES.dateOfEventUpdated,
  failed: AUDIO_UPLOAD_MESSAGES.dateOfEventFailed,
};

interface AudioUploadSidebarProps {
  patient: Patient;
  /** Whether the user may change the Date of Event here (the server keeps it with the patient's documents). */
  canEditDateOfEvent: boolean;
  onPatientUpdated: (patient: Patient) => void;
  file: File | null;
  upload: AudioUploadState;
}

/**
 * The processing status in words. It changes only from step to step (the percentage is on the upload's bar), so the
 * announcement of the live region is not repeated at every percent.
 */
function statusText(upload: AudioUploadState, hasFile: boolean): string {
  switch (upload.phase) {
    case 'uploading':
      return 'Uploading the audio file';
    case 'queued':
      return `Queued for transcription as job #${upload.jobId}`;
    case 'failed':
      return 'Upload failed: nothing was queued. You can upload again.';
    case 'idle':
      return hasFile ? 'Ready to upload' : 'Waiting for an audio file';
  }
}

/** The patient (with the editable Date of Event), the chosen file, the processing status and where to go next. */
export function AudioUploadSidebar({
  patient,
  canEditDateOfEvent,
  onPatientUpdated,
  file,
  upload,
}: AudioUploadSidebarProps) {
  const patientId = patient.ID_Patient;
  return (
    <Flex vertical gap="large">
      <PatientInfoCard patient={patient} dateOfBirth={formatDateOrNotSpecified(patient.DateOfBirth)}>
        {canEditDateOfEvent ? (
          <DateOfEventField
            dateOfEvent={patient.DateofEvent}
            save={(isoDate) => updateDateOfEvent(patientId, isoDate)}
            onUpdated={onPatientUpdated}
            messages={DATE_OF_EVENT_MESSAGES}
            editLabel="Edit Event Date"
          />
        ) : (
          <Flex vertical gap={2}>
            <Typography.Text strong>Date of Event</Typography.Text>
            <span>{formatDateOrNotSpecified(patient.DateofEvent)}</span>
          </Flex>
        )}
      </PatientInfoCard>
      <SectionCard title="Selected File">
        {file ? (
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'name',
                label: 'Name',
                children: <span style={{ overflowWrap: 'anywhere' }}>{file.name}</span>,
              },
              { key: 'size', label: 'Size', children: formatFileSize(file.size) },
              { key: 'type', label: 'Type', children: audioFileKind(file) },
            ]}
          />
        ) : (
          <Typography.Text>No file selected</Typography.Text>
        )}
      </SectionCard>
      <SectionCard title="Processing Status" live>
        <Typography.Text>{statusText(upload, file !== null)}</Typography.Text>
      </SectionCard>
      <SidebarNavigation
        label="Audio upload navigation"
        links={[
          {
            to: `/patients/${patientId}/dashboard`,
            icon: <DashboardOutlined aria-hidden />,
            text: 'Patient Dashboard',
          },
          {
            to: `/transcription/live?patientId=${patientId}`,
            icon: <AudioOutlined aria-hidden />,
            text: 'Live Recording',
          },
        ]}
      />
    </Flex>
  );
}
