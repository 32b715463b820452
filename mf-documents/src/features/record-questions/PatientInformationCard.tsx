import { Alert, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { formatDateOrNotSpecified, type Patient } from '@ewrt/shared';
import { DateOfEventField } from '@ewrt/shared/kit';
import { updateDateOfEvent } from '../api/conversationApi';
import { patientName } from '../process/patientName';
import { RECORD_QUESTION_MESSAGES } from './recordQuestionMessages';
import type { QuestionPatient } from './useQuestionPatient';

const DATE_OF_EVENT_MESSAGES = {
  updated: RECORD_QUESTION_MESSAGES.dateOfEventUpdated,
  failed: RECORD_QUESTION_MESSAGES.dateOfEventFailed,
};

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
        dateOfEvent={patient.DateofEvent}
        save={(isoDate) => updateDateOfEvent(patient.ID_Patient, isoDate)}
        onUpdated={onUpdated}
        messages={DATE_OF_EVENT_MESSAGES}
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
