import { useState } from 'react';
import { Button, Card, Col, Flex, Result, Row, Spin, Typography } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { canDeletePatientData, MESSAGES, useSession } from '@ewrt/shared';
import { DangerZone } from '../dashboard/PatientSidebar';
import { DeletePatientDataModal } from '../dashboard/DeletePatientDataModal';
import { patientName } from '../patient-info/patientName';
import { PatientSummary } from '../patient-info/PatientSummary';
import { parsePatientId, usePatientRecord } from '../patient-info/usePatientRecord';

/** /patients/:patientId: the patient's details and the delete-all-data action. */
export function PatientDetailPage() {
  const { patientId } = useParams();
  if (!patientId) return <Navigate to="/patients" replace />;
  return <PatientDetail patientId={parsePatientId(patientId)} />;
}

function PatientDetail({ patientId }: { patientId: number | null }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const record = usePatientRecord(patientId, { trustSelected: true, syncSelection: false });
  const [deleting, setDeleting] = useState(false);
  const backToSearch = () => navigate('/patients');

  if (record.failed) {
    return (
      <Result
        status="error"
        title={MESSAGES.loadPatientFailed}
        extra={
          <Button type="primary" onClick={backToSearch}>
            Back to Patient Search
          </Button>
        }
      />
    );
  }

  const { patient } = record;
  if (!patient) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: 320 }}>
        <Spin size="large" description="Loading patient..." />
      </Flex>
    );
  }

  const canDelete = canDeletePatientData(user, patient);

  return (
    <div style={{ padding: 24 }}>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 24 }}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {patientName(patient)}
          </Typography.Title>
          <Typography.Text type="secondary">Patient details · MRN {patient.MRN}</Typography.Text>
        </div>
        <Flex gap="small" wrap>
          <Button onClick={backToSearch}>Patient Search</Button>
          <Button type="primary" onClick={() => navigate(`/patients/${patient.ID_Patient}/dashboard`)}>
            Open Patient Dashboard
          </Button>
        </Flex>
      </Flex>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Card>
            <PatientSummary patient={patient} alwaysShowDateOfEvent />
          </Card>
        </Col>
        {canDelete && (
          <Col xs={24} lg={8}>
            <DangerZone onDelete={() => setDeleting(true)} />
          </Col>
        )}
      </Row>
      {canDelete && (
        <DeletePatientDataModal
          open={deleting}
          patient={patient}
          onCancel={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            navigate('/patients');
          }}
        />
      )}
    </div>
  );
}
