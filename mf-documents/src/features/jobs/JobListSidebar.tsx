import { Button, Card, Descriptions, Flex, Statistic, Typography } from 'antd';
import { DashboardOutlined, FileAddOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDateOrNotSpecified, type Patient } from '@ewrt/shared';

export interface JobStatistics {
  active: number;
  completed: number;
  total: number;
}

interface JobListSidebarProps {
  patientId: number;
  /** Null while loading, or when the patient could not be loaded (the id is shown instead). */
  patient: Patient | null;
  statistics: JobStatistics | null;
  refreshing: boolean;
  onRefresh: () => void;
  onProcessDocuments: () => void;
  onDashboard: () => void;
}

/** Patient information, job statistics and the page's actions. */
export function JobListSidebar({
  patientId,
  patient,
  statistics,
  refreshing,
  onRefresh,
  onProcessDocuments,
  onDashboard,
}: JobListSidebarProps) {
  const patientItems = patient
    ? [
        { key: 'name', label: 'Name', children: `${patient.FirstName} ${patient.Surname}` },
        { key: 'mrn', label: 'MRN', children: patient.MRN },
        { key: 'dob', label: 'Date of birth', children: formatDateOrNotSpecified(patient.DateOfBirth) },
      ]
    : [{ key: 'id', label: 'Patient ID', children: patientId }];
  return (
    <Flex vertical gap="middle">
      <Card>
        <Descriptions title="Patient information" size="small" column={1} items={patientItems} />
      </Card>
      <Card
        title={
          <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
            Job statistics
          </Typography.Title>
        }
      >
        <Flex gap="large" wrap>
          <Statistic title="Active" value={statistics?.active ?? '–'} />
          <Statistic title="Completed" value={statistics?.completed ?? '–'} />
          <Statistic title="Total" value={statistics?.total ?? '–'} />
        </Flex>
      </Card>
      <Card
        title={
          <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
            Actions
          </Typography.Title>
        }
      >
        <Flex vertical gap="small">
          <Button type="primary" icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh} block>
            Refresh
          </Button>
          <Button icon={<FileAddOutlined />} onClick={onProcessDocuments} block>
            Process Documents
          </Button>
          <Button icon={<DashboardOutlined />} onClick={onDashboard} block>
            Dashboard
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
