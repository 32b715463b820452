import { Typography } from 'antd';
import type { Patient } from '@ewrt/shared';
import { patientName } from '../process/patientName';

interface PatientPageTitleProps {
  title: string;
  patientId: number;
  /** Null until the patient has loaded (or when it could not be): the id stands in. */
  patient: Pick<Patient, 'FirstName' | 'Surname' | 'MRN'> | null;
}

/** A patient-scoped screen's title, with the patient it works on beneath it. */
export function PatientPageTitle({ title, patientId, patient }: PatientPageTitleProps) {
  return (
    <div>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">
        {patient ? `${patientName(patient)} · MRN ${patient.MRN}` : `Patient ${patientId}`}
      </Typography.Text>
    </div>
  );
}
