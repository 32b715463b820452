import { Button, Card, Empty } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSelectedPatient } from '@ewrt/shared';
import { PatientSummary } from '../patient-info/PatientSummary';

/** Sidebar of the search page: the currently selected patient, if any. */
export function SelectedPatientCard() {
  const patient = useSelectedPatient();
  const navigate = useNavigate();

  return (
    <Card title="Selected patient">
      {patient ? (
        <>
          <PatientSummary patient={patient} alwaysShowDateOfEvent />
          <Button
            type="primary"
            block
            style={{ marginTop: 16 }}
            onClick={() => navigate(`/patients/${patient.ID_Patient}/dashboard`)}
          >
            Open Patient Dashboard
          </Button>
        </>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No patient selected. Search for a patient or choose a recent one."
        />
      )}
    </Card>
  );
}
