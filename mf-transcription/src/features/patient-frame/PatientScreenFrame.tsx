import type { ReactNode } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { RequestedPatient } from '@ewrt/shared/kit';

interface PatientScreenFrameProps {
  title: string;
  children: ReactNode;
}

/** A patient screen's frame: its padding and its h1. */
export function PatientScreenFrame({ title, children }: PatientScreenFrameProps) {
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </div>
  );
}

interface PatientNeededScreenProps {
  title: string;
  requested: RequestedPatient;
  messages: { loadPatientFailed: string; noPatientSelected: string };
}

/** Before the screen has its patient: loading the requested one, or why there is none and where to pick one. */
export function PatientNeededScreen({ title, requested, messages }: PatientNeededScreenProps) {
  const navigate = useNavigate();
  return (
    <PatientScreenFrame title={title}>
      {requested.loading ? (
        <Flex role="status" justify="center" style={{ padding: 24 }}>
          <Spin description="Loading patient..." />
        </Flex>
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
    </PatientScreenFrame>
  );
}
