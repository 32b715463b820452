import type { ReactNode } from 'react';
import { Descriptions, Flex } from 'antd';
import type { Patient } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';

interface PatientInfoCardProps {
  patient: Patient;
  /** The date of birth as the screen shows it; no row when absent. */
  dateOfBirth?: string;
  /** Shown under the rows (the Date of Event, for one). */
  children?: ReactNode;
}

/** The sidebar's "Patient" card: name, MRN and (where the screen shows it) the date of birth. */
export function PatientInfoCard({ patient, dateOfBirth, children }: PatientInfoCardProps) {
  const rows = (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'name', label: 'Name', children: `${patient.FirstName} ${patient.Surname}` },
        { key: 'mrn', label: 'MRN', children: patient.MRN },
        ...(dateOfBirth === undefined ? [] : [{ key: 'dob', label: 'Date of birth', children: dateOfBirth }]),
      ]}
    />
  );
  return (
    <SectionCard title="Patient">
      {children ? (
        <Flex vertical gap="middle">
          {rows}
          {children}
        </Flex>
      ) : (
        rows
      )}
    </SectionCard>
  );
}
