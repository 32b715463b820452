import { Button, Flex, Statistic, Typography } from 'antd';
import { AudioOutlined, CloudUploadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Patient } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { PatientInfoCard } from '../patient-frame/PatientInfoCard';
import { SidebarNavigation } from '../patient-frame/SidebarNavigation';

interface ManageTranscriptionsSidebarProps {
  patient: Patient;
  /** Null while the list has not been read (loading, or it failed). */
  counts: { completed: number; incomplete: number } | null;
  /** The list could not be read, so there is nothing to count. */
  countsUnavailable: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The patient, how many transcriptions they have, what can be started from here, and where to go next. */
export function ManageTranscriptionsSidebar({
  patient,
  counts,
  countsUnavailable,
  refreshing,
  onRefresh,
}: ManageTranscriptionsSidebarProps) {
  const navigate = useNavigate();
  const patientId = patient.ID_Patient;
  return (
    <Flex vertical gap="large">
      <PatientInfoCard patient={patient} />
      <SectionCard title="Summary" live>
        {countsUnavailable ? (
          <Typography.Text>The counts show once the transcriptions have been listed.</Typography.Text>
        ) : (
          <Flex gap={32} wrap>
            <Statistic title="Completed" value={counts?.completed ?? 0} loading={counts === null} />
            <Statistic title="Incomplete" value={counts?.incomplete ?? 0} loading={counts === null} />
            <Statistic
              title="Total"
              value={counts ? counts.completed + counts.incomplete : 0}
              loading={counts === null}
            />
          </Flex>
        )}
      </SectionCard>
      <SectionCard title="Actions">
        <Flex vertical gap="small">
          <Button
            type="primary"
            icon={<AudioOutlined aria-hidden />}
            block
            onClick={() => navigate(`/transcription/live?patientId=${patientId}`)}
          >
            New Live Recording
          </Button>
          <Button
            icon={<CloudUploadOutlined aria-hidden />}
            block
            onClick={() => navigate(`/transcription/upload?patientId=${patientId}`)}
          >
            Upload Audio
          </Button>
          <Button icon={<ReloadOutlined aria-hidden />} block loading={refreshing} onClick={onRefresh}>
            Refresh
          </Button>
        </Flex>
      </SectionCard>
      <SidebarNavigation
        label="Manage transcriptions navigation"
        links={[
          { to: `/patients/${patientId}/dashboard`, text: 'Dashboard' },
          { to: '/patients', text: 'Patient Search' },
        ]}
      />
    </Flex>
  );
}
