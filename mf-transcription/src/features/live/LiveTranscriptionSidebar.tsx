import type { ReactNode } from 'react';
import { Descriptions, Flex } from 'antd';
import { DashboardOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { Patient } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { formatDayShortMonthYear } from './formatDayShortMonthYear';

interface LiveTranscriptionSidebarProps {
  patient: Patient;
  connection: ReactNode;
  previousTranscriptions: ReactNode;
  summary: ReactNode;
}

/** The sidebar of part 3 §2.10: connection, patient, previous transcriptions, summary and actions, navigation. */
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
      <SectionCard title="Patient">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'name', label: 'Name', children: `${patient.FirstName} ${patient.Surname}` },
            { key: 'mrn', label: 'MRN', children: patient.MRN },
            { key: 'dob', label: 'Date of birth', children: formatDayShortMonthYear(patient.DateOfBirth) },
          ]}
        />
      </SectionCard>
      {previousTranscriptions}
      {summary}
      <nav aria-label="Live transcription navigation">
        <Flex vertical gap="small">
          <Link to={`/patients/${patientId}/dashboard`}>
            <DashboardOutlined aria-hidden /> Patient Dashboard
          </Link>
          <Link to={`/transcription/manage?patientId=${patientId}`}>
            <UnorderedListOutlined aria-hidden /> Manage Transcriptions
          </Link>
        </Flex>
      </nav>
    </Flex>
  );
}
