import { Alert, Button, Empty, Typography } from 'antd';
import type { DraftReportJob } from '@ewrt/contract';
import { formatDateTime } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { MUTED_TEXT } from './draftReportStyles';
import { JobStatusTag } from './JobStatusTag';
import type { RecentDraftJobs } from './useRecentDraftJobs';

interface RecentJobsPanelProps {
  state: RecentDraftJobs;
  /** The job whose results are on screen, marked as such. */
  openJobId: number | null;
  onOpen: (job: DraftReportJob) => void;
  onRetry: () => void;
}

/** Recent Jobs: the user's latest draft reports; a completed one opens its results, any other says why not. */
export function RecentJobsPanel({ state, openJobId, onOpen, onRetry }: RecentJobsPanelProps) {
  return (
    <SectionCard title="Recent Jobs">
      {state.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={state.error}
          style={{ marginBottom: 12 }}
          action={
            <Button size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        />
      ) : null}
      {state.status === 'loading' && state.jobs.length === 0 ? (
        <Typography.Text style={MUTED_TEXT}>Loading your recent jobs...</Typography.Text>
      ) : null}
      {state.status === 'ready' && state.jobs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No draft reports generated yet." />
      ) : null}
      {state.jobs.length > 0 ? (
        <ul aria-label="Your recent draft report jobs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {state.jobs.map((job) => (
            <li key={job.id} style={{ marginBottom: 8 }}>
              <Button
                block
                onClick={() => onOpen(job)}
                aria-current={job.id === openJobId ? 'true' : undefined}
                style={{ height: 'auto', padding: '6px 10px', textAlign: 'left', whiteSpace: 'normal' }}
              >
                {/* Spans only: a button may hold phrasing content alone. */}
                <span style={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%' }}>
                  <span
                    style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}
                  >
                    <Typography.Text strong>
                      Job {job.id}
                      {job.report_type ? `: ${job.report_type}` : ''}
                    </Typography.Text>
                    <JobStatusTag status={job.status} />
                  </span>
                  <span style={MUTED_TEXT}>
                    {[job.patient_name, formatDateTime(job.created_at)].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}
