import { Alert, Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { SectionCard } from '@ewrt/shared/kit';
import { JobStatusTag } from './JobStatusTag';
import type { FollowedDraftJob } from './useDraftJobPolling';

interface ProcessingPanelProps {
  job: FollowedDraftJob;
  patientId: number;
  /** The last status request failed (polling goes on). */
  pollError: string | null;
}

/** The running job: its progress and current step, and where to find it after leaving the page. */
export function ProcessingPanel({ job, patientId, pollError }: ProcessingPanelProps) {
  return (
    <SectionCard title="Generating the Draft Report">
      <Flex vertical gap="small">
        <div role="status">
          <Flex align="center" gap="small" wrap>
            <Typography.Text strong>Job {job.jobId}</Typography.Text>
            <JobStatusTag status={job.status} />
          </Flex>
          <Progress
            percent={Math.round(job.progress)}
            status="active"
            aria-label="Report generation progress"
          />
          <Typography.Text>{job.step ?? 'Waiting to start'}</Typography.Text>
        </div>
        {pollError ? <Alert type="warning" showIcon title={pollError} /> : null}
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          The report is generated in the background: you can leave this page and check its progress under
          Patient &gt; <Link to={`/patient/${patientId}/jobs`}>Job List</Link>. It opens here when it is
          ready.
        </Typography.Paragraph>
      </Flex>
    </SectionCard>
  );
}
