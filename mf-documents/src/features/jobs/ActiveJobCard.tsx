import { Button, Card, Flex, Progress, Typography } from 'antd';
import { EyeOutlined, StopOutlined } from '@ant-design/icons';
import type { Job } from '@ewrt/contract';
import { formatDateTime } from '@ewrt/shared';
import { formatJobDuration, jobDuration } from './formatJobDuration';
import { JobStatusTag } from './jobStatusPresentation';
import { jobTitle } from './jobTitle';

interface ActiveJobCardProps {
  job: Job;
  selected: boolean;
  /** The page's clock (epoch ms), so that running times advance with each reload. */
  now: number;
  cancelling: boolean;
  onSelect: (job: Job) => void;
  onCancel: (job: Job) => void;
}

/** A pending or running job: its progress, current step and time so far, with Cancel. */
export function ActiveJobCard({ job, selected, now, cancelling, onSelect, onCancel }: ActiveJobCardProps) {
  const title = jobTitle(job);
  const duration = jobDuration(job, now);
  return (
    <Card
      size="small"
      style={
        selected
          ? { borderColor: 'var(--ant-color-primary)', boxShadow: '0 0 0 1px var(--ant-color-primary)' }
          : {}
      }
    >
      <article aria-label={title}>
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Title level={4} style={{ margin: 0, fontSize: 16, overflowWrap: 'anywhere' }}>
            {title}
          </Typography.Title>
          <JobStatusTag status={job.status} />
        </Flex>
        <Progress
          percent={Math.round(job.progress_percentage)}
          status={job.status === 'running' ? 'active' : 'normal'}
          aria-label={`Progress of ${title}`}
        />
        <Typography.Paragraph style={{ marginBottom: 4 }}>
          <Typography.Text type="secondary">Current step: </Typography.Text>
          {job.current_step_description || (job.status === 'pending' ? 'Waiting to start' : 'Starting')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Created {formatDateTime(job.created_at)}
          {duration !== null
            ? ` · ${job.status === 'pending' ? 'waiting' : 'running'} for ${formatJobDuration(duration)}`
            : ''}
        </Typography.Paragraph>
        <Flex gap="small" wrap>
          {/* The names start with the visible text (WCAG 2.5.3) and say which job they act on. */}
          <Button
            icon={<EyeOutlined />}
            aria-label={`View Details of ${title}`}
            aria-pressed={selected}
            onClick={() => onSelect(job)}
          >
            View Details
          </Button>
          <Button
            danger
            icon={<StopOutlined />}
            aria-label={`Cancel ${title}`}
            loading={cancelling}
            onClick={() => onCancel(job)}
          >
            Cancel
          </Button>
        </Flex>
      </article>
    </Card>
  );
}
