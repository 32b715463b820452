import { Alert, Button, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { RequestedPatient } from '@ewrt/shared/kit';

interface PatientRequiredViewProps {
  /** The screen's title, shown above the notice. */
  title: string;
  requested: Pick<RequestedPatient, 'loading' | 'failed'>;
  messages: { noPatientSelected: string; loadPatientFailed: string };
}

/**
 * A patient-scoped screen before it has its patient: loading the ?patientId= patient, or a notice (none selected,
 * or the named one could not be loaded) with the way to Patient Search.
 */
export function PatientRequiredView({ title, requested, messages }: PatientRequiredViewProps) {
  const navigate = useNavigate();
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {requested.loading ? (
        <Spin description="Loading patient..." />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={requested.failed ? messages.loadPatientFailed : messages.noPatientSelected}
          action={
            <Button type="primary" onClick={() => navigate('/patients')}>
              Select Patient
            </Button>
          }
        />
      )}
    </div>
  );
}
