import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { DashboardOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Patient } from '@ewrt/shared';
import { PatientInfoCard } from '../patient-frame/PatientInfoCard';
import { SidebarNavigation } from '../patient-frame/SidebarNavigation';
import { formatDayShortMonthYear } from './formatDayShortMonthYear';

interface LiveTranscriptionSidebarProps {
  patient: Patient;
  connection: ReactNode;
  previousTranscriptions: ReactNode;
  summary: ReactNode;
}

/** The sidebar of TRN-02: connection, patient, previous transcriptions, summary and actions, navigation. */
export function LiveTranscriptionSidebar({
  patient,
  connection,
  previousTranscriptions,
  summary,
}: LiveTranscriptionSidebarProps) {
  const patientId = patient.ID_Patient;
  return (
    <Flex vertical gap="large">
      {connection}
      <PatientInfoCard patient={patient} dateOfBirth={formatDayShortMonthYear(patient.DateOfBirth)} />
      {previousTranscriptions}
      {summary}
      <SidebarNavigation
        label="Live transcription navigation"
        links={[
          {
            to: `/patients/${patientId}/dashboard`,
            icon: <DashboardOutlined aria-hidden />,
            text: 'Patient Dashboard',
          },
          {
            to: `/transcription/manage?patientId=${patientId}`,
            icon: <UnorderedListOutlined aria-hidden />,
            text: 'Manage Transcriptions',
          },
        ]}
      />
    </Flex>
  );
}
