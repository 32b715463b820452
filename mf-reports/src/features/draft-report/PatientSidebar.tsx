import { Descriptions, Flex } from 'antd';
import { formatDateOrNotSpecified, type Patient } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { DateOfEventEditor } from './DateOfEventEditor';

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
        <DateOfEventEditor
          patientId={patient.ID_Patient}
          dateOfEvent={patient.DateofEvent}
          onUpdated={onPatientUpdated}
        />
      </Flex>
    </SectionCard>
  );
}
