import { Alert, Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { DashboardOutlined } from '@ant-design/icons';
import { formatDateOrNotSpecified, type Patient } from '@ewrt/shared';
import { ConversationActions } from '../conversation/ConversationActions';
import type { Conversation } from '../conversation/useConversation';
import { patientName } from '../process/patientName';
import { DateOfEventField } from './DateOfEventField';
import { PATIENT_CONVERSATION_MESSAGES, RECORD_QUESTION_MESSAGES } from './recordQuestionMessages';
import type { QuestionPatient } from './useQuestionPatient';

interface RecordQuestionsSidebarProps {
  patientId: number;
  patientState: QuestionPatient;
  conversation: Conversation;
  onDashboard: () => void;
}

const cardTitle = (text: string) => (
  <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
    {text}
  </Typography.Title>
);

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

/** The patient the questions are about (with the editable Date of Event) and the conversation's actions. */
export function RecordQuestionsSidebar({
  patientId,
  patientState,
  conversation,
  onDashboard,
}: RecordQuestionsSidebarProps) {
  const { patient, loading, failed, replace } = patientState;
  return (
    <Flex vertical gap="middle">
      <Card title={cardTitle('Patient information')}>
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
      <Card title={cardTitle('Actions')}>
        <Flex vertical gap="small">
          <ConversationActions
            conversation={conversation}
            saveExplanation={PATIENT_CONVERSATION_MESSAGES.saveExplanation}
            vertical
          />
          <Button icon={<DashboardOutlined />} onClick={onDashboard} block>
            Dashboard
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
