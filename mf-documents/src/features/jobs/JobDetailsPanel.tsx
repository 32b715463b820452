import type { CSSProperties } from 'react';
import {
  Alert,
  Card,
  Descriptions,
  Empty,
  Flex,
  Progress,
  Spin,
  Tag,
  Typography,
  type DescriptionsProps,
} from 'antd';
import type { JobLogEntry, JobProgressStep, JobStatusResponse } from '@ewrt/contract';
import { formatDateTime } from '@ewrt/shared';
import { formatJobDuration, jobDuration } from './formatJobDuration';
import { JOB_MESSAGES } from './jobMessages';
import { JobStatusTag, STATUS_COLOURS, tagStyle, type StatusColours } from './jobStatusPresentation';
import { jobTitle, jobTypeLabel } from './jobTitle';
import { pageReadingItems } from './pageReadingItems';

interface JobDetailsPanelProps {
  /** No job is selected. */
  idle: boolean;
  detail: JobStatusResponse | null;
  lost: boolean;
}

const LOG_LEVEL_COLOURS: Record<JobLogEntry['level'], StatusColours> = {
  debug: STATUS_COLOURS.grey,
  info: STATUS_COLOURS.blue,
  warning: STATUS_COLOURS.gold,
  error: STATUS_COLOURS.red,
};

const LIST_STYLE: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
const ITEM_STYLE: CSSProperties = { padding: '8px 0', borderBottom: '1px solid var(--ant-color-split)' };

/** A log line's time in en-GB with seconds: "06/01/2026, 10:15:02". */
function formatLogTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB');
}

function StepItem({ step }: { step: JobProgressStep }) {
  const times = [
    step.started_at ? `started ${formatDateTime(step.started_at)}` : null,
    step.completed_at ? `finished ${formatDateTime(step.completed_at)}` : null,
  ].filter(Boolean);
  return (
    <li style={ITEM_STYLE}>
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text strong>{step.step_description || step.step_name}</Typography.Text>
        <JobStatusTag status={step.status} />
      </Flex>
      <Progress
        percent={Math.round(step.progress_percentage)}
        size="small"
        aria-label={`Progress of step ${step.step_name}`}
      />
      {times.length > 0 ? <Typography.Text type="secondary">{times.join(' · ')}</Typography.Text> : null}
    </li>
  );
}

function LogItem({ entry }: { entry: JobLogEntry }) {
  return (
    <li style={ITEM_STYLE}>
      <Flex gap="small" align="baseline" wrap>
        <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <time dateTime={entry.timestamp}>{formatLogTimestamp(entry.timestamp)}</time>
        </Typography.Text>
        <Tag style={tagStyle(LOG_LEVEL_COLOURS[entry.level] ?? STATUS_COLOURS.grey)}>
          {entry.level.toUpperCase()}
        </Tag>
        <Typography.Text style={{ overflowWrap: 'anywhere' }}>{entry.message}</Typography.Text>
        {entry.source ? <Typography.Text type="secondary">({entry.source})</Typography.Text> : null}
      </Flex>
    </li>
  );
}

function DetailBody({ detail }: { detail: JobStatusResponse }) {
  const { job } = detail;
  const duration = jobDuration(job, Date.now());
  const result = (detail.output_data ?? job.output_data)?.processing_result;
  const items: DescriptionsProps['items'] = [
    { key: 'title', label: 'Job', children: jobTitle(job) },
    { key: 'type', label: 'Type', children: jobTypeLabel(job.job_type) },
    { key: 'status', label: 'Status', children: <JobStatusTag status={detail.status} /> },
    {
      key: 'progress',
      label: 'Progress',
      children: (
        <Progress
          percent={Math.round(detail.progress_percentage)}
          aria-label={`Progress of ${jobTitle(job)}`}
        />
      ),
    },
  ];
  if (detail.current_step_description) {
    items.push({ key: 'step', label: 'Current step', children: detail.current_step_description });
  }
  items.push({ key: 'created', label: 'Created', children: formatDateTime(job.created_at) });
  if (job.started_at)
    items.push({ key: 'started', label: 'Started', children: formatDateTime(job.started_at) });
  if (job.completed_at)
    items.push({ key: 'completed', label: 'Finished', children: formatDateTime(job.completed_at) });
  if (duration !== null)
    items.push({ key: 'duration', label: 'Duration', children: formatJobDuration(duration) });
  if (result?.chunks_created !== undefined) {
    items.push({ key: 'chunks', label: 'Chunks created', children: result.chunks_created });
  }
  if (result) {
    items.push(...pageReadingItems(result));
  }
  if (detail.error_message) {
    items.push({
      key: 'error',
      label: 'Error',
      children: <Typography.Text type="danger">{detail.error_message}</Typography.Text>,
    });
  }

  return (
    <Flex vertical gap="middle">
      <Descriptions size="small" column={1} items={items} />
      <section aria-labelledby="job-details-steps">
        <Typography.Title level={4} id="job-details-steps" style={{ fontSize: 15 }}>
          Progress steps
        </Typography.Title>
        {detail.progress_steps.length === 0 ? (
          <Typography.Text type="secondary">No steps recorded yet.</Typography.Text>
        ) : (
          <ol style={LIST_STYLE}>
            {detail.progress_steps.map((step) => (
              <StepItem key={step.step_name} step={step} />
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="job-details-logs">
        <Typography.Title level={4} id="job-details-logs" style={{ fontSize: 15 }}>
          Recent logs
        </Typography.Title>
        {detail.recent_logs.length === 0 ? (
          <Typography.Text type="secondary">No log entries yet.</Typography.Text>
        ) : (
          <ul style={LIST_STYLE}>
            {detail.recent_logs.map((entry, index) => (
              <LogItem key={`${entry.timestamp}-${index}`} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </Flex>
  );
}

/** The selected job's detail: state, progress steps and recent logs (JOB-03, JOB-01 Job status detail). */
export function JobDetailsPanel({ idle, detail, lost }: JobDetailsPanelProps) {
  let body;
  if (idle) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Select a job to see its progress steps and recent logs."
      />
    );
  } else if (lost) {
    body = <Alert type="warning" showIcon role="alert" title={JOB_MESSAGES.selectedJobLost} />;
  } else if (!detail) {
    body = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin description="Loading job details..." />
      </Flex>
    );
  } else {
    body = <DetailBody detail={detail} />;
  }
  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0, fontSize: 18 }}>
          Job Details
        </Typography.Title>
      }
    >
      {body}
    </Card>
  );
}
