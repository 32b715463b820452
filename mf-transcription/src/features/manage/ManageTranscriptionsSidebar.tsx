import { Button, Descriptions, Flex, Statistic, Typography } from 'antd';
import { AudioOutlined, CloudUploadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { Patient } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';

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
      <SectionCard title="Patient">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'name', label: 'Name', children: `${patient.FirstName} ${patient.Surname}` },
            { key: 'mrn', label: 'MRN', children: patient.MRN },
          ]}
        />
      </SectionCard>
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
      <nav aria-label="Manage transcriptions navigation">
        <Flex vertical gap="small">
          <Link to={`/patients/${patientId}/dashboard`}>Dashboard</Link>
          <Link to="/patients">Patient Search</Link>
        </Flex>
      </nav>
    </Flex>
  );
}
