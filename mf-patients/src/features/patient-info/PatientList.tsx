import { Button, Flex, Typography, theme } from 'antd';
import { formatDate, type Patient } from '@ewrt/shared';
import { patientName } from './patientName';

interface PatientListProps {
  patients: Patient[];
  onSelect: (patient: Patient) => void;
  /** Accessible name of the list, e.g. "Recent patients". */
  label: string;
}

/** A compact list of patients; each name is a button that opens the patient. */
export function PatientList({ patients, onSelect, label }: PatientListProps) {
  const { token } = theme.useToken();

  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {patients.map((patient, index) => (
        <li
          key={patient.ID_Patient}
          style={{
            padding: `${token.paddingSM}px 0`,
            borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex justify="space-between" align="center" wrap gap="small">
            <Button
              type="link"
              onClick={() => onSelect(patient)}
              style={{ padding: 0, height: 'auto', fontWeight: 600 }}
            >
              {patientName(patient)}
            </Button>
            <Flex gap="middle" wrap>
              <Typography.Text type="secondary">MRN: {patient.MRN}</Typography.Text>
              <Typography.Text type="secondary">DOB: {formatDate(patient.DateOfBirth)}</Typography.Text>
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
