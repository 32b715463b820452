import { Button, Flex } from 'antd';
import { CloudUploadOutlined, DashboardOutlined, MonitorOutlined, SearchOutlined } from '@ant-design/icons';
import type { UploadTotals } from './uploadItem';
import { UploadTotalsSummary } from './UploadTotalsSummary';
import { SectionCard } from '@ewrt/shared/kit';

interface ProcessingSidebarProps {
  totals: UploadTotals;
  /** Files that Process would send now. */
  readyCount: number;
  busy: boolean;
  hasPatient: boolean;
  onProcess: () => void;
  onJobMonitoring: () => void;
  onPatientSearch: () => void;
  onDashboard: () => void;
}

/** The file totals, the overall progress and the screen's actions. */
export function ProcessingSidebar({
  totals,
  readyCount,
  busy,
  hasPatient,
  onProcess,
  onJobMonitoring,
  onPatientSearch,
  onDashboard,
}: ProcessingSidebarProps) {
  return (
    <SectionCard title="Files">
      <Flex vertical gap="middle">
        <UploadTotalsSummary totals={totals} />
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={onProcess} loading={busy} block>
          Process {readyCount} Documents
        </Button>
        <Button icon={<MonitorOutlined />} onClick={onJobMonitoring} disabled={!hasPatient} block>
          Go to Job Monitoring
        </Button>
        <Button icon={<SearchOutlined />} onClick={onPatientSearch} block>
          Patient Search
        </Button>
        <Button icon={<DashboardOutlined />} onClick={onDashboard} disabled={!hasPatient} block>
          Dashboard
        </Button>
      </Flex>
    </SectionCard>
  );
}
