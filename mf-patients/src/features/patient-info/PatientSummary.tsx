import { Descriptions, Flex, type DescriptionsProps } from 'antd';
import { formatDateOrNotSpecified, formatDateTime, type Patient } from '@ewrt/shared';
import { patientName } from './patientName';

interface PatientSummaryProps {
  patient: Patient;
  /** The search page always lists the date of event ('Not specified' when empty); the dashboard only when set. */
  alwaysShowDateOfEvent?: boolean;
}

const SOLICITOR_FIELDS = [
  ['Solicitorname', 'Solicitor name'],
  ['Solicitorcompany', 'Solicitor company'],
  ['Solicitorreference', 'Solicitor reference'],
  ['Ourreference', 'Our reference'],
] as const;

/** Patient, solicitor and record information blocks, as shown in the sidebars and the detail page. */
export function PatientSummary({ patient, alwaysShowDateOfEvent = false }: PatientSummaryProps) {
  const patientItems: DescriptionsProps['items'] = [
    { key: 'name', label: 'Name', children: patientName(patient) },
    { key: 'mrn', label: 'MRN', children: patient.MRN },
    { key: 'dob', label: 'Date of birth', children: formatDateOrNotSpecified(patient.DateOfBirth) },
  ];
  if (alwaysShowDateOfEvent || patient.DateofEvent) {
    patientItems.push({
      key: 'doe',
      label: 'Date of event',
      children: formatDateOrNotSpecified(patient.DateofEvent),
    });
  }

  const solicitorItems: DescriptionsProps['items'] = SOLICITOR_FIELDS.filter(([field]) => patient[field]).map(
    ([field, label]) => ({ key: field, label, children: patient[field] }),
  );

  const recordItems: DescriptionsProps['items'] = [
    { key: 'createdBy', label: 'Created by', children: patient.created_by_name || 'Unknown' },
    { key: 'createdOn', label: 'Created on', children: formatDateTime(patient.created_at) },
    {
      key: 'lastAccessed',
      label: 'Last accessed',
      children: patient.last_accessed ? formatDateTime(patient.last_accessed) : 'Never',
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Descriptions title="Patient information" size="small" column={1} items={patientItems} />
      {solicitorItems.length > 0 && (
        <Descriptions title="Solicitor information" size="small" column={1} items={solicitorItems} />
      )}
      <Descriptions title="Record information" size="small" column={1} items={recordItems} />
    </Flex>
  );
}
