import { useMemo } from 'react';
import { Col, Flex, Row } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { ConversationArea } from '../conversation/ConversationArea';
import { useConversation } from '../conversation/useConversation';
import type { ConversationSource } from '../conversation/ConversationSource';
import { PatientPageTitle } from '../patient-page/PatientPageTitle';
import { NoPatientInAddress } from '../page-layout/NoPatientInAddress';
import { patientConversationSource } from './patientConversationSource';
import { RecordQuestionsSidebar } from './RecordQuestionsSidebar';
import { useQuestionPatient } from './useQuestionPatient';

function parsePatientId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

function RecordQuestions({ patientId, source }: { patientId: number; source: ConversationSource }) {
  const navigate = useNavigate();
  const patientState = useQuestionPatient(patientId);
  const conversation = useConversation(source);
  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <PatientPageTitle
          title="Query Medical Records"
          patientId={patientId}
          patient={patientState.patient}
        />
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={7}>
            <RecordQuestionsSidebar
              patientId={patientId}
              patientState={patientState}
              conversation={conversation}
              onDashboard={() => navigate(`/patients/${patientId}/dashboard`)}
            />
          </Col>
          <Col xs={24} lg={17}>
            <ConversationArea
              source={source}
              conversation={conversation}
              questionLabel="Your question about this patient's records"
              questionPlaceholder="For example: When was the first MRI and what did it show?"
            />
          </Col>
        </Row>
      </Flex>
    </div>
  );
}

/** /patients/:patientId/simplequery: questions about a patient's records, answered with checkable citations. */
export function RecordQuestionsPage() {
  const patientId = parsePatientId(useParams().patientId);
  const source = useMemo(
    () => (patientId === null ? null : patientConversationSource(patientId)),
    [patientId],
  );

  if (patientId === null || source === null) {
    return <NoPatientInAddress />;
  }
  // Keyed by patient, so another patient's screen starts with its own conversation and question box.
  return <RecordQuestions key={patientId} patientId={patientId} source={source} />;
}
