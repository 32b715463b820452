import type { CSSProperties } from 'react';
import { Button, Collapse, Empty, Flex, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { Job } from '@ewrt/contract';
import { formatDateTime } from '@ewrt/shared';
import { formatJobDuration, jobDuration } from './formatJobDuration';
import { JobStatusTag } from './jobStatusPresentation';
import { jobTitle } from './jobTitle';

interface CompletedJobsSectionProps {
  jobs: readonly Job[];
  selectedJobId: number | null;
  onSelect: (job: Job) => void;
}

const LIST_STYLE: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
const ROW_STYLE: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 8,
  padding: '10px 0',
  borderBottom: '1px solid var(--ant-color-split)',
};

function FinishedJobRow({
  job,
  selected,
  onSelect,
}: {
  job: Job;
  selected: boolean;
  onSelect: (job: Job) => void;
}) {
  const title = jobTitle(job);
  const duration = jobDuration(job, Date.now());
  const chunks = job.output_data?.processing_result?.chunks_created;
  return (
    <li style={ROW_STYLE}>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Flex gap="small" align="center" wrap>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography.Text>
          <JobStatusTag status={job.status} />
        </Flex>
        <Typography.Text type="secondary">
          {job.completed_at
            ? `Finished ${formatDateTime(job.completed_at)}`
            : `Created ${formatDateTime(job.created_at)}`}
          {duration !== null ? ` · took ${formatJobDuration(duration)}` : ''}
          {typeof chunks === 'number' ? ` · ${chunks} ${chunks === 1 ? 'chunk' : 'chunks'} created` : ''}
        </Typography.Text>
        {job.error_message ? <Typography.Text type="danger">{job.error_message}</Typography.Text> : null}
      </Flex>
      <Button
        size="small"
        icon={<EyeOutlined />}
        aria-label={`View Details of ${title}`}
        aria-pressed={selected}
        onClick={() => onSelect(job)}
      >
        View Details
      </Button>
    </li>
  );
}

/** Finished jobs (completed, failed, cancelled) in a section the user can fold away. */
export function CompletedJobsSection({ jobs, selectedJobId, onSelect }: CompletedJobsSectionProps) {
  return (
    <Collapse
      defaultActiveKey={['completed']}
      items={[
        {
          key: 'completed',
          label: `Completed Jobs (${jobs.length})`,
          children:
            jobs.length === 0 ? (
              <Empty description="No finished jobs yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <ul style={LIST_STYLE} aria-label="Completed Jobs">
                {jobs.map((job) => (
                  <FinishedJobRow
                    key={job.id}
                    job={job}
                    selected={job.id === selectedJobId}
                    onSelect={onSelect}
                  />
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}
