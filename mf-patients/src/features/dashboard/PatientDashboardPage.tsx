import { useState } from 'react';
import { App, Button, Col, Flex, Result, Row, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { canDeletePatientData, canEditPatient, MESSAGES, useSession, type Patient } from '@ewrt/shared';
import { PatientFormModal } from '../patient-form/PatientFormModal';
import { patientName } from '../patient-info/patientName';
import { parsePatientId, usePatientRecord } from '../patient-info/usePatientRecord';
import { ActionCards } from './ActionCards';
import { CaseOverview } from './CaseOverview';
import { DeletePatientDataModal } from './DeletePatientDataModal';
import { PatientSidebar } from './PatientSidebar';

/** /patients/:patientId/dashboard: the patient's information and the actions open to the user. */
export function PatientDashboardPage() {
  const { patientId } = useParams();
  const id = parsePatientId(patientId);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { user } = useSession();
  const record = usePatientRecord(id, { trustSelected: false, syncSelection: true });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const backToSearch = () => navigate('/patients');

  if (record.failed) {
    return (
      <Result
        status="error"
        title="Error"
        subTitle={MESSAGES.loadPatientFailed}
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

  const canEdit = canEditPatient(user, patient);
  const canDelete = canDeletePatientData(user, patient);

  const updated = (saved: Patient) => {
    setEditing(false);
    // An update answer without the user's access level keeps the level already known.
    record.replace({ ...saved, access_level: saved.access_level ?? patient.access_level });
    void message.success(MESSAGES.patientUpdated);
  };

  return (
    <div style={{ padding: 24 }}>
      <Row gutter={[24, 24]}>
        {/* On narrow screens the actions come first; the sidebar follows them. */}
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 8, order: 1 }} xl={6}>
          <PatientSidebar
            patient={patient}
            canEdit={canEdit}
            canDelete={canDelete}
            onEdit={() => setEditing(true)}
            onSearch={backToSearch}
            onDelete={() => setDeleting(true)}
          />
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 16, order: 2 }} xl={18}>
          <Flex vertical gap="large">
            <div>
              <Typography.Title level={2} style={{ margin: 0 }}>
                {patientName(patient)}
              </Typography.Title>
              <Typography.Text type="secondary">Patient dashboard · MRN {patient.MRN}</Typography.Text>
            </div>
            <CaseOverview user={user} patient={patient} />
            <Spin spinning={record.loading} description="Refreshing patient...">
              <ActionCards user={user} patient={patient} />
            </Spin>
          </Flex>
        </Col>
      </Row>
      {canEdit && (
        <PatientFormModal
          open={editing}
          patient={patient}
          saveErrorFallback={MESSAGES.updateFailed}
          onCancel={() => setEditing(false)}
          onSaved={updated}
        />
      )}
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
