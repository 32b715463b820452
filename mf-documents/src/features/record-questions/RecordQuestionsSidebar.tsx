import { Button, Card, Flex, Typography } from 'antd';
import { DashboardOutlined } from '@ant-design/icons';
import { ConversationActions } from '../conversation/ConversationActions';
import type { Conversation } from '../conversation/useConversation';
import { PatientInformationCard } from './PatientInformationCard';
import { PATIENT_CONVERSATION_MESSAGES } from './recordQuestionMessages';
import type { QuestionPatient } from './useQuestionPatient';

interface RecordQuestionsSidebarProps {
  patientId: number;
  patientState: QuestionPatient;
  conversation: Conversation;
  onDashboard: () => void;
}

/** The patient the questions are about (with the editable Date of Event) and the conversation's actions. */
export function RecordQuestionsSidebar({
  patientId,
  patientState,
  conversation,
  onDashboard,
}: RecordQuestionsSidebarProps) {
  return (
    <Flex vertical gap="middle">
      <PatientInformationCard patientId={patientId} patientState={patientState} />
      <Card
        title={
          <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
            Actions
          </Typography.Title>
        }
      >
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
