import { Typography } from 'antd';
import type { Patient } from '@ewrt/shared';
import { patientName } from '../process/patientName';

interface PatientPageTitleProps {
  title: string;
  /** The heading level (2 by default, as the older screens have it; 1 makes the title the page's main heading). */
  level?: 1 | 2;
  patientId: number;
  /** Null until the patient has loaded (or when it could not be): the id stands in. */
  patient: Pick<Patient, 'FirstName' | 'Surname' | 'MRN'> | null;
}

/** A patient-scoped screen's title, with the patient it works on beneath it. */
export function PatientPageTitle({ title, level = 2, patientId, patient }: PatientPageTitleProps) {
  return (
    <div>
      <Typography.Title level={level} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">
        {patient ? `${patientName(patient)} · MRN ${patient.MRN}` : `Patient ${patientId}`}
      </Typography.Text>
    </div>
  );
}
