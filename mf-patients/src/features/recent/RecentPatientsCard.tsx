import { Alert, Card, Empty, Spin } from 'antd';
import { MESSAGES, type Patient } from '@ewrt/shared';
import { PatientList } from '../patient-info/PatientList';
import type { RecentPatients } from './useRecentPatients';

interface RecentPatientsCardProps {
  recent: RecentPatients;
  onSelect: (patient: Patient) => void;
}

export function RecentPatientsCard({ recent, onSelect }: RecentPatientsCardProps) {
  const { hasGroup, patients, loading, error } = recent;

  let content;
  if (!hasGroup) {
    content = <Alert type="warning" showIcon title={MESSAGES.noGroup} />;
  } else if (error) {
    content = <Alert type="error" showIcon title={error} />;
  } else if (patients.length === 0) {
    content = loading ? null : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No recently accessed patients" />
    );
  } else {
    content = <PatientList label="Recent patients" patients={patients} onSelect={onSelect} />;
  }

  return (
    <Card title="Recent Patients">
      <Spin spinning={loading} description="Loading recent patients...">
        <div style={{ minHeight: loading ? 64 : undefined }}>{content}</div>
      </Spin>
    </Card>
  );
}
