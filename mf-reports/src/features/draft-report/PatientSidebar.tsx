import { Descriptions, Flex } from 'antd';
import { formatDateOrNotSpecified, type Patient } from '@ewrt/shared';
import { DateOfEventField, SectionCard } from '@ewrt/shared/kit';
import { updateDateOfEvent } from '../api/draftReportsApi';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages';

const DATE_OF_EVENT_MESSAGES = {
  updated: DRAFT_REPORT_MESSAGES.dateOfEventUpdated,
  failed: DRAFT_REPORT_MESSAGES.dateOfEventFailed,
};

interface PatientSidebarProps {
  patient: Patient;
  onPatientUpdated: (patient: Patient) => void;
}

/** The patient the report is for: name, MRN, date of birth, and the editable Date of Event. */
export function PatientSidebar({ patient, onPatientUpdated }: PatientSidebarProps) {
  return (
    <SectionCard title="Patient">
      <Flex vertical gap="middle">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'name', label: 'Name', children: `${patient.FirstName} ${patient.Surname}` },
            { key: 'mrn', label: 'MRN', children: patient.MRN },
            { key: 'dob', label: 'Date of birth', children: formatDateOrNotSpecified(patient.DateOfBirth) },
          ]}
        />
        <DateOfEventField
          dateOfEvent={patient.DateofEvent}
          save={(isoDate) => updateDateOfEvent(patient.ID_Patient, isoDate)}
          onUpdated={onPatientUpdated}
          messages={DATE_OF_EVENT_MESSAGES}
          editLabel="Edit Event Date"
        />
      </Flex>
    </SectionCard>
  );
}
