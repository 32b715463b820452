import { Alert, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { formatDateOrNotSpecified, type Patient } from '@ewrt/shared';
import { patientName } from '../process/patientName';
import { DateOfEventField } from './DateOfEventField';
import { RECORD_QUESTION_MESSAGES } from './recordQuestionMessages';
import type { QuestionPatient } from './useQuestionPatient';

interface PatientInformationCardProps {
  patientId: number;
  patientState: QuestionPatient;
}

function PatientDetails({ patient, onUpdated }: { patient: Patient; onUpdated: (patient: Patient) => void }) {
  return (
    <Flex vertical gap="middle">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: 'Name', children: patientName(patient) },
          { key: 'mrn', label: 'MRN', children: patient.MRN },
          { key: 'dob', label: 'Date of birth', children: formatDateOrNotSpecified(patient.DateOfBirth) },
        ]}
      />
      <DateOfEventField
        patientId={patient.ID_Patient}
        dateOfEvent={patient.DateofEvent}
        onUpdated={onUpdated}
      />
    </Flex>
  );
}

/** The patient a screen works on (name, MRN, date of birth) with the editable Date of Event. */
export function PatientInformationCard({ patientId, patientState }: PatientInformationCardProps) {
  const { patient, loading, failed, replace } = patientState;
  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
          Patient information
        </Typography.Title>
      }
    >
      {patient ? <PatientDetails patient={patient} onUpdated={replace} /> : null}
      {!patient && loading ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null}
      {!patient && failed ? (
        <Alert
          type="error"
          showIcon
          title={RECORD_QUESTION_MESSAGES.loadPatientFailed}
          description={`Patient ${patientId}`}
        />
      ) : null}
    </Card>
  );
}
